/**
 * The markup the rich-text editor writes, kept within what the storefront keeps
 * (src/lib/markup-allowlist.ts): pasted HTML, a stored description opened in the editor and
 * the editor's own content all pass through `cleanMarkup` before they are shown or saved.
 * Works on a plain tree (no DOM), so it is tested in node; the editor converts to and from it.
 */
import {
  DROPPED,
  ELEMENTS,
  isSafeUrl,
  keepsAttribute,
  URL_ATTRIBUTES,
} from '../../../../src/lib/markup-allowlist';

export type MarkupNode =
  | { kind: 'text'; text: string }
  | {
      kind: 'element';
      tag: string;
      attributes: [name: string, value: string][];
      children: MarkupNode[];
    };

/** Tags written under the name the editor's own buttons use. */
const RENAMED: Record<string, string> = { b: 'strong', i: 'em' };

/** Elements that have no closing tag. */
const VOID = new Set(['br', 'hr', 'img', 'col']);

/**
 * The tree with only what the storefront keeps: elements outside the allowlist unwrapped (or,
 * for those it drops, removed with their content), attributes outside it removed, URLs kept
 * only with an allowed scheme, `<b>`/`<i>` written as `<strong>`/`<em>`, bare `<span>`s unwrapped.
 */
export function cleanMarkup(nodes: readonly MarkupNode[]): MarkupNode[] {
  return nodes.flatMap((node): MarkupNode[] => {
    if (node.kind === 'text') return node.text === '' ? [] : [node];
    const source = node.tag.toLowerCase();
    if (DROPPED.has(source)) return [];
    const children = cleanMarkup(node.children);
    if (!ELEMENTS[source]) return children;
    const tag = RENAMED[source] ?? source;
    const attributes: [string, string][] = [];
    for (const [raw, value] of node.attributes) {
      const name = raw.toLowerCase();
      if (!keepsAttribute(source, name)) continue;
      const schemes = URL_ATTRIBUTES[name];
      if (schemes && !isSafeUrl(value.trim(), schemes)) continue;
      attributes.push([name, schemes ? value.trim() : value]);
    }
    if (tag === 'span' && attributes.length === 0) return children;
    return [{ kind: 'element', tag, attributes, children }];
  });
}

const escapeText = (text: string) =>
  text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/\u00a0/g, '&nbsp;');
const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');

/** The tree as HTML text. */
export function toHtml(nodes: readonly MarkupNode[]): string {
  return nodes
    .map((node) => {
      if (node.kind === 'text') return escapeText(node.text);
      const attributes = node.attributes
        .map(([name, value]) => ` ${name}="${escapeAttribute(value)}"`)
        .join('');
      if (VOID.has(node.tag)) return `<${node.tag}${attributes}>`;
      return `<${node.tag}${attributes}>${toHtml(node.children)}</${node.tag}>`;
    })
    .join('');
}

/** Whether the tree shows nothing: no text but white space, no image (an emptied editor). */
export function isBlank(nodes: readonly MarkupNode[]): boolean {
  return nodes.every((node) =>
    node.kind === 'text'
      ? node.text.trim() === ''
      : node.tag !== 'img' && node.tag !== 'hr' && isBlank(node.children),
  );
}

/** What the editor saves for its content: clean HTML, or nothing when it shows nothing. */
export function editorValue(nodes: readonly MarkupNode[]): string {
  const clean = cleanMarkup(nodes);
  return isBlank(clean) ? '' : toHtml(clean);
}
