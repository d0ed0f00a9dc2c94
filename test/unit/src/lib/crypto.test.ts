import { createHash, createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { hmacHex, sha256Hex, sha256HexOfBytes } from '../../../../src/lib/crypto';

describe('hex digests', () => {
  it('writes SHA-256 as lower-case hex, two digits per byte', async () => {
    // FIPS 180-2's example.
    expect(await sha256Hex('abc')).toBe(
      'ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad',
    );
    const bytes = Uint8Array.from({ length: 256 }, (_, b) => b);
    expect(await sha256HexOfBytes(bytes)).toBe(createHash('sha256').update(bytes).digest('hex'));
  });

  it('writes an HMAC over the purpose and the value as Node does', async () => {
    const expected = createHmac('sha256', 'secret').update('otp\nabc:123456').digest('hex');
    expect(await hmacHex('secret', 'otp', 'abc:123456')).toBe(expected);
    expect(await hmacHex('secret', 'newsletter', 'abc:123456')).not.toBe(expected);
  });
});
