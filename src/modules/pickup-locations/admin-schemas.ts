import { z } from '@hono/zod-openapi';
import { ListQuerySchema, listSchema } from '../../admin-kit/list';
import { deletedSchema, timestamp } from '../../admin-kit/route';
import { minorAmount } from '../shipping-rates/admin-schemas';

export const PickupLocationSchema = z
  .object({
    id: z.string(),
    object: z.literal('pickup_location'),
    name: z.string(),
    building_name: z.string(),
    description: z.string(),
    fee_amount: z.number().int().openapi({ description: 'Fee, in minor units of `currency`' }),
    currency: z.string().openapi({ example: 'EUR' }),
    opening_hours: z.string(),
    lat: z.number().nullable(),
    lng: z.number().nullable(),
    map_url: z.string(),
    image_id: z.string().nullable().openapi({ description: 'A media id of the shop' }),
    phone: z.string(),
    position: z.number().int(),
    active: z.boolean().openapi({ description: 'Offered at checkout' }),
    version: z.number().int().openapi({ description: 'Raised by every change; the ETag' }),
    created_at: timestamp(),
    updated_at: timestamp(),
  })
  .openapi('PickupLocation');

export type PickupLocation = z.infer<typeof PickupLocationSchema>;

const text = (max: number) => z.string().max(max);

const fields = {
  name: z.string().trim().min(1).max(200),
  building_name: text(200),
  description: text(2000),
  fee_amount: minorAmount('Fee, in minor units of the shop currency'),
  opening_hours: text(500),
  lat: z.number().min(-90).max(90).nullable().openapi({ description: 'Set with lng, or neither' }),
  lng: z
    .number()
    .min(-180)
    .max(180)
    .nullable()
    .openapi({ description: 'Set with lat, or neither' }),
  map_url: z.union([z.literal(''), z.url({ protocol: /^https?$/ }).max(2000)]),
  image_id: z.uuid().nullable(),
  phone: text(50),
  position: z.number().int().min(0).max(1_000_000),
  active: z.boolean(),
};

const { name, ...optionalFields } = fields;

export const PickupLocationCreateSchema = z
  .strictObject({ name, ...z.object(optionalFields).partial().shape })
  .openapi('PickupLocationCreate');

export const PickupLocationUpdateSchema = z
  .strictObject(fields)
  .partial()
  .openapi('PickupLocationUpdate');

export type PickupLocationCreate = z.infer<typeof PickupLocationCreateSchema>;
export type PickupLocationUpdate = z.infer<typeof PickupLocationUpdateSchema>;

export const PickupLocationListQuerySchema = ListQuerySchema;
export const PickupLocationListSchema = listSchema(PickupLocationSchema, 'PickupLocationList');
export const DeletedPickupLocationSchema = deletedSchema(
  'pickup_location',
  'DeletedPickupLocation',
);
