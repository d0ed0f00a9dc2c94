import { describe, expect, it } from 'vitest';
import { decodeEntities, htmlToText, truncate } from '../../src/modules/config/service/text';
import { matchPage, parseStorefrontUrl } from '../../src/modules/config/service/url';

describe('htmlToText', () => {
  it('drops tags, comments, scripts and styles and collapses whitespace', () => {
    expect(
      htmlToText(
        '<style>p{}</style><!-- note --><p>One\n\n<em>two</em></p><script>x()</script><br/>three',
      ),
    ).toBe('One two three');
  });

  it('decodes named, decimal and hex references and leaves unknown ones', () => {
    expect(decodeEntities('&lt;b&gt; &amp; &quot;q&quot; &#233; &#x1F600; &bogus; &#xD800;')).toBe(
      '<b> & "q" é 😀 &bogus; \uFFFD',
    );
    expect(htmlToText('5 &lt; 6')).toBe('5 < 6');
  });
});

describe('truncate', () => {
  it('keeps text within the limit whole', () => {
    expect(truncate('short text', 160)).toBe('short text');
  });

  it('cuts at a word boundary with an ellipsis, within the limit', () => {
    const text = 'word '.repeat(50).trim();
    const cut = truncate(text, 40);
    expect(cut).toBe(`${'word '.repeat(7).trim()}…`);
    expect(Array.from(cut).length).toBeLessThanOrEqual(40);
  });

  it('cuts a long word and never splits a surrogate pair', () => {
    const cut = truncate('😀'.repeat(50), 10);
    expect(cut).toBe(`${'😀'.repeat(9)}…`);
  });
});

describe('parseStorefrontUrl and matchPage', () => {
  it('reads placeholders, decodes segments and ignores query and fragment', () => {
    const url = parseStorefrontUrl('/collections/caf%C3%A9?x=1#top');
    expect(url).toEqual({
      host: null,
      segments: [
        { value: 'collections', placeholder: false },
        { value: 'café', placeholder: false },
      ],
    });
    expect(matchPage(url, null)).toEqual({
      target: { kind: 'collection', slug: 'café' },
      path: '/collections/caf%C3%A9',
    });
    expect(matchPage(parseStorefrontUrl('/product/:id'), 'a b')).toEqual({
      target: { kind: 'product', id: 'a b' },
      path: '/product/a%20b',
    });
  });

  it('takes the path of an absolute URL and lower-cases its host', () => {
    expect(parseStorefrontUrl('HTTPS://Shop.Example/support/refund')).toEqual({
      host: 'shop.example',
      segments: [
        { value: 'support', placeholder: false },
        { value: 'refund', placeholder: false },
      ],
    });
  });

  it('treats an unknown policy type and extra segments as no dynamic page', () => {
    expect(matchPage(parseStorefrontUrl('/support/nope'), null).target).toEqual({
      kind: 'support',
      type: null,
    });
    expect(matchPage(parseStorefrontUrl('/product/a/b'), null).target).toEqual({ kind: 'static' });
  });
});
