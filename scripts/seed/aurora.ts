import { AURORA_CATALOG } from './aurora-catalog';
import { addAuroraContent } from './aurora-content';
import { addAuroraPeople } from './aurora-people';
import { addAuroraSettings } from './aurora-settings';
import { addCatalog } from './catalog';
import { DEMO_MERCHANT_KEY } from './keys';
import { ShopPlan } from './plan';
import { addShop } from './shop';

/** The demo shop: a believable clothing and home store exercising every feature. */
export function auroraPlan(shopId: string, apiKey: string, now: Date): ShopPlan {
  const plan = new ShopPlan(shopId, now);
  addShop(plan, {
    handle: 'aurora',
    name: 'Aurora Outfitters',
    currency: 'EUR',
    apiKey,
    merchantKey: DEMO_MERCHANT_KEY,
    domains: ['aurora.example', 'www.aurora.example'],
    newsletterCap: 10_000,
    refundWindowDays: 14,
  });
  addAuroraSettings(plan);
  addCatalog(plan, AURORA_CATALOG);
  addAuroraContent(plan);
  addAuroraPeople(plan);
  return plan;
}
