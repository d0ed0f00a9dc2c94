// The parts of autocannon's API the benchmark uses (the package ships no types).
declare module 'autocannon' {
  type Percentiles = {
    average: number;
    mean: number;
    stddev: number;
    min: number;
    max: number;
    p50: number;
    p90: number;
    p99: number;
    total?: number;
  };
  export type Result = {
    duration: number;
    errors: number;
    timeouts: number;
    non2xx: number;
    '2xx': number;
    latency: Percentiles;
    requests: Percentiles & { sent: number };
    throughput: Percentiles;
  };
  export type Options = {
    url: string;
    connections: number;
    /** Seconds to run; or stop after `amount` requests. */
    duration?: number;
    amount?: number;
    /** Requests to cycle through on each connection. */
    requests?: Array<{
      method?: string;
      path?: string;
      headers?: Record<string, string>;
      /** Rewrites each request before it is sent. */
      setupRequest?: (request: { path: string }) => { path: string };
    }>;
    headers?: Record<string, string>;
    timeout?: number;
  };
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
