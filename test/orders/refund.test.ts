import { describe, expect, it } from 'vitest';
import { refundOf } from '../../src/modules/orders/service/read';

describe('refund state', () => {
  const createdAt = '2030-01-01T00:00:00.000Z';
  const deliveredAt = '2030-01-10T12:00:00.000Z';
  const delivered = {
    status: 'delivered' as const,
    refundState: 'none' as const,
    createdAt,
    deliveredAt,
  };
  const expiry = Date.parse('2030-01-24T12:00:00.000Z');

  it('keeps the window open up to and including its last instant', () => {
    expect(refundOf(delivered, 14, expiry)).toEqual({
      refundExpiryDate: '2030-01-24T12:00:00.000Z',
      refundStatus: 'VALID',
    });
    expect(refundOf(delivered, 14, expiry + 1).refundStatus).toBe('EXPIRED');
  });

  it('counts from the order date while no delivery time is known', () => {
    const noTime = { ...delivered, deliveredAt: null };
    expect(refundOf(noTime, 3, 0).refundExpiryDate).toBe('2030-01-04T00:00:00.000Z');
  });
});
