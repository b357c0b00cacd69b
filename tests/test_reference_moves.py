"""Checks of the reference move generator against rules.md section 9."""

import os
import sys
import time

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

from reference_moves import reference_outcomes  # noqa: E402

F = frozenset

DEFAULTS = {
    "deck": "standard52",
    "values": "classic",
    "aces_high": False,
    "forced_capture": False,
    "face_capture": "one",
    "build_in_sum": "none",
    "raise_own": True,
    "add_to_others": True,
    "five_of_spades_sweep": False,
    "build_duty": "no_trail",
}


def pos(hand, table, players=2, to_move=0, **opts):
    options = dict(DEFAULTS)
    options.update(opts)
    hands = [[] for _ in range(players)]
    hands[to_move] = list(hand)
    return {"options": options, "players": players, "to_move": to_move,
            "hands": hands, "table": list(table)}


def build(piles, owner, value):
    return {"build": [list(p) for p in piles], "owner": owner, "value": value}


def B(value, cards, owner):
    return ("build", value, F(cards), owner)


def captures(outs, card=None):
    return {o[2] for o in outs if o[1] == "capture" and (card is None or o[0] == card)}


def kinds(outs, card):
    return {o[1] for o in outs if o[0] == card}


# 1. Table A 2 3 5 6 8; an 8 takes 8, 6+2, 5+3 or 8, 5+2+A, never all six.
def test_example_1():
    table = ["AC", "2C", "3C", "5C", "6C", "8C"]
    outs = reference_outcomes(pos(["8S"], table))
    groups = [F({"8C"}), F({"6C", "2C"}), F({"5C", "3C"}), F({"5C", "2C", "AC"})]
    expected = set()
    for mask in range(1, 16):
        chosen = [groups[k] for k in range(4) if mask >> k & 1]
        union = F().union(*chosen)
        if sum(len(g) for g in chosen) == len(union):  # disjoint
            expected.add(union)
    got = captures(outs)
    assert got == expected
    assert F({"8C", "6C", "2C", "5C", "3C"}) in got
    assert F({"8C", "5C", "2C", "AC"}) in got
    assert F(table) not in got
    # the lone 8 cannot build (nothing held), so only captures and a trail
    assert {o[1] for o in outs} == {"capture", "trail"}


# 2. Table QS QH; QD played.
def test_example_2():
    table = ["QS", "QH"]
    one = reference_outcomes(pos(["QD"], table))
    assert captures(one) == {F({"QS"}), F({"QH"})}
    allf = reference_outcomes(pos(["QD"], table, face_capture="all"))
    assert captures(allf) == {F({"QS"}), F({"QH"}), F({"QS", "QH"})}
    # no face build: no other queen held
    assert "build" not in {o[1] for o in allf}
    royal = reference_outcomes(pos(["QD"], table, values="royal"))
    assert captures(royal) == {F({"QS"}), F({"QH"}), F({"QS", "QH"})}


def test_face_builds():
    table = ["QS", "QH", build([["KC"], ["KD"]], 1, "K")]
    outs = reference_outcomes(pos(["QD", "QC", "KH", "KS"], table, face_capture="all"))
    assert ("QD", "build", F(), F([B("Q", {"QD", "QS", "QH"}, 0), B("K", {"KC", "KD"}, 1)])) in outs
    assert ("QD", "build", F(), F(["QH", B("Q", {"QD", "QS"}, 0), B("K", {"KC", "KD"}, 1)])) in outs
    assert ("KH", "add", F(), F(["QS", "QH", B("K", {"KC", "KD", "KH"}, 0)])) in outs
    assert ("KH", "capture", F({"KC", "KD"}), F(["QS", "QH"])) in outs
    # holding rule: the last king cannot make/grow a king build
    outs2 = reference_outcomes(pos(["KH"], table, face_capture="all"))
    assert "add" not in kinds(outs2, "KH")
    # add_to_others false forbids growing the opponent's face build
    outs3 = reference_outcomes(pos(["KH", "KS"], table, face_capture="all",
                                   add_to_others=False))
    assert "add" not in kinds(outs3, "KH")


# 3. Table 5; hand 3 8: the 3 builds 8.
def test_example_3():
    outs = reference_outcomes(pos(["3S", "8D"], ["5H"]))
    assert ("3S", "build", F(), F([B(8, {"3S", "5H"}, 0)])) in outs
    assert kinds(outs, "3S") == {"build", "trail"}


# 4. Table A 2; hand 3 3 6.
def test_example_4():
    outs = reference_outcomes(pos(["3S", "3H", "6D"], ["AC", "2C"]))
    expected = {("6D", "trail", F(), F(["AC", "2C", "6D"]))}
    for three in ("3S", "3H"):
        expected |= {
            (three, "capture", F({"AC", "2C"}), F()),
            (three, "build", F(), F([B(6, {three, "AC", "2C"}, 0)])),
            (three, "build", F(), F([B(3, {three, "AC", "2C"}, 0)])),
            (three, "trail", F(), F(["AC", "2C", three])),
        }
    assert outs == expected


