import { describe, expect, it } from 'vitest';
import type { Bindings } from '../../../../src/env';
import { staticFile } from '../../../../src/http/static-files';

/** Bindings whose ASSETS answers with the URL it was asked for. */
const withAssets = () => {
  const asked: string[] = [];
  const env = {
    ASSETS: {
      fetch: async (request: Request) => {
        asked.push(request.url);
        return new Response('asset');
      },
    },
  } as unknown as Bindings;
  return { env, asked };
};

const request = (url: string) => new Request(url);

describe('staticFile: the built files go to the assets Worker, nothing else does', () => {
  it('forwards the renderer and the dashboard files as they came', async () => {
    const { env, asked } = withAssets();
    for (const url of [
      'http://shop.test/docs/assets/scalar-1.2.3.js',
      'http://shop.test/admin/assets/index-abc.js?v=1',
    ]) {
      const answer = staticFile(request(url), env);
      expect(answer, url).not.toBeNull();
      expect(await (await answer)?.text()).toBe('asset');
    }
    expect(asked).toEqual([
      'http://shop.test/docs/assets/scalar-1.2.3.js',
      'http://shop.test/admin/assets/index-abc.js?v=1',
    ]);
  });

  it('leaves every other path to the application', () => {
    const { env, asked } = withAssets();
    for (const url of [
      'http://shop.test/',
      'http://shop.test/docs',
      'http://shop.test/docs/assets',
      'http://shop.test/admin',
      'http://shop.test/admin/assetsx/a.js',
      'http://shop.test/admin/products/assets/a.js',
      'http://shop.test/access/api/v1/products?next=/docs/assets/a.js',
      'http://shop.test/admin/api/v1/products#/admin/assets/a.js',
    ]) {
      expect(staticFile(request(url), env), url).toBeNull();
    }
    expect(asked).toEqual([]);
  });

  it('leaves them to the application too without the binding (its 404)', () => {
    expect(staticFile(request('http://shop.test/docs/assets/a.js'), {} as Bindings)).toBeNull();
  });
});
