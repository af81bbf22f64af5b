// Mounts a tree of nodes from the one renderer (present/tree.py: to_dict; the worker sends it with
// every drill and shared position, the build with the drill bank): {tag, class?, attrs?, ns?,
// children?}, a text is a string. Elements by createElement / createElementNS, text by text nodes:
// nothing of a tree is ever read as HTML. A tag or an attribute name that is not a plain name, or an
// attribute that would run code (on...), is refused, as to_html refuses it.
const NAMESPACES = { svg: "http://www.w3.org/2000/svg" };
const NAME = /^[A-Za-z0-9_:-]+$/;

export class MountError extends Error {}

export function mount(tree) {
  if (typeof tree === "string") return document.createTextNode(tree);
  if (!tree || typeof tree !== "object" || typeof tree.tag !== "string" || !NAME.test(tree.tag)) {
    throw new MountError(`not a node: ${JSON.stringify(tree)?.slice(0, 80)}`);
  }
  const ns = tree.ns ? NAMESPACES[tree.ns] : null;
  if (tree.ns && !ns) throw new MountError(`<${tree.tag}>: unknown namespace ${tree.ns}`);
  const node = ns ? document.createElementNS(ns, tree.tag) : document.createElement(tree.tag);
  if (tree.class) node.setAttribute("class", tree.class);
  for (const [name, value] of Object.entries(tree.attrs || {})) {
    if (!NAME.test(name) || /^on/i.test(name)) throw new MountError(`<${tree.tag}>: attribute ${name} is not allowed`);
    node.setAttribute(name, String(value));
  }
  for (const child of tree.children || []) node.append(mount(child));
  return node;
}
