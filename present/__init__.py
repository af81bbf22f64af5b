"""The presentation layer: the engine's answers and a catalog (``site/messages/*.json``) as a small
neutral tree of nodes (``present.tree``), written once for every page: the build writes it as
HTML; ``to_dict`` gives it as plain data for the worker to send (``present.web``: every drill and
shared position, mounted by ``site/assets/mount.js``). It imports the engine; the
engine never imports it (``tests/test_layers.py``). Standard library only, shipped in the engine's
wheel."""

from .puzzle import puzzle_tree
from .tree import Node, TreeError, to_dict, to_html

__all__ = ["Node", "TreeError", "puzzle_tree", "to_dict", "to_html"]
