/**
 * The one rule for every request the platform sends out on a merchant's say-so (webhook
 * deliveries, images an import downloads): which destinations it may reach, and a fetch that
 * holds to it on every redirect hop and caps what it reads.
 *
 * Refused: every IP literal that is not publicly routable (private, loopback, link-local,
 * CGNAT, multicast, reserved and documentation ranges; IPv6 loopback, unspecified, unique-local,
 * link-local, site-local, multicast, documentation), the IPv6 forms that carry an IPv4 address
 * or tunnel to one (IPv4-mapped, IPv4-compatible, NAT64, 6to4, Teredo), and internal names
 * (`localhost`, a name without a dot, `.local`, `.internal`, `.localhost`, `.home.arpa`…).
 * The URL parser has already turned `2130706433`, `0x7f.1` and `127.1` into `127.0.0.1`.
 * Hostnames are not resolved (Workers cannot): a public name that resolves to a private
 * address is left to the platform, which does not route Workers' fetches into private
 * networks (docs/decisions/merchant-api.md, Webhooks).
 *
 * `allowLoopback` is for local development and tests only (OUTBOUND_ALLOW_LOOPBACK, set by
 * scripts/local/stack.ts and never in wrangler.toml): it admits plain http and loopback hosts;
 * private ranges stay refused even then.
 */
import { readStreamCapped } from './capped-read';

type Range = readonly [base: number, bits: number];

const ipv4 = (a: number, b: number, c: number, d: number) =>
  ((a << 24) | (b << 16) | (c << 8) | d) >>> 0;

/** IPv4 ranges that are not the public internet (RFC 6890 and friends). */
const PRIVATE_V4: readonly Range[] = [
  [ipv4(0, 0, 0, 0), 8],
  [ipv4(10, 0, 0, 0), 8],
  [ipv4(100, 64, 0, 0), 10],
  [ipv4(169, 254, 0, 0), 16],
  [ipv4(172, 16, 0, 0), 12],
  [ipv4(192, 0, 0, 0), 24],
  [ipv4(192, 0, 2, 0), 24],
  [ipv4(192, 88, 99, 0), 24],
  [ipv4(192, 168, 0, 0), 16],
  [ipv4(198, 18, 0, 0), 15],
  [ipv4(198, 51, 100, 0), 24],
  [ipv4(203, 0, 113, 0), 24],
  [ipv4(224, 0, 0, 0), 4],
  [ipv4(240, 0, 0, 0), 4],
];
const LOOPBACK_V4: Range = [ipv4(127, 0, 0, 0), 8];

/** Names that only ever resolve inside a private network. */
const INTERNAL_SUFFIXES = [
  'localhost',
  'local',
  'internal',
  'intranet',
  'lan',
  'home',
  'corp',
  'private',
  'home.arpa',
  'localdomain',
];

const inRange = (address: number, [base, bits]: Range) =>
  bits === 0 || address >>> (32 - bits) === base >>> (32 - bits);

function parseV4(host: string): number | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const [a, b, c, d] = parts.map(Number) as [number, number, number, number];
  return [a, b, c, d].every((n) => n <= 255) ? ipv4(a, b, c, d) : null;
}

/** The eight 16-bit groups of an IPv6 literal (`[…]` removed; a dotted IPv4 tail allowed). */
function parseV6(literal: string): number[] | null {
  let host = literal.toLowerCase();
  const zone = host.indexOf('%');
  if (zone >= 0) host = host.slice(0, zone);
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(host);
  if (dotted) {
    const v4 = parseV4(dotted[2] ?? '');
    if (v4 === null) return null;
    host = `${dotted[1]}${(v4 >>> 16).toString(16)}:${(v4 & 0xffff).toString(16)}`;
  }
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) =>
    part === ''
      ? []
      : part.split(':').map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? parseInt(g, 16) : NaN));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const fill = 8 - head.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const all = [...head, ...new Array<number>(fill).fill(0), ...tail];
  return all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

export type Destination = 'public' | 'loopback' | 'private';

function classifyV4(address: number): Destination {
  if (inRange(address, LOOPBACK_V4)) return 'loopback';
  return PRIVATE_V4.some((range) => inRange(address, range)) ? 'private' : 'public';
}

