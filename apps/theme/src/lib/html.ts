import {
  DROPPED,
  ELEMENTS,
  isSafeUrl,
  keepsAttribute,
  URL_ATTRIBUTES,
} from '../../../../src/lib/markup-allowlist';

export { isSafeUrl };

/**
 * Product descriptions and policy contents arrive HTML-escaped (`&lt;p&gt;`): the contract says
 * to unescape them before rendering. Only the five entities an escaper writes are turned back,
 * `&amp;` last, so `&amp;lt;` stays the text `&lt;`.
 */
export function unescapeHtml(escaped: string): string {
  return escaped
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#0?39;|&#x27;/g, "'")
    .replace(/&amp;/g, '&');
}

/** Text for an HTML attribute or element built by hand (JSX escapes on its own). */
export function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** The named references a URL trick uses (`&colon;`, `&Tab;`); any other stays literal text. */
const NAMED: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: '\u00a0',
  colon: ':',
  tab: '\t',
  newline: '\n',
  sol: '/',
  bsol: '\\',
  lpar: '(',
  rpar: ')',
  period: '.',
  comma: ',',
  num: '#',
  excl: '!',
  quest: '?',
  equals: '=',
  semi: ';',
  percnt: '%',
  plus: '+',
  commat: '@',
};

/**
 * An attribute's raw source text with its character references resolved. A reference this does
 * not know stays as written: the value is written back with `&` escaped, so the browser reads
 * exactly the string that was checked.
 */
export function decodeAttribute(raw: string): string {
  return raw.replace(
    /&(#[xX][0-9a-fA-F]+|#[0-9]+|[a-zA-Z][a-zA-Z0-9]*);?/g,
    (match, ref: string) => {
      if (ref[0] === '#') {
        const code =
          ref[1] === 'x' || ref[1] === 'X'
            ? Number.parseInt(ref.slice(2), 16)
            : Number(ref.slice(1));
        return code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
          ? String.fromCodePoint(code)
          : '\ufffd';
      }
      return NAMED[ref.toLowerCase()] ?? match;
    },
  );
}

const attributeText = (value: string) => value.replace(/&/g, '&amp;');
const textOnly = (text: string) => text.replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * Merchant markup made safe by an allowlist: Workers' HTML parser (`HTMLRewriter`, the browser's
 * tokenizer) reads it; elements outside ELEMENTS are unwrapped or, for DROPPED, removed with their
 * content; every attribute outside the element's list goes (event handlers, `style`, `srcdoc`,
 * `formaction`, ...); URL attributes are decoded, parsed and kept only with an allowed scheme;
 * comments go; a stray `<` or `>` in text is escaped. The page's Content-Security-Policy is the
 * second wall.
 */
export async function safeMarkup(markup: string): Promise<string> {
  if (!markup) return '';
  const rewriter = new HTMLRewriter()
    .on('*', {
      element(el) {
        const tag = el.tagName.toLowerCase();
        const allowed = ELEMENTS[tag];
        if (!allowed) {
          if (DROPPED.has(tag)) el.remove();
          else el.removeAndKeepContent();
          return;
        }
        for (const [name = '', raw = ''] of [...el.attributes]) {
          const lower = name.toLowerCase();
          const schemes = URL_ATTRIBUTES[lower];
          if (!keepsAttribute(tag, lower)) {
            el.removeAttribute(name);
          } else if (schemes) {
            const url = decodeAttribute(raw).trim();
            el.removeAttribute(name);
            if (isSafeUrl(url, schemes)) el.setAttribute(lower, attributeText(url));
          }
        }
        if (tag === 'a' && el.hasAttribute('href'))
          el.setAttribute('rel', 'nofollow noopener noreferrer');
      },
    })
    .onDocument({
      text(text) {
        if (/[<>]/.test(text.text)) text.replace(textOnly(text.text), { html: true });
      },
      comments(comment) {
        comment.remove();
      },
    });
  return rewriter.transform(new Response(markup)).text();
}
