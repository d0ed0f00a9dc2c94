import { beforeAll, describe, expect, it } from 'vitest';
import { client } from '../helpers/api';
import { demoShop } from '../helpers/shop-factory';
import { NO_MATCH_QUERIES, RELEVANCE_CASES, type RelevanceCase } from './relevance-cases';

type Outcome = { query: string; expect: string; kind: string; top: string[]; found: boolean };

const TOP = 5;
const topTitles = (body: { data: { products: { data: Array<{ title: string }> } } }) =>
  body.data.products.data.map((p) => p.title);

/**
 * Recall@5 over a fixed set of shopper queries on the seeded demo shop (read only), and false
 * positives on queries for things it does not sell. Prints both; the suite fails below 100 %
 * recall or above zero false positives, and says which queries missed.
 */
describe('search relevance on the demo shop', () => {
  const api = () => client(demoShop().apiKey);
  const outcomes: Outcome[] = [];
  const falsePositives: Array<{ query: string; titles: string[] }> = [];

  const run = async (c: RelevanceCase) => {
    const res = await api().get(`/search?term=${encodeURIComponent(c.query)}&limit=${TOP}`);
    expect(res.status, c.query).toBe(200);
    expect(res.roundTrips, c.query).toBe(1);
    const top = topTitles(res.body);
    outcomes.push({ ...c, top, found: top.includes(c.expect) });
  };

  beforeAll(async () => {
    for (const c of RELEVANCE_CASES) await run(c);
    for (const query of NO_MATCH_QUERIES) {
      const res = await api().get(`/search?term=${encodeURIComponent(query)}`);
      const titles = topTitles(res.body);
      if (res.body.data.products.totalDocuments > 0) falsePositives.push({ query, titles });
    }
    const found = outcomes.filter((o) => o.found).length;
    const byKind = new Map<string, [number, number]>();
    for (const o of outcomes) {
      const [hit, all] = byKind.get(o.kind) ?? [0, 0];
      byKind.set(o.kind, [hit + (o.found ? 1 : 0), all + 1]);
    }
    console.log(
      [
        `search relevance: recall@${TOP} ${found}/${outcomes.length} (${((100 * found) / outcomes.length).toFixed(1)} %), false positives ${falsePositives.length}/${NO_MATCH_QUERIES.length}`,
        ...[...byKind].map(([kind, [hit, all]]) => `  ${kind}: ${hit}/${all}`),
        ...outcomes
          .filter((o) => !o.found)
          .map(
            (o) => `  missed ${JSON.stringify(o.query)} → ${o.expect}; got ${o.top.join(' | ')}`,
          ),
        ...falsePositives.map((f) => `  false positive ${JSON.stringify(f.query)} → ${f.titles}`),
      ].join('\n'),
    );
  });

  it('has at least 60 queries covering every kind, and 10 that must find nothing', () => {
    expect(RELEVANCE_CASES.length).toBeGreaterThanOrEqual(60);
    const kinds = new Set(RELEVANCE_CASES.map((c) => c.kind));
    for (const kind of [
      'exact',
      'plural',
      'prefix',
      'accent',
      'deletion',
      'insertion',
      'substitution',
      'transposition',
      'two typos',
      'several words',
      'reversed words',
      'description',
      'sku',
      'category',
    ]) {
      expect(kinds, kind).toContain(kind);
    }
    expect(NO_MATCH_QUERIES.length).toBeGreaterThanOrEqual(10);
  });

  it('finds the expected product in the top 5 of every query (recall@5 = 100 %)', () => {
    expect(outcomes).toHaveLength(RELEVANCE_CASES.length);
    expect(outcomes.filter((o) => !o.found).map((o) => `${o.query} → ${o.expect}`)).toEqual([]);
  });

  it('finds nothing for what the shop does not sell (0 false positives)', () => {
    expect(falsePositives).toEqual([]);
  });

  it('filters GET /products?term= with the same rule and order, in one statement', async () => {
    for (const c of RELEVANCE_CASES.filter((_, i) => i % 8 === 0)) {
      const term = encodeURIComponent(c.query);
      const list = await api().get(`/products?term=${term}&limit=${TOP}`);
      expect(list.roundTrips, c.query).toBe(1);
      const titles = list.body.data.data.map((p: { title: string }) => p.title);
      expect(titles, c.query).toEqual(outcomes.find((o) => o.query === c.query)?.top);
    }
    for (const query of NO_MATCH_QUERIES) {
      const list = await api().get(`/products?term=${encodeURIComponent(query)}`);
      expect(list.body.data.totalDocuments, query).toBe(0);
    }
  });
});
