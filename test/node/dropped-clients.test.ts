import { connect } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailSink } from '../../scripts/local/mail-sink';
import { startNeonHttpEndpoint } from '../../scripts/local/neon-http';
import { startPaymentsProvider } from '../../scripts/local/payments-provider';

type Stoppable = { url: string; close(): Promise<void> };

/** Sends the head of a request and part of its body, then drops the connection. */
function dropMidBody(url: string, path: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.write(
        `POST ${path} HTTP/1.1\r\nHost: ${hostname}\r\nContent-Type: application/json\r\n` +
          'Authorization: Bearer re_x\r\nContent-Length: 5000\r\n\r\n{"to":',
      );
      setTimeout(() => {
        socket.destroy();
        resolve();
      }, 50);
    });
    socket.on('error', () => resolve());
  });
}

/** Sends a whole request and drops the connection before the answer comes. */
function dropBeforeAnswer(url: string, path: string): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      socket.end(`GET ${path} HTTP/1.1\r\nHost: ${hostname}\r\n\r\n`);
      socket.destroy();
      resolve();
    });
    socket.on('error', () => resolve());
  });
}

/**
 * The stand-ins without an upstream of their own (the Resend sink, the payments provider)
 * and the Neon endpoint, when a client drops its connection mid-request: nothing crashes
 * the process (an unhandled error would fail this file) and the next request is served.
 */
describe('stand-ins when a client drops its connection', () => {
  const started: Record<string, Stoppable> = {};

  beforeAll(async () => {
    const [sink, payments, neon] = await Promise.all([
      startMailSink(),
      startPaymentsProvider(),
      startNeonHttpEndpoint(),
    ]);
    Object.assign(started, { sink, payments, neon });
  });

  afterAll(async () => {
    await Promise.all(Object.values(started).map((s) => s.close()));
  });

  it.each([
    ['sink', '/emails', '/api/emails'],
    ['payments', '/v1/checkout/sessions', '/__test/sessions'],
    ['neon', '/sql', '/sql'],
  ])('the %s stand-in keeps serving', async (name, postPath, getPath) => {
    const service = started[name];
    if (!service) throw new Error(`${name} not started`);
    const base = service.url.replace(/\/sql$/, '');
    for (let i = 0; i < 5; i++) {
      await dropMidBody(base, postPath);
      await dropBeforeAnswer(base, getPath);
    }
    await new Promise((r) => setTimeout(r, 100));
    const res = await fetch(`${base}${getPath}`, { method: name === 'neon' ? 'POST' : 'GET' });
    // Each answers as the real service would; what matters is that it answers.
    expect(res.status).toBeLessThan(500);
  });
});
