"""Reading and writing the project's YAML files, with every problem located."""

from .catalog import load_catalog
from .positions import dump_position, load_position, position_from_node, position_to_data, table_to_data
from .yamlfile import FileError, Node, Problem, Problems, load_document

__all__ = [
    "FileError", "Node", "Problem", "Problems", "dump_position", "load_catalog", "load_document", "load_position",
    "position_from_node", "position_to_data", "table_to_data",
]
