/** The API reference renderer's browser bundle, imported as text (see `[[rules]]` in wrangler.toml). */
declare module '@scalar/api-reference/browser/standalone.js' {
  const source: string;
  export default source;
}
