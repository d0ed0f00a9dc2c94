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

/** Attributes any kept element may carry. */
const GLOBAL_ATTRIBUTES = ['title', 'lang', 'dir'];

/** The elements merchant markup may use, each with the attributes it keeps beyond the global ones. */
const ELEMENTS: Record<string, string[]> = {
  a: ['href', 'hreflang'],
  img: ['src', 'alt', 'width', 'height'],
  ...Object.fromEntries(
    (
      'p br hr h1 h2 h3 h4 h5 h6 strong b em i u s small sub sup mark code pre kbd abbr span div ' +
      'ul li dl dt dd figure figcaption table thead tbody tfoot tr caption section article header ' +
      'footer details summary cite'
    )
      .split(' ')
      .map((tag) => [tag, []]),
  ),
  ol: ['start', 'reversed', 'type'],
  th: ['colspan', 'rowspan', 'scope'],
  td: ['colspan', 'rowspan'],
  col: ['span'],
  colgroup: ['span'],
  time: ['datetime'],
  blockquote: ['cite'],
  q: ['cite'],
  del: ['cite', 'datetime'],
  ins: ['cite', 'datetime'],
};

/**
 * Elements removed with everything inside them: those whose content the parser reads as raw text
 * (unwrapping them would turn their text into markup), foreign content (svg, math) and anything
 * that embeds, submits or runs. Any other element outside ELEMENTS loses its tags, keeping its text.
 */
const DROPPED = new Set(
  (
    'script style template textarea title xmp iframe noembed noframes noscript plaintext object ' +
    'embed applet svg math form input button select option frame frameset link meta base head ' +
    'audio video source track canvas portal dialog'
  ).split(' '),
);

/** Attributes holding a URL: kept only when the URL's scheme is one of its element's. */
const URL_ATTRIBUTES: Record<string, ReadonlySet<string>> = {
  href: new Set(['http:', 'https:', 'mailto:', 'tel:']),
  src: new Set(['http:', 'https:']),
  cite: new Set(['http:', 'https:']),
};

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

/**
 * Whether a link or image URL may stay: parsed as the browser parses it (control characters and
 * whitespace stripped, tabs and newlines inside removed, relative to the page), and only a URL
 * whose scheme is among `schemes` is kept. Relative URLs resolve to the page's own scheme.
 */
export function isSafeUrl(value: string, schemes: ReadonlySet<string>): boolean {
  try {
    return schemes.has(new URL(value, 'https://page.invalid/').protocol);
  } catch {
    return false;
  }
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
          if (!allowed.includes(lower) && !GLOBAL_ATTRIBUTES.includes(lower)) {
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
