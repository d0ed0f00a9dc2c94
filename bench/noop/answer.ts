/**
 * The runtime's no-op sending a real answer: for each path it knows, the status, headers and
 * body a storefront cache hit sent (recorded by bench/edge.ts and passed as the ANSWERS var),
 * built as cheaply as the runtime allows and nothing else. A hit measured against it shows
 * the work the hit does beyond sending its answer's bytes (bench/EDGE.md).
 */
type Recorded = { status: number; headers: Array<[string, string]>; body: string };
type Ready = { status: number; headers: Headers; body: string };

let answers: Map<string, Ready> | undefined;

export default {
  fetch(request: Request, env: { ANSWERS: string }) {
    answers ??= new Map(
      Object.entries(JSON.parse(env.ANSWERS) as Record<string, Recorded>).map(([key, a]) => [
        key,
        { status: a.status, headers: new Headers(a.headers), body: a.body },
      ]),
    );
    // The path and query: everything after the origin's "//host".
    const answer = answers.get(request.url.slice(request.url.indexOf('/', 8)));
    return answer
      ? new Response(answer.body, { status: answer.status, headers: answer.headers })
      : new Response(null, { status: 404 });
  },
};
