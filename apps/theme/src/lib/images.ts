/** An image object as the API sends it; any image field may be null. */
export type ImageRef = { uploadUrl?: string | null; title?: string | null } | null | undefined;

/**
 * The contract's rule: the last path segment of `uploadUrl` appended to `settings.media.url`
 * (which ends in `/<shop_id>/media/`). Null when the image or either part is missing.
 */
export function imageUrl(mediaBase: string | null | undefined, image: ImageRef): string | null {
  if (!image?.uploadUrl || !mediaBase) return null;
  const segment = image.uploadUrl.split('/').filter(Boolean).pop();
  if (!segment) return null;
  return `${mediaBase.endsWith('/') ? mediaBase : `${mediaBase}/`}${segment}`;
}
