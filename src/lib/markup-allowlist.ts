/**
 * The HTML merchant markup may use: the storefront's sanitizer (apps/theme/src/lib/html.ts,
 * `safeMarkup`) keeps exactly this, and the dashboard's rich-text editor writes within it.
 */

/** Attributes any kept element may carry. */
export const GLOBAL_ATTRIBUTES: readonly string[] = ['title', 'lang', 'dir'];

/** The elements merchant markup may use, each with the attributes it keeps beyond the global ones. */
export const ELEMENTS: Readonly<Record<string, readonly string[]>> = {
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
export const DROPPED: ReadonlySet<string> = new Set(
  (
    'script style template textarea title xmp iframe noembed noframes noscript plaintext object ' +
    'embed applet svg math form input button select option frame frameset link meta base head ' +
    'audio video source track canvas portal dialog'
  ).split(' '),
);

/** Attributes holding a URL: kept only when the URL's scheme is one of its element's. */
export const URL_ATTRIBUTES: Readonly<Record<string, ReadonlySet<string>>> = {
  href: new Set(['http:', 'https:', 'mailto:', 'tel:']),
  src: new Set(['http:', 'https:']),
  cite: new Set(['http:', 'https:']),
};

/** Whether `attribute` (lower-case) may stay on `tag` (lower-case) at all. */
export const keepsAttribute = (tag: string, attribute: string): boolean =>
  (ELEMENTS[tag]?.includes(attribute) ?? false) || GLOBAL_ATTRIBUTES.includes(attribute);

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
