import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  classifyHost,
  destinationRefusal,
  fetchOutbound,
  OutboundError,
  readCapped,
} from '../../src/lib/outbound';

const production = { allowLoopback: false };
const local = { allowLoopback: true };

describe('the destination rule of every outbound fetch (src/lib/outbound.ts)', () => {
  const refused = {
    'IPv4 private': ['10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '100.64.0.1'],
    'IPv4 loopback, written any way the URL parser accepts': [
      '127.0.0.1',
      '127.9.9.9',
      '2130706433',
      '0x7f.1',
      '127.1',
      '0177.0.0.1',
    ],
    'IPv4 link-local (cloud metadata)': ['169.254.169.254', '169.254.0.1'],
    'IPv4 unspecified, reserved, multicast, documentation': [
      '0.0.0.0',
      '240.0.0.1',
      '255.255.255.255',
      '224.0.0.1',
      '192.0.2.1',
      '198.18.0.1',
    ],
    'IPv6 loopback and unspecified': ['[::1]', '[0:0:0:0:0:0:0:1]', '[::]'],
    'IPv6 unique-local': ['[fc00::1]', '[fd12:3456::1]'],
    'IPv6 link-local': ['[fe80::1]', '[febf::1]'],
    'IPv6 site-local': ['[fec0::1]', '[feff::1]'],
    'IPv6 multicast and documentation': ['[ff02::1]', '[2001:db8::1]'],
    'IPv4-mapped and IPv4-compatible': [
      '[::ffff:127.0.0.1]',
      '[::ffff:10.0.0.1]',
      '[::ffff:a9fe:a9fe]',
      '[::10.0.0.1]',
      '[::127.0.0.1]',
    ],
    'NAT64, 6to4 and Teredo': [
      '[64:ff9b::a00:1]',
      '[64:ff9b:1::1]',
      '[2002:a00:1::1]',
      '[2002:808:808::1]',
      '[2001:0:4136:e378:8000:63bf:3fff:fdd2]',
    ],
    'internal names': [
      'localhost',
      'api.localhost',
      'metadata',
      'redis',
      'metadata.google.internal',
      'printer.local',
      'nas.lan',
      'router.home.arpa',
      'LOCALHOST.',
    ],
  };
  for (const [kind, hosts] of Object.entries(refused)) {
    it(`refuses ${kind} in production`, () => {
      for (const host of hosts) {
        const refusal = destinationRefusal(`https://${host}/image.png`, production);
        expect(refusal, host).toMatch(/private or reserved|loopback/);
      }
    });
  }

  it('admits loopback (and plain http) only when local development opts in; private stays refused', () => {
    for (const host of ['127.0.0.1', '[::1]', 'localhost', '[::ffff:127.0.0.1]']) {
      expect(destinationRefusal(`http://${host}:8702/x`, local), host).toBeNull();
      expect(destinationRefusal(`https://${host}/x`, production), host).toMatch(/loopback/);
    }
    for (const host of ['10.0.0.1', '[fd00::1]', '169.254.169.254', '[2002:7f00:1::1]', 'redis'])
      expect(destinationRefusal(`http://${host}/x`, local), host).toMatch(/private/);
    expect(destinationRefusal('http://cdn.example.com/x.png', production)).toMatch(/https/);
  });

  it('admits public addresses and names', () => {
    for (const host of [
      'cdn.shopify.com',
      '8.8.8.8',
      '1.1.1.1',
      '[2606:4700::1111]',
      '[2a00:1450:4001::1]',
      '[::ffff:8.8.8.8]',
      '172.32.0.1',
      '100.128.0.1',
    ])
      expect(destinationRefusal(`https://${host}/x.png`, production), host).toBeNull();
    expect(classifyHost('images.example.com')).toBe('public');
  });

  it('refuses URLs with credentials, other schemes and nonsense', () => {
    expect(destinationRefusal('https://user:pw@cdn.example.com/x', production)).toMatch(/user/);
    expect(destinationRefusal('file:///etc/passwd', local)).toMatch(/https/);
    expect(destinationRefusal('gopher://cdn.example.com/', local)).toMatch(/https/);
    expect(destinationRefusal('not a url', production)).toMatch(/absolute/);
  });
});

describe('fetchOutbound and readCapped, against a real HTTP server', () => {
  let server: Server;
  let origin: string;
  let streamed = 0;

  beforeAll(async () => {
    server = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      if (url.pathname === '/redirect') {
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' });
        res.end();
      } else if (url.pathname === '/endless') {
        // No Content-Length: only counting while reading can stop it.
        streamed = 0;
        res.writeHead(200, { 'content-type': 'image/png' });
        const chunk = Buffer.alloc(64 * 1024, 1);
        const write = () => {
          while (streamed < 200 * 1024 * 1024 && !res.destroyed) {
            streamed += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', write);
          }
          res.end();
        };
        write();
      } else {
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('ok');
      }
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  const options = { ...local, timeoutMs: 5_000, maxRedirects: 3 };

  it('checks every redirect hop and refuses a hop to a forbidden host before requesting it', async () => {
    for (const to of [
      'http://169.254.169.254/latest/meta-data/',
      'http://10.0.0.1/x.png',
      'http://[fd00::1]/x.png',
      'http://[::ffff:192.168.0.1]/x.png',
      'http://metadata.google.internal/',
      'http://redis:6379/',
    ]) {
      const error = await fetchOutbound(`${origin}/redirect?to=${encodeURIComponent(to)}`, options)
        .then(() => null)
        .catch((e: unknown) => e);
      expect(error, to).toBeInstanceOf(OutboundError);
      expect((error as OutboundError).failure, to).toBe('refused');
    }
    // In production even the first hop, loopback, is refused.
    await expect(fetchOutbound(`${origin}/`, { ...options, allowLoopback: false })).rejects.toThrow(
      /https|loopback/,
    );
  });

  it('follows allowed redirects up to the limit', async () => {
    const once = await fetchOutbound(`${origin}/redirect?to=/`, options);
    expect(await once.text()).toBe('ok');
    let chain = `${origin}/`;
    for (let i = 0; i < 4; i++) chain = `${origin}/redirect?to=${encodeURIComponent(chain)}`;
    await expect(fetchOutbound(chain, options)).rejects.toMatchObject({
      failure: 'too-many-redirects',
    });
  });

  it('stops reading a body without Content-Length as soon as it passes the cap', async () => {
    const response = await fetchOutbound(`${origin}/endless`, options);
    await expect(readCapped(response, 1024 * 1024)).rejects.toMatchObject({ failure: 'too-large' });
    // The server was cut off long before its 200 MB (socket buffers hold a few MB at most).
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(streamed).toBeLessThan(32 * 1024 * 1024);
  });

  it('says "no answer" for a closed port, without the port or the system error', async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, '127.0.0.1', () => {
        const { port } = probe.address() as AddressInfo;
        probe.close(() => resolve(port));
      });
    });
    const error = await fetchOutbound(`http://127.0.0.1:${closed}/x`, options).catch(
      (e: unknown) => e as OutboundError,
    );
    expect(error).toMatchObject({ failure: 'no-answer' });
    expect((error as Error).message).not.toMatch(/ECONNREFUSED|\d{4,5}/);
  });
});
