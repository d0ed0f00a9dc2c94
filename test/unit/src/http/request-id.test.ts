import { describe, expect, it } from 'vitest';
import { requestIdFor } from '../../../../src/http/request-id';

const withId = (id: string) => new Headers({ 'x-request-id': id });

describe('requestIdFor', () => {
  it("keeps the caller's id when it is 1 to 255 word characters, - or =", () => {
    expect(requestIdFor(withId('abc-123_X=='))).toBe('abc-123_X==');
    expect(requestIdFor(withId('a'.repeat(255)))).toBe('a'.repeat(255));
  });

  it('makes a new UUID for no id, an empty, too long or unusual one', () => {
    const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
    for (const headers of [
      new Headers(),
      withId(''),
      withId('a'.repeat(256)),
      withId('has space'),
      withId('semi;colon'),
    ]) {
      expect(requestIdFor(headers)).toMatch(uuid);
    }
  });
});
