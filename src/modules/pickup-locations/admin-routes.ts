import { crudRoutes } from '../../admin-kit/crud';
import {
  DeletedPickupLocationSchema,
  PickupLocationCreateSchema,
  PickupLocationListQuerySchema,
  PickupLocationListSchema,
  PickupLocationSchema,
  PickupLocationUpdateSchema,
} from './admin-schemas';
import {
  createPickupLocation,
  deletePickupLocation,
  getPickupLocation,
  listPickupLocations,
  RAISES,
  updatePickupLocation,
} from './admin-service';

/** /admin/api/v1/pickup-locations: pickup points offered at checkout (`settings` scopes). */
export const pickupLocationAdminRoutes = crudRoutes({
  tag: 'Pickup locations',
  scope: 'settings',
  names: {
    one: 'PickupLocation',
    many: 'PickupLocations',
    noun: 'pickup location',
    short: 'location',
  },
  summaries: {
    list: 'The shop’s pickup points, newest first',
    create: 'Adds a pickup point; the storefront offers it from the next request',
    remove:
      'Deletes a pickup location (orders keep their copy); `active: false` retires it instead',
  },
  descriptions: {
    list: "Lists the shop's pickup points, newest first, inactive ones included. The storefront offers the active ones at checkout.",
    create:
      'Adds a pickup point with its address and opening hours. The storefront offers it from the next request.',
    remove:
      'Deletes a pickup location. Orders placed with it keep their own copy. To stop offering it but keep it, set `active: false` instead.',
  },
  schemas: {
    resource: PickupLocationSchema,
    list: PickupLocationListSchema,
    listQuery: PickupLocationListQuerySchema,
    create: PickupLocationCreateSchema,
    update: PickupLocationUpdateSchema,
    deleted: DeletedPickupLocationSchema,
  },
  raises: {
    get: RAISES.getPickupLocation,
    create: RAISES.createPickupLocation,
    update: RAISES.updatePickupLocation,
    remove: RAISES.deletePickupLocation,
  },
  service: {
    list: listPickupLocations,
    get: getPickupLocation,
    create: createPickupLocation,
    update: updatePickupLocation,
    remove: deletePickupLocation,
  },
});
