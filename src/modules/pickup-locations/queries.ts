import { type SQL, sql } from 'drizzle-orm';
import { type ImageJson, imageJson, jsonArray } from '../../db/json';

/** An active pickup point of the shop, as checkout prices it. */
export type CheckoutPickup = { id: string; name: string; feeMinor: number };

/** SQL: the shop's active pickup point `pickupId` (a uuid, or null for none) as a JSON `CheckoutPickup`, or null. */
export const checkoutPickupSql = (shop: SQL, pickupId: SQL): SQL => sql`(
  select json_build_object('id', p.id, 'name', p.name, 'feeMinor', p.fee_minor)
  from pickup_locations p
  where p.shop_id = ${shop} and p.id = ${pickupId} and p.active)`;

/** An active pickup point as GET /settings lists it. */
export type StorefrontPickup = {
  _id: string;
  name: string;
  buildingName: string;
  description: string;
  feeMinor: number;
  openingHours: string;
  lat: number | null;
  lng: number | null;
  mapUrl: string;
  image: ImageJson | null;
  phone: string;
};

/** SQL: the shop's active pickup points as GET /settings lists them, in order, a JSON array subquery. */
export const storefrontPickupsSql = (shopId: string): SQL => sql`(select ${jsonArray(
  sql`json_build_object('_id', p.id, 'name', p.name, 'buildingName', p.building_name,
    'description', p.description, 'feeMinor', p.fee_minor, 'openingHours', p.opening_hours,
    'lat', p.lat, 'lng', p.lng, 'mapUrl', p.map_url, 'phone', p.phone, 'image', ${imageJson('m')})`,
  sql`p.position, p.created_at`,
)} from pickup_locations p left join media m on m.id = p.image_id and m.shop_id = p.shop_id
  where p.shop_id = ${shopId}::uuid and p.active)`;
