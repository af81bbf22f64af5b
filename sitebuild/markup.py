"""The build's own Markdown (rendered by markdown-it from the lesson files) as nodes of the
presentation tree (``present.tree``): a puzzle's prompt, hint, explanation and a guided deal's
commentary go into the one renderer as nodes, never as HTML strings."""

from __future__ import annotations

from html.parser import HTMLParser

from present.tree import VOID, Node

from . import BuildError


class _Builder(HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.root = Node("root")
        self.stack = [self.root]

    def handle_starttag(self, tag, attrs):
        cls = ""
        values = {}
        for name, value in attrs:
            if name == "class":
                cls = value or ""
            else:
                values[name] = True if value is None else value
        node = Node(tag, cls, values)
        self.stack[-1].children.append(node)
        if tag not in VOID:
            self.stack.append(node)

    def handle_startendtag(self, tag, attrs):
        self.handle_starttag(tag, attrs)
        if tag not in VOID:
            self.stack.pop()

    def handle_endtag(self, tag):
        if tag in VOID:
            return
        if len(self.stack) < 2 or self.stack[-1].tag != tag:
            raise BuildError(f"the Markdown's HTML closes <{tag}> where it is not open")
        self.stack.pop()

    def handle_data(self, data):
        self.stack[-1].children.append(data)


def nodes(html: str) -> list:
    """Rendered Markdown (trusted: the build's own) as a list of nodes and texts."""
    builder = _Builder()
    builder.feed(str(html))
    builder.close()
    if len(builder.stack) != 1:
        raise BuildError(f"the Markdown's HTML leaves <{builder.stack[-1].tag}> open")
    return builder.root.children
