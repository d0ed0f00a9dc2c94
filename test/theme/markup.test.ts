/**
 * The theme's sanitizer of merchant markup (descriptions, policies, content), run inside workerd
 * where it runs in production: its parser is Workers' HTMLRewriter.
 */
import { describe, expect, it } from 'vitest';
import { decodeAttribute, safeMarkup } from '../../apps/theme/src/lib/html';

/** What a browser would build from the output: every element and attribute, values decoded. */
async function parsed(html: string) {
  const found: { tag: string; attributes: [string, string][] }[] = [];
  await new HTMLRewriter()
    .on('*', {
      element(el) {
        found.push({
          tag: el.tagName,
          attributes: [...el.attributes].map(([n = '', v = '']) => [n, decodeAttribute(v)]),
        });
      },
    })
    .transform(new Response(html))
    .text();
  return found;
}

const ATTACKS: [string, string][] = [
  ['<img src="x"/onerror=alert(1)>', '<img src="x">'],
  // A stray end tag carries nothing a browser reads.
  ['<scr<script x>ipt>alert(1)</script>', 'ipt&gt;alert(1)</script>'],
  ['<a href="jav&#x61;script:alert(1)">a</a>', '<a>a</a>'],
  ['<a href="jav&#97;script&colon;alert(1)">a</a>', '<a>a</a>'],
  ['<a href="jav&Tab;ascript:alert(1)">a</a>', '<a>a</a>'],
  ['<a href=" &#14; javascript:alert(1)">a</a>', '<a>a</a>'],
  ['<a href="JaVaScRiPt:alert(1)">a</a>', '<a>a</a>'],
  ['<a href="java\nscript:alert(1)">a</a>', '<a>a</a>'],
  ['<a href="vbscript:msgbox(1)">a</a>', '<a>a</a>'],
  ['<a href="data:text/html,<script>alert(1)</script>">a</a>', '<a>a</a>'],
  ['<img src="data:image/svg+xml,<svg onload=alert(1)>">', '<img>'],
  ['<a href="javascript&#x3A;alert(1)">a</a>', '<a>a</a>'],
  ['<a href="https://ok.example" href="javascript:alert(1)">a</a>', 'ok'],
  ['<svg><script>alert(1)</script></svg>after', 'after'],
  ['<svg onload=alert(1)>x</svg>', ''],
  ['<math><mi xlink:href="javascript:alert(1)">x</mi></math>', ''],
  ['<p style="background:url(javascript:alert(1))">p</p>', '<p>p</p>'],
  ['<div onclick="alert(1)" onmouseover=alert(1)>d</div>', '<div>d</div>'],
  ['<iframe srcdoc="<script>alert(1)</script>"></iframe>x', 'x'],
  ['<object data="javascript:alert(1)"></object>x', 'x'],
  ['<embed src="javascript:alert(1)">x', 'x'],
  ['<form><button formaction="javascript:alert(1)">b</button></form>x', 'x'],
  ['<input onfocus=alert(1) autofocus>x', 'x'],
  ['<unknown><textarea><img src=x onerror=alert(1)></textarea></unknown>x', 'x'],
  // Read as a browser with scripting reads it: the img is a tag, and loses its handler.
  [
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>x',
    '<img src="x">"&gt;</noscript>x',
  ],
  ['<style>*{background:red}</style>x', 'x'],
  ['<!-- <img src=x onerror=alert(1)> -->x', 'x'],
  ['<meta http-equiv="refresh" content="0;url=javascript:alert(1)">x', 'x'],
  ['<base href="https://evil.example/">x', 'x'],
  ['<image src=x onerror=alert(1)>x', 'x'],
  ['<a href="#" target="_blank" formaction="x" xlink:href="javascript:1">a</a>', 'ok'],
  ['<details open ontoggle=alert(1)>d</details>', '<details>d</details>'],
  ['<p>a < b &amp; c > d</p>', '<p>a &lt; b &amp; c &gt; d</p>'],
];

describe('merchant markup', () => {
  it.each(ATTACKS)('makes %s harmless', async (attack, expected) => {
    const out = await safeMarkup(attack);
    if (expected !== 'ok') expect(out).toBe(expected);
    for (const { tag, attributes } of await parsed(out)) {
      expect(['script', 'svg', 'math', 'iframe', 'object', 'embed', 'style']).not.toContain(tag);
      for (const [name, value] of attributes) {
        expect(name).toMatch(/^(href|src|alt|title|rel|width|height)$/);
        if (name === 'href' || name === 'src') {
          expect(new URL(value, 'https://page.example/').protocol).toMatch(
            /^(https?|mailto|tel):$/,
          );
        }
      }
    }
  });

  it('keeps formatting, tables and links with the allowed schemes', async () => {
    expect(
      await safeMarkup(
        '<h2>Care</h2><p><strong>Wash</strong> <em>cold</em>.</p><ul><li>one</li></ul>' +
          '<table><tr><td colspan="2">x</td></tr></table>',
      ),
    ).toBe(
      '<h2>Care</h2><p><strong>Wash</strong> <em>cold</em>.</p><ul><li>one</li></ul>' +
        '<table><tr><td colspan="2">x</td></tr></table>',
    );
    for (const href of [
      'https://shop.example/a?b=1&amp;c=2',
      'http://x.example/',
      'mailto:hi@shop.example',
      'tel:+15550100',
      '/pages/size-guide',
      '#care',
    ]) {
      expect(await safeMarkup(`<a href="${href}">l</a>`)).toBe(
        `<a href="${href}" rel="nofollow noopener noreferrer">l</a>`,
      );
    }
    expect(await safeMarkup('<img alt="A" src="https://media.example/a.jpg">')).toBe(
      '<img alt="A" src="https://media.example/a.jpg">',
    );
  });
});
