/** The numeric and named character references a scheme can be hidden behind (`&#x61;`, `&colon;`). */
const REFERENCE = /&(#[xX][0-9a-fA-F]+|#[0-9]+|colon|tab|newline|nbsp);?/gi;
const NAMED: Record<string, string> = { colon: ':', tab: '\t', newline: '\n', nbsp: ' ' };

/**
 * Whether a link a shop stores (social, menu, footer and page links) would run script or carry a
 * document when a page renders it: a `javascript:`, `data:` or `vbscript:` URL, in any case and
 * behind character references, spaces, tabs, newlines or control characters, which browsers
 * strip or decode before reading the scheme.
 */
export function isScriptingUrl(value: string): boolean {
  const decoded = value.replace(REFERENCE, (_, ref: string) => {
    if (ref[0] !== '#') return NAMED[ref.toLowerCase()] ?? '';
    const code = /^#x/i.test(ref) ? Number.parseInt(ref.slice(2), 16) : Number(ref.slice(1));
    return code <= 0x10ffff ? String.fromCodePoint(code) : '';
  });
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what is stripped
  const bare = decoded.replace(/[\u0000-\u0020\u007f-\u00a0\u00ad\u200b-\u200f\ufeff]/g, '');
  return /^(javascript|data|vbscript):/i.test(bare);
}
