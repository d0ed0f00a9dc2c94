/**
 * A rich-text field for descriptions, policies and HTML content: headings, lists, links, bold,
 * italic and images from the media library, written straight into the page's DOM (no
 * execCommand) and saved as HTML the storefront keeps (lib/rich-text.ts). "HTML" shows the raw
 * markup in a text box. Ctrl/⌘+B, I and K make bold, italic and a link; pasted HTML is cleaned.
 */
import { useQuery } from '@tanstack/react-query';
import {
  type ClipboardEvent,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { api, unwrap } from '../api/client';
import { mediaKeys } from '../lib/queries';
import { cleanMarkup, editorValue, type MarkupNode } from '../lib/rich-text';
import './rich-text.css';

/** A DOM subtree as the cleaner's tree. */
function treeOf(nodes: NodeListOf<ChildNode> | ChildNode[]): MarkupNode[] {
  return [...nodes].flatMap((node): MarkupNode[] => {
    if (node.nodeType === Node.TEXT_NODE) return [{ kind: 'text', text: node.textContent ?? '' }];
    if (!(node instanceof Element)) return [];
    return [
      {
        kind: 'element',
        tag: node.tagName.toLowerCase(),
        attributes: [...node.attributes].map((a) => [a.name, a.value]),
        children: treeOf(node.childNodes),
      },
    ];
  });
}

/** The cleaner's tree as DOM nodes of this page. */
function domOf(nodes: readonly MarkupNode[]): DocumentFragment {
  const fragment = document.createDocumentFragment();
  for (const node of nodes) {
    if (node.kind === 'text') {
      fragment.append(node.text);
      continue;
    }
    const el = document.createElement(node.tag);
    for (const [name, value] of node.attributes) el.setAttribute(name, value);
    el.append(domOf(node.children));
    fragment.append(el);
  }
  return fragment;
}

/** HTML text parsed where nothing in it runs or loads, then cleaned. */
const parsed = (html: string) =>
  cleanMarkup(treeOf(new DOMParser().parseFromString(html, 'text/html').body.childNodes));

type Block = 'p' | 'h2' | 'h3';
type Mark = 'strong' | 'em';
type List = 'ul' | 'ol';
type Active = Record<Mark | Block | List | 'a', boolean>;
const NONE: Active = {
  strong: false,
  em: false,
  p: false,
  h2: false,
  h3: false,
  ul: false,
  ol: false,
  a: false,
};

/** The closest element named `tags` from `node` up to (not including) `root`. */
function closest(node: Node | null, root: HTMLElement, tags: string[]): HTMLElement | null {
  for (let at = node; at && at !== root; at = at.parentNode) {
    if (at instanceof HTMLElement && tags.includes(at.tagName.toLowerCase())) return at;
  }
  return null;
}

/** `el` renamed to `tag`, its children moved over. */
function renamed(el: HTMLElement, tag: string): HTMLElement {
  const next = document.createElement(tag);
  next.append(...el.childNodes);
  el.replaceWith(next);
  return next;
}

function unwrapElement(el: HTMLElement) {
  el.replaceWith(...el.childNodes);
}

export function RichTextField({
  label,
  value,
  onChange,
  error,
  hint,
  disabled,
}: {
  label: string;
  value: string;
  onChange: (html: string) => void;
  error?: string | undefined;
  hint?: string | undefined;
  disabled?: boolean | undefined;
}) {
  const id = useId();
  const root = useRef<HTMLDivElement>(null);
  const emitted = useRef<string | null>(null);
  const range = useRef<Range | null>(null);
  const [raw, setRaw] = useState(false);
  const [active, setActive] = useState<Active>(NONE);
  const [panel, setPanelState] = useState<'link' | 'image' | null>(null);
  /** Where the caret was when a panel opened: its link or image goes there. */
  const panelRange = useRef<Range | null>(null);

  // The content follows `value` unless `value` is what the editor itself just wrote.
  useEffect(() => {
    const el = root.current;
    if (!el || value === emitted.current) return;
    el.replaceChildren(domOf(parsed(value)));
    emitted.current = value;
  }, [value]);

  /** The selection now, when it is in the editor (the last one seen otherwise). */
  const remember = () => {
    const selection = document.getSelection();
    const at = selection && selection.rangeCount > 0 ? selection.getRangeAt(0) : null;
    if (at && root.current?.contains(at.commonAncestorContainer)) range.current = at.cloneRange();
    return range.current?.cloneRange() ?? null;
  };

  const setPanel = (next: 'link' | 'image' | null) => {
    if (next) panelRange.current = remember();
    setPanelState(next);
  };

  const emit = useCallback(() => {
    const el = root.current;
    if (!el) return;
    const html = editorValue(treeOf(el.childNodes));
    emitted.current = html;
    onChange(html);
  }, [onChange]);

  // Remember where the caret was in the editor and which buttons are pressed there.
  useEffect(() => {
    const onSelection = () => {
      const el = root.current;
      const selection = document.getSelection();
      if (!el || !selection || selection.rangeCount === 0) return;
      const at = selection.getRangeAt(0);
      if (!el.contains(at.commonAncestorContainer)) return;
      range.current = at.cloneRange();
      const inside = (tags: string[]) => closest(at.startContainer, el, tags) !== null;
      setActive({
        strong: inside(['strong', 'b']),
        em: inside(['em', 'i']),
        p: inside(['p']),
        h2: inside(['h2']),
        h3: inside(['h3']),
        ul: inside(['ul']),
        ol: inside(['ol']),
        a: inside(['a']),
      });
    };
    document.addEventListener('selectionchange', onSelection);
    return () => document.removeEventListener('selectionchange', onSelection);
  }, []);

  /** Runs a change at the remembered caret, then saves and puts the caret back. */
  const change = (
    edit: (el: HTMLElement, at: Range) => Range | undefined,
    from: Range | null = remember(),
  ) => {
    const el = root.current;
    if (!el || disabled) return;
    const at = from ?? document.createRange();
    if (!from) {
      at.selectNodeContents(el);
      at.collapse(false);
    }
    const next = edit(el, at) ?? at;
    el.focus();
    const selection = document.getSelection();
    selection?.removeAllRanges();
    selection?.addRange(next);
    range.current = next.cloneRange();
    emit();
  };

  /** The block (a child of the editor) holding the caret, made a paragraph if it is text alone. */
  const blockAt = (el: HTMLElement, at: Range): HTMLElement => {
    let node: Node | null = at.startContainer;
    while (node && node.parentNode !== el && node !== el) node = node.parentNode;
    if (node instanceof HTMLElement && node !== el) return node;
    const p = document.createElement('p');
    if (node && node !== el) {
      (node as ChildNode).replaceWith(p);
      p.append(node);
    } else el.append(p);
    return p;
  };

  const setBlock = (tag: Block) =>
    change((el, at) => {
      const item = closest(at.startContainer, el, ['li']);
      const block = item ?? blockAt(el, at);
      const next = block.tagName.toLowerCase() === tag ? 'p' : tag;
      if (item) {
        const list = item.parentElement as HTMLElement;
        const made = document.createElement(next);
        made.append(...item.childNodes);
        list.after(made);
        item.remove();
        if (list.childElementCount === 0) list.remove();
        return caretIn(made);
      }
      return caretIn(renamed(block, next));
    });

  const toggleList = (tag: List) =>
    change((el, at) => {
      const item = closest(at.startContainer, el, ['li']);
      if (item) {
        const list = item.parentElement as HTMLElement;
        if (list.tagName.toLowerCase() !== tag) return caretIn(renamed(list, tag));
        const paragraphs = [...list.children].map((li) => {
          const p = document.createElement('p');
          p.append(...li.childNodes);
          return p;
        });
        list.replaceWith(...paragraphs);
        return caretIn(paragraphs.find((p) => p.contains(at.startContainer)) ?? paragraphs[0]);
      }
      const block = blockAt(el, at);
      const list = document.createElement(tag);
      const li = document.createElement('li');
      li.append(...block.childNodes);
      list.append(li);
      block.replaceWith(list);
      return caretIn(li);
    });

  /** Wraps the selection in `tag`, or unwraps the `tag` it is in. */
  const toggleMark = (tag: Mark) =>
    change((el, at) => {
      const inside = closest(
        at.commonAncestorContainer,
        el,
        tag === 'strong' ? ['strong', 'b'] : ['em', 'i'],
      );
      if (inside) {
        const r = document.createRange();
        r.setStartBefore(inside);
        r.setEndAfter(inside);
        unwrapElement(inside);
        return r;
      }
      if (at.collapsed) return undefined;
      return wrap(at, document.createElement(tag));
    });

  const setLink = (href: string) =>
    change((el, at) => {
      const link = closest(at.commonAncestorContainer, el, ['a']);
      if (link) {
        if (href) link.setAttribute('href', href);
        else unwrapElement(link);
        return undefined;
      }
      if (!href) return undefined;
      const a = document.createElement('a');
      a.setAttribute('href', href);
      if (at.collapsed) {
        a.textContent = href;
        at.insertNode(a);
        return after(a);
      }
      return wrap(at, a);
    }, panelRange.current);

  const insertImage = (src: string, alt: string) =>
    change((el, at) => {
      const img = document.createElement('img');
      img.setAttribute('src', src);
      img.setAttribute('alt', alt);
      const p = document.createElement('p');
      p.append(img);
      const block =
        el.childNodes.length > 0 && el.contains(at.startContainer) && at.startContainer !== el
          ? blockAt(el, at)
          : null;
      if (block) block.after(p);
      else el.append(p);
      return after(p);
    }, panelRange.current);

  const onPaste = (event: ClipboardEvent<HTMLDivElement>) => {
    event.preventDefault();
    const html = event.clipboardData.getData('text/html');
    const text = event.clipboardData.getData('text/plain');
    const nodes: MarkupNode[] = html
      ? parsed(html)
      : text.split('\n').flatMap((line, i): MarkupNode[] =>
          i === 0
            ? [{ kind: 'text', text: line }]
            : [
                { kind: 'element', tag: 'br', attributes: [], children: [] },
                { kind: 'text', text: line },
              ],
        );
    const selection = document.getSelection();
    if (!selection || selection.rangeCount === 0) return;
    range.current = selection.getRangeAt(0).cloneRange();
    change((el, at) => {
      at.deleteContents();
      // A caret inside a link pastes after it, not into the link's text.
      const link = at.collapsed ? closest(at.startContainer, el, ['a']) : null;
      if (link) {
        at.setStartAfter(link);
        at.collapse(true);
      }
      const fragment = domOf(nodes);
      const last = fragment.lastChild;
      at.insertNode(fragment);
      return last ? after(last) : undefined;
    });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!(event.ctrlKey || event.metaKey) || event.altKey) return;
    const key = event.key.toLowerCase();
    if (key === 'b' || key === 'i') {
      event.preventDefault();
      toggleMark(key === 'b' ? 'strong' : 'em');
    } else if (key === 'k') {
      event.preventDefault();
      setPanel('link');
    }
  };

  const labelId = `${id}-label`;
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : '']
    .filter(Boolean)
    .join(' ');
  const button = (
    pressed: boolean,
    text: string,
    act: () => void,
    shortcut?: string,
  ): ReactNode => (
    <button
      type="button"
      aria-pressed={pressed}
      disabled={disabled || raw}
      aria-keyshortcuts={shortcut}
      // Keeps the caret in the editor when pressed with a pointer.
      onMouseDown={(e) => e.preventDefault()}
      onClick={act}
    >
      {text}
    </button>
  );
  return (
    <div className="field rich-text">
      <span className="label" id={labelId}>
        {label}
      </span>
      {hint ? (
        <span className="hint" id={`${id}-hint`}>
          {hint}
        </span>
      ) : null}
      <div
        role="toolbar"
        aria-label={`Format ${label}`}
        aria-controls={id}
        className="rich-text-toolbar"
        onKeyDown={moveFocus}
      >
        {button(active.h2, 'Heading', () => setBlock('h2'))}
        {button(active.h3, 'Subheading', () => setBlock('h3'))}
        {button(active.strong, 'Bold', () => toggleMark('strong'), 'Control+B Meta+B')}
        {button(active.em, 'Italic', () => toggleMark('em'), 'Control+I Meta+I')}
        {button(active.ul, 'Bulleted list', () => toggleList('ul'))}
        {button(active.ol, 'Numbered list', () => toggleList('ol'))}
        {button(
          active.a || panel === 'link',
          'Link',
          () => setPanel(panel === 'link' ? null : 'link'),
          'Control+K Meta+K',
        )}
        {button(panel === 'image', 'Image', () => setPanel(panel === 'image' ? null : 'image'))}
        <button
          type="button"
          aria-pressed={raw}
          disabled={disabled}
          onClick={() => {
            setRaw(!raw);
            setPanel(null);
          }}
        >
          HTML
        </button>
      </div>
      {panel === 'link' && !raw ? (
        <LinkPanel
          label={label}
          onDone={(href) => {
            setPanel(null);
            if (href !== null) setLink(href);
            else root.current?.focus();
          }}
        />
      ) : null}
      {panel === 'image' && !raw ? (
        <ImagePanel
          label={label}
          onDone={(image) => {
            setPanel(null);
            if (image) insertImage(image.url, image.alt);
            else root.current?.focus();
          }}
        />
      ) : null}
      {/* biome-ignore lint/a11y/useSemanticElements: an editable region of formatted text */}
      <div
        id={id}
        ref={root}
        className="rich-text-area"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        aria-describedby={describedBy || undefined}
        aria-invalid={error ? true : undefined}
        aria-disabled={disabled || undefined}
        tabIndex={0}
        contentEditable={!disabled}
        suppressContentEditableWarning
        hidden={raw}
        onInput={emit}
        onPaste={onPaste}
        onKeyDown={onKeyDown}
      />
      {raw ? (
        <textarea
          aria-label={`${label} (HTML)`}
          aria-describedby={describedBy || undefined}
          value={value}
          disabled={disabled}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : null}
      {error ? (
        <span className="field-error" id={`${id}-error`}>
          {error}
        </span>
      ) : null}
    </div>
  );
}

