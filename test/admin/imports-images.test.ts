import { describe, expect, inject, it } from 'vitest';
import { csvOf, importCsv } from '../helpers/imports';
import { merchantOf } from '../helpers/merchant';
import { createTestShop } from '../helpers/shop-factory';

const HEADER = [
  'Handle',
  'Title',
  'Option1 Name',
  'Option1 Value',
  'Variant Price',
  'Image Src',
  'Image Position',
  'Status',
];
const images = () => inject('imageServerUrl');

/** One product whose images are the given URLs, one row each. */
const product = (srcs: string[]) =>
  srcs.map((src, i) =>
    i === 0
      ? {
          Handle: 'lamp',
          Title: 'Lamp',
          'Option1 Name': 'Title',
          'Option1 Value': 'Default Title',
          'Variant Price': '10',
          'Image Src': src,
          'Image Position': '1',
          Status: 'active',
        }
      : { Handle: 'lamp', 'Image Src': src, 'Image Position': String(i + 1) },
  );

/** How often the image server has served `path` (other test files use the server too). */
const served = async (path: string) =>
  ((await (await fetch(`${images()}/requests`)).json()) as { paths: Record<string, number> }).paths[
    path
  ] ?? 0;

type Problem = { code: string; message: string; column: string | null };

describe('images an import downloads (the outbound destination rule)', () => {
  it('stores a real image and refuses every other one with a reason a merchant understands', async () => {
    const shop = await createTestShop();
    const { key } = await merchantOf(shop);
    const redirect = (to: string) => `${images()}/redirect?to=${encodeURIComponent(to)}`;
    const srcs = [
      `${images()}/png/lamp.png`,
      `${images()}/missing/gone.png`,
      `${images()}/text/readme.png`,
      `${images()}/endless/huge.png`,
      redirect('http://169.254.169.254/latest/meta-data/'),
      redirect('http://[fd00::1]/x.png'),
      redirect('http://metadata.google.internal/x.png'),
      'https://10.0.0.1/x.png',
      'https://[2002:a00:1::1]/x.png',
    ];
    const done = await importCsv(key.secret, csvOf(HEADER, product(srcs)));
    expect(done).toMatchObject({ status: 'completed', created: 1, images_failed: 8 });
    const messages = (done.errors as Problem[]).map((e) => e.message);
    expect(done.errors.every((e: Problem) => e.code === 'IMAGE_NOT_STORED')).toBe(true);
    expect(messages).toEqual([
      `${srcs[1]}: The server answered HTTP 404 instead of the image.`,
      `${srcs[2]}: The file is not an image (JPEG, PNG, GIF, WebP or AVIF).`,
      `${srcs[3]}: The file is larger than 10 MB.`,
      `${srcs[4]}: The address must not point to a private or reserved address.`,
      `${srcs[5]}: The address must not point to a private or reserved address.`,
      `${srcs[6]}: The address must not point to a private or reserved address.`,
      `${srcs[7]}: The address must not point to a private or reserved address.`,
      `${srcs[8]}: The address must not point to a private or reserved address.`,
    ]);
  });

  it('in a dry run checks the addresses without downloading anything', async () => {
    const shop = await createTestShop();
    const { key } = await merchantOf(shop);
    const path = `/png/dry-run-${crypto.randomUUID()}.png`;
    const done = await importCsv(
      key.secret,
      csvOf(HEADER, product([`${images()}${path}`, 'https://192.168.0.10/b.png'])),
      { dryRun: true },
    );
    expect(done).toMatchObject({ status: 'completed', dry_run: true, created: 1 });
    expect((done.errors as Problem[]).map((e) => e.message)).toEqual([
      'https://192.168.0.10/b.png: The address must not point to a private or reserved address.',
    ]);
    expect(await served(path)).toBe(0);
  });
});
