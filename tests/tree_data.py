"""Reading a tree of ``present.tree`` as data (``to_dict``: tag, class, attributes, text, children),
shared by the tests of the presentation layer and the browser tests that read ``data-why``."""

from __future__ import annotations


def text(tree) -> str:
    """The words of a tree, in document order."""
    if isinstance(tree, str):
        return tree
    if isinstance(tree, list):
        return "".join(text(t) for t in tree)
    return "".join(text(c) for c in tree.get("children", []))


def classes(node) -> set:
    return set(node.get("class", "").split()) if isinstance(node, dict) else set()


def nodes(tree, test) -> list:
    """Every node of ``tree`` for which ``test`` holds, in document order."""
    if isinstance(tree, str):
        return []
    if isinstance(tree, list):
        return [n for t in tree for n in nodes(t, test)]
    return ([tree] if test(tree) else []) + nodes(tree.get("children", []), test)
