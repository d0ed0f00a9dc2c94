-- Refunds and cancelling a paid order need `orders:refund`, which `orders:write` does not
-- include. Roles and keys that could refund before keep that power, so no integration or
-- member loses it silently; the preset fulfilment role does not: it ships without moving money.
UPDATE "staff_roles" SET "scopes" = array_append("scopes", 'orders:refund')
WHERE 'orders:write' = ANY("scopes") AND NOT ('orders:refund' = ANY("scopes"))
  AND "key" IS DISTINCT FROM 'fulfilment';--> statement-breakpoint
-- A key a member made keeps to what its maker holds: nobody grants what they do not hold.
UPDATE "merchant_keys" k SET "scopes" = array_append(k."scopes", 'orders:refund')
WHERE 'orders:write' = ANY(k."scopes") AND NOT ('orders:refund' = ANY(k."scopes"))
  AND (
    k."created_by_member_id" IS NULL
    OR EXISTS (
      SELECT 1 FROM "staff_members" m JOIN "staff_roles" r ON r."id" = m."role_id"
      WHERE m."id" = k."created_by_member_id"
        AND (r."key" = 'owner' OR 'orders:refund' = ANY(r."scopes"))
    )
  );
