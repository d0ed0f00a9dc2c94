import { describe, expect, it } from 'vitest';
import {
  cleanMarkup,
  editorValue,
  type MarkupNode,
  toHtml,
} from '../../../../apps/dashboard/src/lib/rich-text';
import { ELEMENTS } from '../../../../src/lib/markup-allowlist';

const text = (t: string): MarkupNode => ({ kind: 'text', text: t });
const el = (
  tag: string,
  attributes: [string, string][] = [],
  ...children: MarkupNode[]
): MarkupNode => ({ kind: 'element', tag, attributes, children });

describe('the rich-text editor’s markup', () => {
  it('keeps headings, lists, links, bold, italic and images as written', () => {
    const html = toHtml(
      cleanMarkup([
        el('h2', [], text('Care')),
        el('ul', [], el('li', [], text('Wash '), el('strong', [], text('cold')))),
        el(
          'p',
          [],
          el('em', [], text('See ')),
          el('a', [['href', 'https://shop.example/care']], text('the guide')),
        ),
        el(
          'p',
          [],
          el('img', [
            ['src', 'https://media.example/a.png'],
            ['alt', 'A & B'],
          ]),
        ),
      ]),
    );
    expect(html).toBe(
      '<h2>Care</h2><ul><li>Wash <strong>cold</strong></li></ul>' +
        '<p><em>See </em><a href="https://shop.example/care">the guide</a></p>' +
        '<p><img src="https://media.example/a.png" alt="A &amp; B"></p>',
    );
  });

  it('cleans pasted markup to what the storefront keeps', () => {
    const pasted = [
      el('script', [], text('alert(1)')),
      el(
        'div',
        [
          ['style', 'color:red'],
          ['class', 'x'],
        ],
        el('b', [['onclick', 'steal()']], text('Bold')),
        el('i', [], text('slanted')),
        el('font', [['face', 'Comic']], text(' plain')),
        el('span', [], text(' span')),
      ),
      el('a', [['href', 'javascript:alert(1)']], text('bad link')),
      el('a', [['href', ' https://ok.example ']], text('good')),
      el('img', [
        ['src', 'data:image/png;base64,xx'],
        ['onerror', 'x()'],
      ]),
      el('iframe', [['src', 'https://evil.example']], text('frame')),
      text('1 < 2'),
    ];
    expect(toHtml(cleanMarkup(pasted))).toBe(
      '<div><strong>Bold</strong><em>slanted</em> plain span</div>' +
        '<a>bad link</a><a href="https://ok.example">good</a><img>1 &lt; 2',
    );
  });

  it('writes only elements the storefront keeps', () => {
    const written = cleanMarkup([
      el('section', [], el('b', [], text('x')), el('marquee', [], el('i', [], text('y')))),
    ]);
    const tags = (nodes: MarkupNode[]): string[] =>
      nodes.flatMap((n) => (n.kind === 'element' ? [n.tag, ...tags(n.children)] : []));
    for (const tag of tags(written)) expect(ELEMENTS[tag], tag).toBeDefined();
    expect(tags(written)).toEqual(['section', 'strong', 'em']);
  });

  it('saves an emptied editor as nothing', () => {
    expect(editorValue([el('p', [], el('br'))])).toBe('');
    expect(editorValue([el('p', [], text('\u00a0 '))])).toBe('');
    expect(editorValue([el('p', [], el('img', [['src', 'https://m.example/a.png']]))])).toBe(
      '<p><img src="https://m.example/a.png"></p>',
    );
  });
});
