import { describe, expect, it } from 'vitest';
import { clientNetwork } from '../../src/http/rate-limit';

const from = (headers: Record<string, string>) => clientNetwork(new Headers(headers));
const ip = (address: string) => from({ 'cf-connecting-ip': address });

describe('clientNetwork: what a per-IP limit counts', () => {
  it('counts IPv4 clients per address', () => {
    expect(ip('203.0.113.7')).toBe('203.0.113.7');
    expect(ip('203.0.113.8')).not.toBe(ip('203.0.113.7'));
  });

  it('counts IPv6 clients per /64, whatever spelling the address has', () => {
    const net = '2001:db8:abcd:12::/64';
    for (const address of [
      '2001:db8:abcd:12::1',
      '2001:0db8:abcd:0012:ffff:ffff:ffff:ffff',
      '2001:DB8:ABCD:12:1:2:3:4',
      '[2001:db8:abcd:12::9]',
      '2001:db8:abcd:12::9%eth0',
      '2001:db8:abcd:12:0:0:1.2.3.4',
    ]) {
      expect(ip(address), address).toBe(net);
    }
    expect(ip('2001:db8:abcd:13::1')).toBe('2001:db8:abcd:13::/64');
    expect(ip('::1')).toBe('0:0:0:0::/64');
    expect(ip('2001:db8::')).toBe('2001:db8:0:0::/64');
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(ip('::ffff:203.0.113.7')).toBe('203.0.113.7');
    expect(ip('::ffff:cb00:7107')).toBe('203.0.113.7');
  });

  it('takes the first X-Forwarded-For hop without CF-Connecting-IP', () => {
    expect(from({ 'x-forwarded-for': '2001:db8:1:2::5, 10.0.0.1' })).toBe('2001:db8:1:2::/64');
    expect(from({ 'cf-connecting-ip': '198.51.100.1', 'x-forwarded-for': '10.0.0.1' })).toBe(
      '198.51.100.1',
    );
  });

  it('puts what is not an address in one shared bucket', () => {
    expect(from({})).toBe('unknown');
    for (const junk of ['not-an-ip', '256.1.1.1', '1.2.3', '2001:db8::1::2', 'gggg::1', ':::']) {
      expect(ip(junk), junk).toBe('invalid');
    }
  });
});