# 5. Table 3 4 5 7; hand 2 7: multiple 7-build 5+2, 3+4, 7.
def test_example_5():
    outs = reference_outcomes(pos(["2S", "7D"], ["3C", "4C", "5C", "7C"]))
    assert ("2S", "build", F(), F([B(7, {"2S", "5C", "3C", "4C", "7C"}, 0)])) in outs
    assert ("2S", "build", F(), F(["3C", "4C", "7C", B(7, {"2S", "5C"}, 0)])) in outs
    assert ("2S", "build", F(), F(["3C", "4C", B(7, {"2S", "5C", "7C"}, 0)])) in outs
    # 2+5 and 3+4 and 7 are the only 7-groups with the 2 in 5+2
    assert ("7D", "capture", F({"3C", "4C", "7C"}), F(["5C"])) in outs


# 6. A 9 takes a 9-build 6+3 and 5+4 in one capture.
def test_example_6():
    table = [build([["6C", "3C"]], 1, 9), "5H", "4H"]
    outs = reference_outcomes(pos(["9S"], table))
    assert ("9S", "capture", F({"6C", "3C", "5H", "4H"}), F()) in outs


# 7. 7-build 4+3 plus a loose 2 with a 9: build_in_sum none vs opponents.
def test_example_7():
    table = [build([["4C", "3C"]], 1, 7), "2H"]
    taken = F({"4C", "3C", "2H"})
    assert taken not in captures(reference_outcomes(pos(["9S"], table)))
    assert taken in captures(reference_outcomes(pos(["9S"], table, build_in_sum="opponents")))
    # the 9's player controls the build: not with opponents, yes with anyone
    own = [build([["4C", "3C"]], 0, 7), "2H"]
    assert taken not in captures(reference_outcomes(
        pos(["9S", "7D"], own, build_in_sum="opponents")))
    assert taken in captures(reference_outcomes(
        pos(["9S", "7D"], own, build_in_sum="anyone")))
    # partnerships: a partner's build is not an opponent's
    partner = [build([["4C", "3C"]], 2, 7), "2H"]
    assert taken not in captures(reference_outcomes(
        pos(["9S"], partner, players=4, build_in_sum="opponents")))
    foe = [build([["4C", "3C"]], 3, 7), "2H"]
    assert taken in captures(reference_outcomes(
        pos(["9S"], foe, players=4, build_in_sum="opponents")))
    # a multiple build is never a term
    multi = [build([["4C", "3C"], ["7H"]], 1, 7), "2H"]
    assert F({"4C", "3C", "7H", "2H"}) not in captures(reference_outcomes(
        pos(["9S"], multi, build_in_sum="anyone")))


# 8. Table 5H; 5S builds 10 or fives depending on what is held.
def test_example_8():
    def builds(hand):
        outs = reference_outcomes(pos(hand, ["5H"]))
        return {o[3] for o in outs if o[0] == "5S" and o[1] == "build"}
    ten = F([B(10, {"5S", "5H"}, 0)])
    fives = F([B(5, {"5S", "5H"}, 0)])
    assert builds(["5S", "5C", "10D"]) == {ten, fives}
    assert builds(["5S", "10D"]) == {ten}
    assert builds(["5S", "5C"]) == {fives}


# 9. Raises of a 6-build 3+3 by both players.
def test_example_9():
    table = [build([["3C", "3D"]], 1, 6)]
    outs = reference_outcomes(pos(["2S", "8D"], table, to_move=0))
    assert ("2S", "raise", F(), F([B(8, {"3C", "3D", "2S"}, 0)])) in outs
    table2 = [build([["3C", "3D", "2S"]], 0, 8)]
    outs2 = reference_outcomes(pos(["AH", "9H"], table2, to_move=1))
    assert ("AH", "raise", F(), F([B(9, {"3C", "3D", "2S", "AH"}, 1)])) in outs2
    # raise_own false forbids raising one's own build
    own = [build([["3C", "3D"]], 0, 6)]
    assert "raise" in kinds(reference_outcomes(pos(["2S", "8D"], own)), "2S")
    assert "raise" not in kinds(reference_outcomes(
        pos(["2S", "8D"], own, raise_own=False)), "2S")


# 10. 5-build A+4, loose 2; the 3 raises to 8 but cannot take in the 2 to make 10.
def test_example_10():
    table = [build([["AC", "4C"]], 1, 5), "2H"]
    outs = reference_outcomes(pos(["3S", "8D", "10D"], table))
    assert ("3S", "raise", F(), F(["2H", B(8, {"AC", "4C", "3S"}, 0)])) in outs
    for o in outs:
        for item in o[3]:
            assert not (isinstance(item, tuple) and item[1] == 10 and "AC" in item[2])


