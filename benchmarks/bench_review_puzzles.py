"""The CPU a review puzzle costs to make: the moves near the best valued again in the worlds the review confirmed
the loss in (:func:`tutor.teaching.personal.listed_values`), against the CPU of the round's review.

Run from the repository root: ``python benchmarks/bench_review_puzzles.py [--seed 3]``.  Seeded rounds of classic,
draw, royal and michigan with 2, 3 and 4 players, the learner (seat 0) playing at random against club, reviewed as
the shell reviews a round; for each mark, the CPU seconds of its puzzle's listing (``time.process_time``): their
mean, median and worst, and their sum as a share of the reviews' CPU.
"""

from __future__ import annotations

import argparse
import statistics
import time

from tutor.content.presets import variant
from tutor.play.game import play_one_round
from tutor.play.players import player
from tutor.play.review import review_round
from tutor.shell.review_screen import REVIEW_WORLDS
from tutor.teaching.personal import listed_values

PRESETS = ("classic", "draw", "royal", "michigan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--presets", default=",".join(PRESETS))
    args = parser.parse_args()
    reviewing, listing = 0.0, []
    for preset in args.presets.split(","):
        for players in (2, 3, 4):
            seats = [player("random"), *(player("club") for _ in range(players - 1))]
            record = play_one_round(variant(preset), seats, args.seed)
            start = time.process_time()
            review = review_round(record.plies, 0, worlds=REVIEW_WORLDS, seed=args.seed)
            reviewing += time.process_time() - start
            for mark in review.marks:
                start = time.process_time()
                listed_values(mark)
                listing.append(time.process_time() - start)
    print(f"{len(listing)} marks: a puzzle's listing {statistics.fmean(listing):.3f} s on average, median "
          f"{statistics.median(listing):.3f} s, worst {max(listing):.3f} s; {sum(listing):.2f} s in all against "
          f"{reviewing:.2f} s of review ({sum(listing) / reviewing:.0%})")


if __name__ == "__main__":
    main()
