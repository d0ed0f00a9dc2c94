import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { PUBLIC_ORIGIN, withPublicOrigin } from '../../../../scripts/openapi-examples/redact';

const ROOT = join(import.meta.dirname, '../../../..');
const RECORDED = ['src/http/docs-examples.json', 'src/http/admin-docs-examples.json'];

/** What in `text` names a machine rather than a shop: a loopback host, or any URL with a port. */
const localMentions = (text: string) =>
  [...text.matchAll(/127\.0\.0\.1|localhost|\[::1\]|[a-z][a-z0-9+.-]*:\/\/[^/\s"':]+:\d+/gi)].map(
    (m) => m[0],
  );

describe('the recorded examples of the public references', () => {
  it.each(RECORDED)('%s names no local host and no port', (file) => {
    expect(localMentions(readFileSync(join(ROOT, file), 'utf8'))).toEqual([]);
  });

  it('the check finds a recording made against the local stack', () => {
    expect(
      localMentions(
        '{"url":"http://127.0.0.1:36309/storage/s/media/a.svg","b":"http://localhost/x"}',
      ),
    ).toEqual(['http://127.0.0.1:36309', 'localhost']);
    expect(localMentions('{"url":"http://shop.internal:8787/c/pay/cs_1"}')).toEqual([
      'http://shop.internal:8787',
    ]);
  });

  it('the recorder moves every local origin onto the public one', () => {
    const recorded = {
      response: {
        media: { url: 'http://127.0.0.1:36309/storage/s/media/' },
        checkout: ['http://localhost:34829/c/pay/cs_test_1'],
        site: 'https://aurora.example/shop',
      },
    };
    const example = withPublicOrigin(recorded);
    expect(example).toEqual({
      response: {
        media: { url: `${PUBLIC_ORIGIN}/storage/s/media/` },
        checkout: [`${PUBLIC_ORIGIN}/c/pay/cs_test_1`],
        site: 'https://aurora.example/shop',
      },
    });
    expect(localMentions(JSON.stringify(example))).toEqual([]);
  });
});
