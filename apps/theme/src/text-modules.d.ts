/** The islands, built by build.ts and imported as text (wrangler's default Text rule, esbuild's text loader). */
declare module '*.txt' {
  const text: string;
  export default text;
}
