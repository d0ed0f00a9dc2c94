import { describe, expect, it } from 'vitest';
import { countOf } from '../../../../apps/dashboard/src/lib/text';

describe('countOf', () => {
  it('says one thing in the singular and any other number in the plural', () => {
    expect(countOf(1, 'paid order')).toBe('1 paid order');
    expect(countOf(0, 'paid order')).toBe('0 paid orders');
    expect(countOf(3, 'product')).toBe('3 products');
    expect(countOf(1, 'category', 'categories')).toBe('1 category');
    expect(countOf(2, 'category', 'categories')).toBe('2 categories');
  });
});