function classifyV6(g: number[]): Destination {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  // ::, and the deprecated IPv4-compatible ::a.b.c.d: never a public destination.
  if (zeroPrefix && g5 === 0) return 'private';
  // ::ffff:a.b.c.d (IPv4-mapped) reaches the IPv4 address itself.
  if (zeroPrefix && g5 === 0xffff) return classifyV4(((g6 << 16) | g7) >>> 0);
  if (g0 === 0x64 && g1 === 0xff9b) return 'private'; // NAT64 (64:ff9b::/96, 64:ff9b:1::/48)
  if (g0 === 0x2002) return 'private'; // 6to4: tunnels to the IPv4 address it embeds
  if (g0 === 0x2001 && g1 === 0) return 'private'; // Teredo
  if (g0 === 0x2001 && g1 === 0x0db8) return 'private'; // documentation
  if (g0 === 0x0100 && g1 === 0 && g2 === 0 && g3 === 0) return 'private'; // discard
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'private'; // link-local
  if ((g0 & 0xffc0) === 0xfec0) return 'private'; // site-local
  if ((g0 & 0xff00) === 0xff00) return 'private'; // multicast
  return 'public';
}

/** What kind of place a URL's hostname (as `new URL` writes it) points to. */
export function classifyHost(hostname: string): Destination {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') && host.endsWith(']')) {
    const groups = parseV6(host.slice(1, -1));
    return groups ? classifyV6(groups) : 'private';
  }
  const v4 = parseV4(host);
  if (v4 !== null) return classifyV4(v4);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  // A name without a dot is resolved only inside some private network, never publicly.
  if (!host.includes('.')) return 'private';
  return INTERNAL_SUFFIXES.some((suffix) => host.endsWith(`.${suffix}`)) ? 'private' : 'public';
}

export type DestinationRule = {
  /** Local development and tests only: plain http and loopback hosts. */
  allowLoopback: boolean;
};

/** Why `raw` may not be fetched, in words a merchant reads; null when it may. */
export function destinationRefusal(raw: string, rule: DestinationRule): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Must be an absolute URL.';
  }
  if (url.protocol !== 'https:' && !(rule.allowLoopback && url.protocol === 'http:')) {
    return 'Must be an https:// URL.';
  }
  if (url.username || url.password) return 'Must not carry a user name or password.';
  const verdict = classifyHost(url.hostname);
  if (verdict === 'private') return 'Must not point to a private or reserved address.';
  if (verdict === 'loopback' && !rule.allowLoopback) return 'Must not point to a loopback address.';
  return null;
}

/** Why an outbound fetch failed, as a code a caller can map and words a merchant reads. */
export type OutboundFailure =
  | 'refused'
  | 'host-not-found'
  | 'no-answer'
  | 'timeout'
  | 'http-status'
  | 'too-many-redirects'
  | 'too-large';

export class OutboundError extends Error {
  constructor(
    readonly failure: OutboundFailure,
    message: string,
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export type OutboundOptions = DestinationRule & {
  timeoutMs: number;
  /** Redirects followed, each hop checked against the rule; 0 refuses any redirect. */
  maxRedirects: number;
  init?: RequestInit;
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);

/**
 * GET (or `init`) of `raw` under the destination rule: every hop of a redirect is checked
 * before it is requested. Connection failures are not told apart beyond "host not found" and
 * "no answer", so the answer never maps ports. Answers whatever status the final hop gave.
 */
export async function fetchOutbound(raw: string, options: OutboundOptions): Promise<Response> {
  const signal = AbortSignal.timeout(options.timeoutMs);
  let url = raw;
  for (let hop = 0; ; hop++) {
    const refusal = destinationRefusal(url, options);
    if (refusal) throw new OutboundError('refused', refusal.replace(/^Must/, 'The address must'));
    let response: Response;
    try {
      response = await fetch(url, { ...options.init, redirect: 'manual', signal });
    } catch (error) {
      if (signal.aborted) throw new OutboundError('timeout', 'The server took too long to answer.');
      const text = String((error as Error)?.message ?? error);
      if (/ENOTFOUND|EAI_AGAIN|DNS|getaddrinfo|resolve/i.test(text))
        throw new OutboundError('host-not-found', 'The host name was not found.');
      throw new OutboundError('no-answer', 'The server could not be reached.');
    }
    const location = response.headers.get('location');
    if (!REDIRECTS.has(response.status) || !location) return response;
    await response.body?.cancel();
    if (hop >= options.maxRedirects)
      throw new OutboundError('too-many-redirects', 'The address redirects too many times.');
    url = new URL(location, url).toString();
  }
}

/**
 * The body of `response`, read while it streams and abandoned as soon as it passes
 * `maxBytes`, whatever `Content-Length` says or leaves out.
 */
export const readCapped = (response: Response, maxBytes: number): Promise<Uint8Array> =>
  readStreamCapped(
    response,
    maxBytes,
    () =>
      new OutboundError(
        'too-large',
        `The file is larger than ${Math.floor(maxBytes / 1048576)} MB.`,
      ),
  );
