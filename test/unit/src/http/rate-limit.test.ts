import { describe, expect, it } from 'vitest';
import { clientNetwork, networkKey } from '../../../../src/http/rate-limit';

const from = (ip: string) => new Headers({ 'cf-connecting-ip': ip });

describe('the rate-limit network key', () => {
  it('counts an IPv4 address as itself and an IPv6 address by its /64', () => {
    expect(clientNetwork(from('203.0.113.7'))).toBe('203.0.113.7');
    const a = clientNetwork(from('2001:db8:1:2:aaaa::1'));
    const b = clientNetwork(from('2001:db8:1:2:ffff:ffff:ffff:ffff'));
    const other = clientNetwork(from('2001:db8:1:3::1'));
    expect(a).toBe(b);
    expect(a).not.toBe(other);
  });

  it('counts an IPv4-mapped IPv6 address as its IPv4 address', () => {
    expect(clientNetwork(from('::ffff:203.0.113.7'))).toBe('203.0.113.7');
  });

  it('puts requests without an address, or with garbage, in one bucket per kind', () => {
    expect(clientNetwork(new Headers())).toBe('unknown');
    expect(clientNetwork(from('not-an-ip'))).toBe('invalid');
    expect(clientNetwork(from('300.1.1.1'))).toBe('invalid');
  });

  it('falls back to the first forwarded hop and keys per shop', () => {
    const headers = new Headers({ 'x-forwarded-for': '198.51.100.9, 10.0.0.1' });
    expect(networkKey('shop-a', headers)).toBe('shop-a:198.51.100.9');
    expect(networkKey('shop-b', headers)).not.toBe(networkKey('shop-a', headers));
  });
});
