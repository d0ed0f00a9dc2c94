import autocannon from 'autocannon';

export type LoadSettings = { durationSeconds: number; connections: number };

export type Endpoint = { name: string; path: string };

/** One endpoint's numbers from one load run. */
export type Measurement = {
  /** Median of the per-second request counts. */
  requestsPerSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  requests: number;
  /** Answers other than 2xx, plus socket errors and timeouts. */
  failures: number;
};

/** Drives `url` with autocannon for a bounded time with a bounded number of connections. */
export async function measure(
  url: string,
  headers: Record<string, string>,
  settings: LoadSettings,
): Promise<Measurement> {
  const result = await autocannon({
    url,
    headers,
    connections: settings.connections,
    duration: settings.durationSeconds,
    timeout: 10,
  });
  return {
    requestsPerSecond: result.requests.p50,
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    requests: result.requests.total ?? 0,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

/** One request, to learn the status, body size and statement count the endpoint answers with. */
export async function probe(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  const body = new Uint8Array(await response.arrayBuffer());
  const timing = response.headers.get('server-timing') ?? '';
  const statements = /(?:^|,\s*)db;desc="(\d+)"/.exec(timing)?.[1];
  return {
    status: response.status,
    bodyBytes: body.byteLength,
    statements: statements === undefined ? null : Number(statements),
    body: new TextDecoder().decode(body),
  };
}

/** The median of a non-empty list of numbers. */
export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] ?? 0) : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}
