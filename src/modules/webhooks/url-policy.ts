/**
 * Which URLs a webhook may be sent to. Production refuses every address that is not
 * publicly routable when written as an IP literal (private, loopback, link-local, CGNAT,
 * multicast, reserved, IPv4-mapped and NAT64 forms of those) and `localhost`. Hostnames
 * are not resolved here: a public name that resolves to a private address (DNS rebinding)
 * is not caught by this check (docs/decisions.md, Webhooks).
 */

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
  [ipv4(192, 168, 0, 0), 16],
  [ipv4(198, 18, 0, 0), 15],
  [ipv4(198, 51, 100, 0), 24],
  [ipv4(203, 0, 113, 0), 24],
  [ipv4(224, 0, 0, 0), 4],
  [ipv4(240, 0, 0, 0), 4],
];
const LOOPBACK_V4: Range = [ipv4(127, 0, 0, 0), 8];

const inRange = (address: number, [base, bits]: Range) =>
  bits === 0 || address >>> (32 - bits) === base >>> (32 - bits);

function parseV4(host: string): number | null {
  const parts = host.split('.');
  if (parts.length !== 4 || !parts.every((p) => /^\d{1,3}$/.test(p))) return null;
  const [a, b, c, d] = parts.map(Number) as [number, number, number, number];
  return [a, b, c, d].every((n) => n <= 255) ? ipv4(a, b, c, d) : null;
}

/** The eight 16-bit groups of an IPv6 literal as the URL parser writes it (`[…]` removed). */
function parseV6(host: string): number[] | null {
  const halves = host.split('::');
  if (halves.length > 2) return null;
  const groups = (part: string) =>
    part === '' ? [] : part.split(':').map((g) => Number.parseInt(g, 16));
  const head = groups(halves[0] ?? '');
  const tail = halves.length === 2 ? groups(halves[1] ?? '') : [];
  const fill = 8 - head.length - tail.length;
  if (fill < 0 || (halves.length === 1 && fill !== 0)) return null;
  const all = [...head, ...new Array<number>(fill).fill(0), ...tail];
  return all.every((g) => Number.isInteger(g) && g >= 0 && g <= 0xffff) ? all : null;
}

type Verdict = 'public' | 'loopback' | 'private';

function classifyV4(address: number): Verdict {
  if (inRange(address, LOOPBACK_V4)) return 'loopback';
  return PRIVATE_V4.some((range) => inRange(address, range)) ? 'private' : 'public';
}

function classifyV6(g: number[]): Verdict {
  const [g0 = 0, g1 = 0, g2 = 0, g3 = 0, g4 = 0, g5 = 0, g6 = 0, g7 = 0] = g;
  const zeroPrefix = g0 === 0 && g1 === 0 && g2 === 0 && g3 === 0 && g4 === 0;
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 1) return 'loopback';
  if (zeroPrefix && g5 === 0 && g6 === 0 && g7 === 0) return 'private';
  // ::ffff:a.b.c.d and the NAT64 prefix 64:ff9b::/96 carry an IPv4 address.
  const embedded = ((g6 << 16) | g7) >>> 0;
  if (zeroPrefix && g5 === 0xffff) return classifyV4(embedded);
  if (g0 === 0x64 && g1 === 0xff9b) return classifyV4(embedded);
  if ((g0 & 0xfe00) === 0xfc00) return 'private'; // unique local
  if ((g0 & 0xffc0) === 0xfe80) return 'private'; // link-local
  if ((g0 & 0xff00) === 0xff00) return 'private'; // multicast
  if (g0 === 0x2001 && g1 === 0x0db8) return 'private'; // documentation
  return 'public';
}

function classifyHost(hostname: string): Verdict {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  if (host.startsWith('[') && host.endsWith(']')) {
    const groups = parseV6(host.slice(1, -1));
    return groups ? classifyV6(groups) : 'private';
  }
  const v4 = parseV4(host);
  if (v4 !== null) return classifyV4(v4);
  if (host === 'localhost' || host.endsWith('.localhost')) return 'loopback';
  // A name without a dot is resolved only inside some private network, never publicly.
  return host.includes('.') ? 'public' : 'private';
}

/**
 * Why `raw` may not receive webhooks, or null when it may. `allowLoopback` (local dev and
 * tests only) admits plain http and loopback hosts; private ranges stay refused.
 */
export function webhookUrlRefusal(raw: string, allowLoopback: boolean): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return 'Must be an absolute URL.';
  }
  if (url.protocol !== 'https:' && !(allowLoopback && url.protocol === 'http:')) {
    return 'Must be an https:// URL.';
  }
  if (url.username || url.password) return 'Must not carry a user name or password.';
  const verdict = classifyHost(url.hostname);
  if (verdict === 'private') return 'Must not point to a private or reserved address.';
  if (verdict === 'loopback' && !allowLoopback) return 'Must not point to a loopback address.';
  return null;
}
