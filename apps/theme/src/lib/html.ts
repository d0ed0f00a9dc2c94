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

/**
 * Merchant markup after unescaping, without what could run script: `<script>`, `<style>`,
 * `<iframe>`-like elements, inline event handlers and `javascript:` URLs. The page's
 * Content-Security-Policy forbids inline script as a second line.
 */
export function safeMarkup(markup: string): string {
  return markup
    .replace(/<(script|style|iframe|object|embed|form)\b[\s\S]*?<\/\1\s*>/gi, '')
    .replace(/<(script|style|iframe|object|embed|form|link|meta|base)\b[^>]*>/gi, '')
    .replace(/\s+on[a-z]+\s*=\s*("[^"]*"|'[^']*'|[^\s>]+)/gi, '')
    .replace(/(href|src)\s*=\s*(["']?)\s*javascript:[^"'\s>]*\2/gi, '$1="#"');
}
