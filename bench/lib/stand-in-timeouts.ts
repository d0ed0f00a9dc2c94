/**
 * The local stand-ins while their upstream refuses (stopped) or hangs (accepts, never answers),
 * with the settings their fault tests use (test/node/upstash-faults.test.ts,
 * neon-http-faults.test.ts, ws-bridge.test.ts): each call checks it got the answer the test
 * asserts and returns how long it took, in milliseconds, which the tests leave to this
 * benchmark. The Upstash stand-in needs a redis-server (a private one, as in its test).
 */
import { WebSocket } from 'ws';
import { startNeonHttpEndpoint } from '../../scripts/local/neon-http';
import { findFreePort } from '../../scripts/local/net';
import { startUpstashRest } from '../../scripts/local/upstash';
import { startWsBridge } from '../../scripts/local/ws-bridge';
import {
  type HangingServer,
  startHangingServer,
  startRestartableRedis,
  timed,
} from '../../test/node/support/faults';

const UPSTASH_COMMAND_TIMEOUT_MS = 500;
const NEON_CONNECT_TIMEOUT_MS = 1_000;
const TOKEN = 'bench-stand-in-token';

export type StandInCall = {
  standIn: string;
  case: string;
  /** The timeout that ends the call, or none when nothing should be waited for. */
  timeoutMs?: number;
  run(): Promise<number>;
};

const expectStatus = async (what: string, response: Promise<Response>, status: number) => {
  const answer = await timed(response);
  if (answer.value?.status !== status)
    throw new Error(`${what}: expected ${status}, got ${answer.value?.status ?? answer.error}`);
  await answer.value.text();
  return answer.ms;
};

/** Starts the stand-ins and their broken upstreams; `close` ends them all. */
export async function startStandInCalls(): Promise<{
  calls: StandInCall[];
  close(): Promise<void>;
}> {
  const hanging = await startHangingServer();
  const refusedPort = await findFreePort();
  const redis = await startRestartableRedis();
  const upstash = await startUpstashRest({
    redisUrl: redis.url,
    token: TOKEN,
    commandTimeoutMs: UPSTASH_COMMAND_TIMEOUT_MS,
  });
  const neon = await startNeonHttpEndpoint({
    connectTimeoutMs: NEON_CONNECT_TIMEOUT_MS,
    queryTimeoutMs: 2_000,
  });

  let hangingRedis: HangingServer | undefined;
  /** Redis stopped, or a wedged server on its port. */
  const breakRedis = async (how: 'stop' | 'hang') => {
    await hangingRedis?.close();
    hangingRedis = undefined;
    await redis.stop();
    if (how === 'hang') hangingRedis = await startHangingServer(redis.port);
  };
  const upstashGet = () =>
    fetch(upstash.url, {
      method: 'POST',
      body: JSON.stringify(['GET', 'k']),
      headers: { authorization: `Bearer ${TOKEN}` },
    });
  const neonSelect = (port: number) =>
    fetch(neon.url, {
      method: 'POST',
      body: JSON.stringify({ query: 'select 1', params: [] }),
      headers: {
        'Neon-Connection-String': `postgres://u:p@127.0.0.1:${port}/db`,
        'Neon-Raw-Text-Output': 'true',
        'Neon-Array-Mode': 'true',
      },
    });

  const calls: StandInCall[] = [
    {
      standIn: 'Upstash',
      case: 'Redis stopped: 503',
      run: async () => {
        await breakRedis('stop');
        return expectStatus('Upstash, Redis stopped', upstashGet(), 503);
      },
    },
    {
      standIn: 'Upstash',
      case: 'Redis hanging: 503',
      timeoutMs: UPSTASH_COMMAND_TIMEOUT_MS,
      run: async () => {
        await breakRedis('hang');
        return expectStatus('Upstash, Redis hanging', upstashGet(), 503);
      },
    },
    {
      standIn: 'Neon HTTP',
      case: 'Postgres refusing: 503',
      run: () => expectStatus('Neon HTTP, refused', neonSelect(refusedPort), 503),
    },
    {
      standIn: 'Neon HTTP',
      case: 'Postgres hanging: 503',
      timeoutMs: NEON_CONNECT_TIMEOUT_MS,
      run: () => expectStatus('Neon HTTP, hanging', neonSelect(hanging.port), 503),
    },
    {
      standIn: 'WebSocket bridge',
      case: 'close() with an idle tunnel open, until the client sees it dropped',
      run: async () => {
        const bridge = await startWsBridge();
        const ws = new WebSocket(`ws://${bridge.host}/v1?address=127.0.0.1:${hanging.port}`);
        await new Promise((resolve, reject) => {
          ws.once('open', resolve);
          ws.once('error', reject);
        });
        const closed = new Promise<number>((resolve) => ws.once('close', resolve));
        const started = performance.now();
        await bridge.close();
        const code = await closed;
        if (code !== 1006) throw new Error(`WebSocket bridge: closed with ${code}, not cut`);
        return performance.now() - started;
      },
    },
  ];
  return {
    calls,
    close: async () => {
      await hangingRedis?.close();
      await upstash.close();
      await neon.close();
      await redis.stop();
      await hanging.close();
    },
  };
}
