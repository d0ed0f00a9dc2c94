import type { PolicySeed } from './shop';

/** Seven policies, from privacy to payment, as the merchant wrote them. */
export const AURORA_POLICIES: PolicySeed[] = [
  {
    type: 'privacy',
    title: 'Privacy policy',
    body: [
      'Aurora Outfitters GmbH, Oranienstraße 25, 10999 Berlin, is responsible for the personal data you share with us.',
      'We use your name, email, phone and address only to deliver your orders, answer your questions and, if you subscribe, to send our newsletter.',
      [
        'We never sell your data.',
        'Payment details are handled by our payment provider and never stored by us.',
        'You may ask for a copy of your data, or its deletion, at any time.',
      ],
      'Write to privacy@aurora.example with any request.',
    ],
  },
  {
    type: 'terms-of-service',
    title: 'Terms of service',
    body: [
      'These terms apply to every order placed at aurora.example.',
      'Prices include statutory VAT where shown and are in euros. A contract is formed when we confirm your order by email.',
      'We reserve the right to cancel orders in case of obvious pricing errors; you will be refunded in full.',
    ],
  },
  {
    type: 'refund',
    title: 'Refund policy',
    body: [
      'Refunds are issued to the original payment method within 14 days of receiving your return.',
      [
        'Original shipping costs are refunded when you return the whole order.',
        'Digital products can be refunded until the first download.',
      ],
    ],
  },
  {
    type: 'return',
    title: 'Returns',
    body: [
      'You have 30 days from delivery to return clothing, shoes and accessories, unworn and with their labels.',
      'Homeware may be returned within 14 days. Candles and wax melts cannot be returned once the seal is broken.',
      [
        'Register your return at hello@aurora.example.',
        'Pack the items in their original packaging.',
        'Drop the parcel at any DHL point with the label we send.',
      ],
    ],
  },
  {
    type: 'shipping',
    title: 'Shipping information',
    body: [
      'We ship across the European Union from our studio in Berlin.',
      [
        'Standard (DHL, 2–4 working days): €4.90, free on orders over €100.',
        'Express (next working day): €12.90.',
        'Pickup from the studio in Kreuzberg: free.',
      ],
      'You will receive a tracking link as soon as your parcel leaves the studio.',
    ],
  },
  {
    type: 'cookie',
    title: 'Cookie policy',
    body: [
      'We use essential cookies to keep your bag and your login working.',
      'With your consent, we also use analytics and advertising cookies to understand which products you love. You can change your choice at any time in the cookie settings.',
    ],
  },
  {
    type: 'payment',
    title: 'Payment',
    body: [
      'Pay on delivery, on pickup, or by bank transfer after your order confirmation.',
      'Invoices are sent by email together with the shipping confirmation.',
    ],
  },
];
