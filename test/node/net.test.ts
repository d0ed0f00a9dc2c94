import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { findFreePort, isLoopbackHost, parseHostPort, waitForPort } from '../../scripts/local/net';

describe('isLoopbackHost', () => {
  it('accepts only addresses that stay on this machine', () => {
    for (const host of [
      'localhost',
      '127.0.0.1',
      '127.8.9.10',
      '::1',
      '[::1]',
      '::ffff:127.0.0.1',
    ]) {
      expect(isLoopbackHost(host), host).toBe(true);
    }
    for (const host of [
      '10.0.0.1',
      '0.0.0.0',
      '128.0.0.1',
      'example.com',
      'localhost.evil.com',
      '::',
    ]) {
      expect(isLoopbackHost(host), host).toBe(false);
    }
  });
});

describe('parseHostPort', () => {
  it('splits host and port, IPv6 included', () => {
    expect(parseHostPort('127.0.0.1:5432')).toEqual({ host: '127.0.0.1', port: 5432 });
    expect(parseHostPort('[::1]:5432')).toEqual({ host: '::1', port: 5432 });
    expect(parseHostPort('localhost')).toBeNull();
    expect(parseHostPort('localhost:99999')).toBeNull();
    expect(parseHostPort(':5432')).toBeNull();
  });
});

describe('findFreePort and waitForPort', () => {
  it('finds a port nothing listens on and notices when something does', async () => {
    const port = await findFreePort();
    await expect(waitForPort(port, { timeoutMs: 300 })).rejects.toThrow(/nothing listens/);
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
    try {
      // Already listening: the wait ends at once; 30 s only guards against a hang.
      await expect(waitForPort(port, { timeoutMs: 30_000 })).resolves.toBeUndefined();
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