# 11. 7-build 3+4, loose 9; the 2 raises to 9 and the 9 joins.
def test_example_11():
    table = [build([["3C", "4C"]], 1, 7), "9H"]
    outs = reference_outcomes(pos(["2S", "9D"], table))
    assert ("2S", "raise", F(), F([B(9, {"3C", "4C", "2S", "9H"}, 0)])) in outs
    assert ("2S", "raise", F(), F(["9H", B(9, {"3C", "4C", "2S"}, 0)])) in outs


# 12. 8-build 5+3, loose 6; the 2 with the 6 joins the build.
def test_example_12():
    table = [build([["5C", "3C"]], 1, 8), "6H"]
    outs = reference_outcomes(pos(["2S", "8D"], table))
    assert ("2S", "add", F(), F([B(8, {"5C", "3C", "2S", "6H"}, 0)])) in outs
    assert reference_outcomes(pos(["2S", "8D"], table, add_to_others=False)) & {
        ("2S", "add", F(), F([B(8, {"5C", "3C", "2S", "6H"}, 0)]))} == set()


# 13. Controller of an 8-build holding 8 and 4.
def test_example_13():
    bld = build([["5C", "3C"]], 0, 8)
    table = [bld, "6H", "2H", "4D"]
    outs = reference_outcomes(pos(["8S", "4S"], table))
    # the 4 may not be trailed
    assert "trail" not in kinds(outs, "4S")
    # the 8 may take the build, alone or with more
    assert ("8S", "capture", F({"5C", "3C"}), F(["6H", "2H", "4D"])) in outs
    assert ("8S", "capture", F({"5C", "3C", "6H", "2H"}), F(["4D"])) in outs
    # but never leave the build on the table
    for o in outs:
        if o[0] == "8S":
            assert not any(isinstance(i, tuple) for i in o[3])
    # the 4 may capture or build if legal
    assert ("4S", "capture", F({"4D"}), F([B(8, {"5C", "3C"}, 0), "6H", "2H"])) in outs
    assert ("4S", "add", F(), F([B(8, {"5C", "3C", "4S", "4D"}, 0), "6H", "2H"])) in outs
    # free duty: the 4 may trail (8 still held)
    assert "trail" in kinds(reference_outcomes(pos(["8S", "4S"], table, build_duty="free")), "4S")
    # take_or_add: the 4's capture of 4D leaves the build alone -> illegal
    toa = reference_outcomes(pos(["8S", "4S"], table, build_duty="take_or_add"))
    assert kinds(toa, "4S") == {"add"}
    # penalty: anything goes, even the 8 leaving the build
    pen = reference_outcomes(pos(["8S", "4S"], table, build_duty="penalty"))
    assert ("8S", "capture", F({"6H", "2H"}), F([B(8, {"5C", "3C"}, 0), "4D"])) in pen
    assert "trail" in kinds(pen, "4S")


# 14. Multiple 5-build (5, 3+2); the ace may not raise it to 6.
def test_example_14():
    table = [build([["5C"], ["3C", "2C"]], 1, 5)]
    outs = reference_outcomes(pos(["AS", "6D"], table))
    assert all(o[1] != "raise" for o in outs)


# 15. Royal captures with faces; aces high.
def test_example_15():
    outs = reference_outcomes(pos(["QS"], ["JC", "AC", "7C", "5C"], values="royal"))
    assert F({"JC", "AC"}) in captures(outs)
    assert F({"7C", "5C"}) in captures(outs)
    assert F({"JC", "AC", "7C", "5C"}) in captures(outs)
    hi = reference_outcomes(pos(["AS"], ["KC", "AC"], values="royal", aces_high=True))
    assert captures(hi) == {F({"KC", "AC"}), F({"AC"})}
    lo = reference_outcomes(pos(["AS"], ["KC", "AC"], values="royal"))
    assert captures(lo) == {F({"AC"})}


# 16/17. Captures are optional unless forced_capture.
def test_example_17_and_forced_capture():
    outs = reference_outcomes(pos(["5S"], ["5H"]))
    assert ("5S", "trail", F(), F(["5H", "5S"])) in outs
    forced = reference_outcomes(pos(["5S"], ["5H"], forced_capture=True))
    assert "trail" not in kinds(forced, "5S")


def test_five_of_spades_sweep():
    table = [build([["3C", "4C"]], 0, 7), "9H"]
    outs = reference_outcomes(pos(["5S", "7D"], table, five_of_spades_sweep=True))
    assert ("5S", "capture", F({"3C", "4C", "9H"}), F()) in outs
    assert "trail" not in kinds(outs, "5S")
    empty = reference_outcomes(pos(["5S"], [], five_of_spades_sweep=True))
    assert empty == {("5S", "trail", F(), F(["5S"]))}


def test_speed():
    table = ["AC", "2C", "3C", "4C", "5C", "AH", "2H", "3H", "4H",
             build([["2D", "3D"]], 1, 5)]
    start = time.perf_counter()
    outs = reference_outcomes(pos(["5S", "6D", "9S", "10H"], table,
                                  build_in_sum="anyone"))
    assert time.perf_counter() - start < 1.0
    assert outs
