const NAMED_ENTITIES: Record<string, string> = {
  amp: '&',
  lt: '<',
  gt: '>',
  quot: '"',
  apos: "'",
  nbsp: ' ',
  hellip: '…',
  mdash: '—',
  ndash: '–',
  lsquo: '‘',
  rsquo: '’',
  ldquo: '“',
  rdquo: '”',
  laquo: '«',
  raquo: '»',
  middot: '·',
  bull: '•',
  deg: '°',
  times: '×',
  copy: '©',
  reg: '®',
  trade: '™',
  euro: '€',
  pound: '£',
  yen: '¥',
  cent: '¢',
};

const fromCodePoint = (code: number) =>
  code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
    ? String.fromCodePoint(code)
    : '\uFFFD';

/** Decodes HTML character references (named ones in common use, and all numeric ones). */
export function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#[0-9]+|[a-z][a-z0-9]*);/gi, (whole, ref: string) => {
    if (ref[0] === '#') {
      const hex = ref[1] === 'x' || ref[1] === 'X';
      return fromCodePoint(Number.parseInt(ref.slice(hex ? 2 : 1), hex ? 16 : 10));
    }
    return NAMED_ENTITIES[ref.toLowerCase()] ?? whole;
  });
}

/** Collapses runs of whitespace and control characters into single spaces and trims. */
export const collapseWhitespace = (text: string): string =>
  text.replace(/[\s\p{Cc}]+/gu, ' ').trim();

/** Merchant HTML as plain text: no tags, no script or style bodies, entities decoded, spaces collapsed. */
export function htmlToText(html: string): string {
  const withoutMarkup = html
    .replace(/<!--[\s\S]*?-->/g, ' ')
    .replace(/<(script|style|template|noscript)\b[\s\S]*?<\/\1\s*>/gi, ' ')
    .replace(/<\/?[a-z!][^>]*>/gi, ' ');
  return collapseWhitespace(decodeEntities(withoutMarkup));
}

/**
 * Shortens text to at most `max` characters, cutting at a word boundary when one is
 * reasonably close and ending with an ellipsis. Counts code points, so emoji stay whole.
 */
export function truncate(text: string, max: number): string {
  const chars = Array.from(text);
  if (chars.length <= max) return text;
  const cut = chars.slice(0, max - 1).join('');
  const space = cut.lastIndexOf(' ');
  const atWord = space >= max * 0.6 ? cut.slice(0, space) : cut;
  return `${atWord.replace(/[\s,.;:!?-]+$/, '')}…`;
}
