import { crudRoutes } from '../../admin-kit/crud';
import {
  DeletedShippingRateSchema,
  ShippingRateCreateSchema,
  ShippingRateListQuerySchema,
  ShippingRateListSchema,
  ShippingRateSchema,
  ShippingRateUpdateSchema,
} from './admin-schemas';
import {
  createShippingRate,
  deleteShippingRate,
  getShippingRate,
  listShippingRates,
  RAISES,
  updateShippingRate,
} from './admin-service';

/** /admin/api/v1/shipping-rates: the pattern every merchant resource follows. */
export const shippingRateAdminRoutes = crudRoutes({
  tag: 'Shipping rates',
  scope: 'settings',
  names: { one: 'ShippingRate', many: 'ShippingRates', noun: 'shipping rate', short: 'rate' },
  summaries: {
    list: 'The shop’s delivery rates, newest first',
    create: 'Adds a delivery rate; the storefront offers it from the next request',
    remove: 'Deletes a shipping rate (orders keep their copy); `active: false` retires it instead',
  },
  descriptions: {
    list: "Lists the shop's delivery rates, newest first, inactive ones included. The storefront offers the active ones at checkout.",
    create:
      'Adds a delivery rate. Making it the default unsets the previous default in the same transaction. The storefront offers it from the next request.',
    remove:
      'Deletes a rate. Orders placed with it keep their own copy of its title and price. To stop offering a rate but keep it, set `active: false` instead.',
  },
  schemas: {
    resource: ShippingRateSchema,
    list: ShippingRateListSchema,
    listQuery: ShippingRateListQuerySchema,
    create: ShippingRateCreateSchema,
    update: ShippingRateUpdateSchema,
    deleted: DeletedShippingRateSchema,
  },
  raises: {
    get: RAISES.getShippingRate,
    update: RAISES.updateShippingRate,
    remove: RAISES.deleteShippingRate,
  },
  service: {
    list: listShippingRates,
    get: getShippingRate,
    create: createShippingRate,
    update: updateShippingRate,
    remove: deleteShippingRate,
  },
});