/** A caret at the end of `el`'s content. */
function caretIn(el: HTMLElement | undefined): Range | undefined {
  if (!el) return undefined;
  const r = document.createRange();
  r.selectNodeContents(el);
  r.collapse(false);
  return r;
}

/** A caret right after `node`. */
function after(node: Node): Range {
  const r = document.createRange();
  r.setStartAfter(node);
  r.collapse(true);
  return r;
}

/** `at`'s content moved into `wrapper`, put where it was; the range of the wrapper's content. */
function wrap(at: Range, wrapper: HTMLElement): Range {
  wrapper.append(at.extractContents());
  at.insertNode(wrapper);
  const r = document.createRange();
  r.selectNodeContents(wrapper);
  return r;
}

/** Arrow keys move between a toolbar's buttons (the toolbar pattern). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  if (!['ArrowLeft', 'ArrowRight', 'Home', 'End'].includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll('button')].filter((b) => !b.disabled);
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  const to =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : (at + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
  event.preventDefault();
  buttons[to]?.focus();
}

function LinkPanel({ label, onDone }: { label: string; onDone: (href: string | null) => void }) {
  const [href, setHref] = useState('https://');
  const id = useId();
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of the toolbar's panel, not a form section
    <div className="rich-text-panel" role="group" aria-label={`Link in ${label}`}>
      <label htmlFor={id}>Link address</label>
      <input
        id={id}
        type="url"
        // biome-ignore lint/a11y/noAutofocus: the panel opens to take this one address
        autoFocus
        value={href}
        onChange={(e) => setHref(e.target.value)}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            e.preventDefault();
            onDone(href.trim());
          } else if (e.key === 'Escape') onDone(null);
        }}
      />
      <button type="button" onClick={() => onDone(href.trim())}>
        Apply link
      </button>
      <button type="button" onClick={() => onDone(null)}>
        Cancel
      </button>
    </div>
  );
}

type Image = { url: string; alt: string };

function ImagePanel({ label, onDone }: { label: string; onDone: (image: Image | null) => void }) {
  const media = useQuery({
    queryKey: mediaKeys.picker(),
    queryFn: () => unwrap(api.GET('/media', { params: { query: { limit: 100 } } })),
  });
  const [chosen, setChosen] = useState('');
  const id = useId();
  const items = media.data?.data ?? [];
  const picked = items.find((m) => m.id === chosen);
  return (
    // biome-ignore lint/a11y/useSemanticElements: a row of the toolbar's panel, not a form section
    <div className="rich-text-panel" role="group" aria-label={`Image in ${label}`}>
      <label htmlFor={id}>Image from the media library</label>
      <select id={id} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">{media.isPending ? 'Loading…' : 'Choose an image'}</option>
        {items.map((m) => (
          <option key={m.id} value={m.id}>
            {m.alt || m.filename}
          </option>
        ))}
      </select>
      <button
        type="button"
        disabled={!picked}
        onClick={() => picked && onDone({ url: picked.url, alt: picked.alt })}
      >
        Insert image
      </button>
      <button type="button" onClick={() => onDone(null)}>
        Cancel
      </button>
    </div>
  );
}
