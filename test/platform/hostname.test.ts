import { describe, expect, it } from 'vitest';
import { requestHostname } from '../../src/http/shop';

describe('requestHostname', () => {
  const headers = (h: Record<string, string>) => new Headers(h);

  it('prefers the forwarded host, then Origin, then Host', () => {
    expect(
      requestHostname(
        headers({
          'x-forwarded-host': 'shop.example, proxy',
          origin: 'https://o.example',
          host: 'h.example',
        }),
      ),
    ).toBe('shop.example');
    expect(requestHostname(headers({ origin: 'https://o.example:8443', host: 'h.example' }))).toBe(
      'o.example',
    );
    expect(requestHostname(headers({ host: 'H.Example:8787' }))).toBe('h.example');
  });

  it('skips values that are not hosts', () => {
    expect(requestHostname(headers({ origin: 'null', host: 'h.example' }))).toBe('h.example');
    expect(requestHostname(headers({ 'x-forwarded-host': '::::', host: 'h.example' }))).toBe(
      'h.example',
    );
    expect(requestHostname(headers({}))).toBeNull();
  });
});
