"""A small neutral tree of nodes: tag, class, attributes, text, children; never an HTML string.

The build writes it as HTML (``to_html``, every text and attribute escaped); ``to_dict`` gives
it as plain data, for a page to mount with ``createElement`` / ``createElementNS`` /
``textContent`` (``site/assets/mount.js``: the drills and shared positions the worker sends,
``present.web``). A node in the SVG namespace (a card's face) says so
(``ns="svg"``), and so do its children."""

from __future__ import annotations

from dataclasses import dataclass, field
from html import escape

SVG_NS = "svg"
VOID = frozenset({"input", "br", "hr", "img", "meta", "link", "source", "wbr"})


class TreeError(ValueError):
    """A node that cannot be written: a bad tag or attribute name, an attribute value that is not text."""


@dataclass
class Node:
    """One element. ``children`` are nodes or text (text is always text, never markup); an
    attribute whose value is ``None`` or ``False`` is left out, ``True`` writes it with no value."""

    tag: str
    cls: str = ""
    attrs: dict = field(default_factory=dict)
    children: list = field(default_factory=list)
    ns: str = ""

    def add(self, *items) -> Node:
        """Append children (``None`` and empty text are skipped; a list is flattened)."""
        for item in items:
            if item is None or item == "":
                continue
            if isinstance(item, (list, tuple)):
                self.add(*item)
            elif isinstance(item, (Node, str)):
                self.children.append(item)
            else:
                raise TreeError(f"a child of <{self.tag}> must be a node or text, not {type(item).__name__}")
        return self


def h(tag: str, cls: str = "", attrs: dict | None = None, *children) -> Node:
    """A node: ``h("p", "prompt", None, "text")``."""
    return Node(tag, cls, dict(attrs or {})).add(*children)


def svg(tag: str, attrs: dict | None = None, *children) -> Node:
    """A node in the SVG namespace (mounted with ``createElementNS``)."""
    return Node(tag, "", dict(attrs or {}), [], SVG_NS).add(*children)


def _name_ok(name: str) -> bool:
    return bool(name) and all(c.isalnum() or c in "-_:" for c in name)


def _attrs(node: Node) -> list[tuple[str, str | None]]:
    out = []
    if node.cls:
        out.append(("class", node.cls))
    for name, value in node.attrs.items():
        if not _name_ok(name) or name.lower().startswith("on"):
            raise TreeError(f"<{node.tag}>: attribute name {name!r} is not allowed")
        if value is None or value is False:
            continue
        if value is True:
            out.append((name, None))
        elif isinstance(value, (str, int)):
            out.append((name, str(value)))
        else:
            raise TreeError(f"<{node.tag}> {name}: the value must be text or a number, not {type(value).__name__}")
    return out


def to_html(tree) -> str:
    """The tree as HTML, every text and attribute value escaped."""
    if isinstance(tree, str):
        return escape(tree, quote=False)
    if isinstance(tree, (list, tuple)):
        return "".join(to_html(t) for t in tree)
    if not _name_ok(tree.tag):
        raise TreeError(f"tag {tree.tag!r} is not allowed")
    attrs = "".join(f" {n}" if v is None else f' {n}="{escape(v, quote=True)}"' for n, v in _attrs(tree))
    if tree.tag in VOID and not tree.ns:
        if tree.children:
            raise TreeError(f"<{tree.tag}> takes no children")
        return f"<{tree.tag}{attrs}>"
    inner = "".join(to_html(c) for c in tree.children)
    if tree.ns and not inner:
        return f"<{tree.tag}{attrs}/>"
    return f"<{tree.tag}{attrs}>{inner}</{tree.tag}>"


def to_dict(tree):
    """The tree as plain data for JSON: text stays text; a node is ``{"tag", "class"?, "attrs"?,
    "ns"?, "children"?}``."""
    if isinstance(tree, str):
        return tree
    if isinstance(tree, (list, tuple)):
        return [to_dict(t) for t in tree]
    out: dict = {"tag": tree.tag}
    written = _attrs(tree)
    cls = [v for n, v in written if n == "class"]  # the node's class, or one given as an attribute (an SVG's)
    if cls:
        out["class"] = cls[0]
    attrs = {n: ("" if v is None else v) for n, v in written if n != "class"}
    if attrs:
        out["attrs"] = attrs
    if tree.ns:
        out["ns"] = tree.ns
    if tree.children:
        out["children"] = [to_dict(c) for c in tree.children]
    return out


def text_of(tree) -> str:
    """The text a tree reads as (for tests and plain-text descriptions)."""
    if isinstance(tree, str):
        return tree
    if isinstance(tree, (list, tuple)):
        return "".join(text_of(t) for t in tree)
    return "".join(text_of(c) for c in tree.children)
