import { type ArtOptions, addArt } from './images';
import { newId, type ShopPlan } from './plan';

type Status = 'published' | 'draft' | 'archived';

export type ContentModelSeed = {
  slug: string;
  name: string;
  kind: 'singleton' | 'collection';
  fields: Array<{ name: string; type: string }>;
  entries: Array<{ status: Status; daysAgo: number; data: Record<string, unknown> }>;
};

/** Content models and their entries; entry dates come from `daysAgo` so listings have an order. */
export function addContent(plan: ShopPlan, models: ContentModelSeed[]): void {
  for (const model of models) {
    const modelId = newId();
    plan.rows.contentModels.push({
      id: modelId,
      shopId: plan.shopId,
      slug: model.slug,
      name: model.name,
      kind: model.kind,
      fields: model.fields,
      createdAt: plan.at(-200),
      updatedAt: plan.at(-200),
    });
    for (const entry of model.entries) {
      plan.rows.contentEntries.push({
        shopId: plan.shopId,
        modelId,
        status: entry.status,
        data: entry.data,
        createdAt: plan.at(-entry.daysAgo),
        updatedAt: plan.at(-entry.daysAgo + 0.5),
      });
    }
  }
}

/**
 * Adds a picture and returns it as the contract's image object, the form a merchant's
 * image field takes inside an entry.
 */
export function contentImage(plan: ShopPlan, filename: string, art: ArtOptions) {
  const id = addArt(plan, filename, art);
  const row = plan.rows.media.find((m) => m.id === id);
  return {
    _id: id,
    type: row?.mimeType ?? 'image/svg+xml',
    size: String(row?.sizeBytes ?? 0),
    title: art.title,
    uploadUrl: `${plan.shopId}/media/${filename}.svg`,
  };
}
