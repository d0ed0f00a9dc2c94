import {
  addCoupons,
  addCustomers,
  addGuests,
  addSubscriptions,
  type CouponSeed,
  type CustomerSeed,
  type PartySeed,
} from './customers';
import { addOrders, type OrderSeed } from './orders';
import type { ShopPlan } from './plan';
import { addReviews, type ReviewSeed } from './reviews';

/** The demo customer: sign in as this email to see orders, downloads and reviews. */
export const AURORA_DEMO_EMAIL = 'demo@aurora.example';

const address = (
  town: string,
  city: string,
  apartment: string,
  room: string,
  postalCode: string,
) => ({ town, city, apartment, room, postalCode });

/** One account in every state: active (with and without a saved address), inactive, blacklisted. */
// biome-ignore format: one customer per line reads as a table
const CUSTOMERS: CustomerSeed[] = [
  { key: 'lena', email: AURORA_DEMO_EMAIL, name: 'Lena Vogel', phone: '+49 151 2345 6789', sinceDays: 120, lastLoginDays: 2, address: address('Berlin', 'Kreuzberg', 'Reichenberger Straße 88', '3rd floor, left', '10999') },
  { key: 'jonas', email: 'jonas.berg@example.com', name: 'Jonas Berg', phone: '+49 160 555 0142', sinceDays: 90, lastLoginDays: 9, address: address('Hamburg', 'Altona', 'Große Elbstraße 12', '', '22767') },
  { key: 'amelie', email: 'amelie.roux@example.com', name: 'Amélie Roux', phone: '+33 6 12 34 56 78', sinceDays: 60, status: 'inactive', address: address('Paris', 'Le Marais', '14 rue des Rosiers', '2e étage', '75004') },
  { key: 'max', email: 'max.keller@example.com', name: 'Max Keller', phone: '+49 170 555 0199', sinceDays: 30, status: 'blacklisted', address: address('Munich', 'Schwabing', 'Leopoldstraße 7', '', '80802') },
  { key: 'sofia', email: 'sofia.lind@example.com', name: 'Sofia Lind', phone: '+46 70 555 01 23', sinceDays: 4, lastLoginDays: 4, savedAddress: false, address: address('', '', '', '', '') },
];

// biome-ignore format: one buyer per line reads as a table
const GUESTS: PartySeed[] = [
  { key: 'clara', email: 'clara.weiss@example.com', name: 'Clara Weiss', phone: '+49 176 555 0111', address: address('Berlin', 'Neukölln', 'Weserstraße 3', '', '12047') },
  { key: 'tomas', email: 'tomas.silva@example.com', name: 'Tomás Silva', phone: '+351 912 555 010', address: address('Berlin', 'Mitte', 'Torstraße 140', '', '10119') },
];

/** Valid, minimum-total, expired, used-up, category- and product-scoped, future and paused. */
// biome-ignore format: one coupon per line reads as a table
const COUPONS: CouponSeed[] = [
  { code: 'WELCOME10', kind: 'percentage', value: 10, perCustomerLimit: 1 },
  { code: 'SAVE15', kind: 'fixed', value: 1500, minTotalMinor: 10000 },
  { code: 'SUMMER23', kind: 'percentage', value: 20, starts: new Date('2023-06-01T00:00:00Z'), ends: new Date('2023-09-01T00:00:00Z'), priorUses: 41 },
  { code: 'FLASH20', kind: 'percentage', value: 20, usageLimit: 3, priorUses: 3 },
  { code: 'HOME15', kind: 'percentage', value: 15, categories: ['home'] },
  { code: 'LINEN5', kind: 'fixed', value: 500, products: ['linen-cafe-apron', 'linen-wrap-dress'] },
  { code: 'WINTER25', kind: 'percentage', value: 25, starts: 30, ends: 60 },
  { code: 'PAUSED10', kind: 'percentage', value: 10, active: false },
];

// biome-ignore format: one order per line reads as a table
const ORDERS: OrderSeed[] = [
  { number: 1001, buyer: 'lena', daysAgo: 45, status: 'delivered', deliveredAfterDays: 4, shipping: { rate: 'standard' }, note: 'Please leave the parcel with a neighbour if I am out.', lines: [['linen-cafe-apron', 1], ['creme-knit-sweater', 1, 'M/Oat'], ['rose-ceramic-mug', 2]] },
  { number: 1002, buyer: 'jonas', daysAgo: 35, status: 'completed', paid: true, deliveredAfterDays: 1, shipping: { rate: 'express' }, lines: [['creme-knit-sweater', 2, 'L/Charcoal'], ['linen-cafe-apron', 1], ['soy-candle-in-amber-glass', 3, 'Large/Fig']] },
  { number: 1003, buyer: 'clara', daysAgo: 28, status: 'delivered', deliveredAfterDays: 2, shipping: { pickup: 'studio' }, lines: [['linen-cafe-apron', 3], ['patisserie-tea-towel-set', 2]] },
  { number: 1004, buyer: 'amelie', daysAgo: 21, status: 'completed', paid: true, deliveredAfterDays: 4, shipping: { rate: 'standard' }, lines: [['creme-knit-sweater', 1, 'S/Crème'], ['linen-wrap-dress', 1, 'M/Sand']] },
  // Cancelled: its twelve throws must not count as sold.
  { number: 1005, buyer: 'max', daysAgo: 14, status: 'cancelled', shipping: { rate: 'standard' }, lines: [['boucle-throw', 12]] },
  // The demo customer's paid order with the downloadable pattern.
  { number: 1006, buyer: 'lena', daysAgo: 6, status: 'completed', paid: true, deliveredAfterDays: 2, shipping: { rate: 'standard' }, coupon: 'WELCOME10', lines: [['linen-apron-sewing-pattern', 1], ['linen-cafe-apron', 2], ['striped-breton-top', 1]] },
  { number: 1007, buyer: 'jonas', daysAgo: 10, status: 'refunded', paid: true, refund: 'refunded', deliveredAfterDays: 2, shipping: { rate: 'standard' }, lines: [['court-sneakers', 1, '42/Black']] },
  { number: 1008, buyer: 'lena', daysAgo: 1, status: 'pending', shipping: { rate: 'free' }, coupon: 'SAVE15', lines: [['linen-wrap-dress', 1, 'S/Sage'], ['boucle-throw', 1]] },
  { number: 1009, buyer: 'tomas', daysAgo: 0.2, status: 'pending', shipping: { pickup: 'market' }, lines: [['linen-cafe-apron', 1], ['travel-tin-candle', 2]] },
];

/** Approved, pending and hidden reviews; the demo customer's order 1006 still has products to review. */
// biome-ignore format: one review per line reads as a table
const REVIEWS: ReviewSeed[] = [
  { order: 1001, product: 'linen-cafe-apron', rating: 5, status: 'approved', daysAgo: 38, comment: 'Perfect fit, and the pocket holds my phone and a notebook.' },
  { order: 1001, product: 'creme-knit-sweater', rating: 4, status: 'approved', daysAgo: 37, comment: 'Beautifully soft; runs a little large.' },
  { order: 1001, product: 'rose-ceramic-mug', rating: 3, status: 'pending', daysAgo: 30, comment: 'Lovely colour, smaller than I expected.' },
  { order: 1002, product: 'creme-knit-sweater', rating: 5, status: 'approved', daysAgo: 28, comment: 'Bought two, one for my partner. The charcoal is gorgeous.' },
  { order: 1002, product: 'linen-cafe-apron', rating: 4, status: 'approved', daysAgo: 27, comment: 'Solid linen that washes well.' },
  { order: 1002, product: 'soy-candle-in-amber-glass', rating: 5, status: 'approved', daysAgo: 26, comment: 'The fig scent fills the whole flat.' },
  { order: 1003, product: 'linen-cafe-apron', rating: 5, status: 'approved', daysAgo: 20, comment: 'Café-ready in minutes!' },
  { order: 1004, product: 'linen-wrap-dress', rating: 2, status: 'approved', hidden: true, daysAgo: 15, comment: 'The colour is different from the photo.' },
  { order: 1004, product: 'creme-knit-sweater', rating: 5, status: 'pending', daysAgo: 14, comment: 'Très doux, je recommande.' },
  { order: 1005, product: 'boucle-throw', rating: 1, status: 'pending', hidden: true, daysAgo: 10, comment: 'Never arrived!!!' },
  { order: 1006, product: 'linen-apron-sewing-pattern', rating: 5, status: 'approved', daysAgo: 3, comment: 'Clear instructions; I sewed it in an afternoon.' },
  { order: 1007, product: 'court-sneakers', rating: 3, status: 'approved', daysAgo: 5, comment: 'Comfortable, but the sizing runs small.' },
];

/** Customers, guests, coupons, newsletter subscribers, orders and reviews of Aurora. */
export function addAuroraPeople(plan: ShopPlan): void {
  addCustomers(plan, CUSTOMERS);
  addGuests(plan, GUESTS);
  addCoupons(plan, COUPONS);
  addSubscriptions(plan, [
    { email: AURORA_DEMO_EMAIL, status: 'verified', daysAgo: 100 },
    { email: 'jonas.berg@example.com', status: 'pending', daysAgo: 3 },
    { email: 'former.customer@example.com', status: 'unsubscribed', daysAgo: 200 },
  ]);
  addOrders(plan, ORDERS, 19);
  addReviews(plan, REVIEWS);
}
