import { useQueries } from '@tanstack/react-query';
import { type DragEvent, useRef, useState } from 'react';
import { api, unwrap } from '../../api/client';
import { ErrorNotice } from '../../components/ui';
import { uploadImage } from '../../lib/media';
import { mediaKeys } from '../../lib/queries';
import type { ProductDraft } from './form';
import type { SetField } from './options';

/** The product's images: upload by picking or dropping files, reorder, remove. */
export function Media({ draft, set }: { draft: ProductDraft; set: SetField }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [over, setOver] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const items = useQueries({
    queries: draft.media.map((m) => ({
      queryKey: mediaKeys.detail(m.media_id),
      queryFn: () => unwrap(api.GET('/media/{id}', { params: { path: { id: m.media_id } } })),
      staleTime: Number.POSITIVE_INFINITY,
    })),
  });
  const upload = async (files: FileList | File[]) => {
    setBusy(true);
    setError(undefined);
    const added: { media_id: string }[] = [];
    try {
      for (const file of Array.from(files)) {
        const media = await uploadImage(file);
        added.push({ media_id: media.id });
      }
    } catch (caught) {
      setError(caught);
    } finally {
      set('media', [...draft.media, ...added]);
      setBusy(false);
    }
  };
  const move = (from: number, to: number) => {
    const next = [...draft.media];
    const [item] = next.splice(from, 1);
    if (!item) return;
    next.splice(to, 0, item);
    set('media', next);
  };
  const drop = (event: DragEvent) => {
    event.preventDefault();
    setOver(false);
    if (event.dataTransfer.files.length > 0) void upload(event.dataTransfer.files);
  };
  return (
    <section aria-labelledby="media">
      <h2 id="media">Images</h2>
      <ErrorNotice error={error} />
      <ol className="media">
        {draft.media.map((m, i) => {
          const media = items[i]?.data;
          return (
            <li key={m.media_id}>
              {media ? (
                <img src={media.url} alt={media.alt} width={96} height={96} />
              ) : (
                <span className="thumb">…</span>
              )}
              <span className="media-actions">
                <button
                  type="button"
                  disabled={i === 0}
                  onClick={() => move(i, i - 1)}
                  aria-label={`Move image ${i + 1} earlier`}
                >
                  ↑
                </button>
                <button
                  type="button"
                  disabled={i === draft.media.length - 1}
                  onClick={() => move(i, i + 1)}
                  aria-label={`Move image ${i + 1} later`}
                >
                  ↓
                </button>
                <button
                  type="button"
                  onClick={() =>
                    set(
                      'media',
                      draft.media.filter((_, j) => j !== i),
                    )
                  }
                  aria-label={`Remove image ${i + 1}`}
                >
                  ✕
                </button>
              </span>
            </li>
          );
        })}
      </ol>
      {/* biome-ignore lint/a11y/noStaticElementInteractions: the drop zone adds to the file button beside it, which keyboards use */}
      <div
        className={over ? 'dropzone over' : 'dropzone'}
        onDragOver={(e) => {
          e.preventDefault();
          setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={drop}
      >
        <p>Drop images here, or</p>
        <label className="button" htmlFor="media-file">
          Choose images
        </label>
        <input
          ref={input}
          id="media-file"
          className="sr-only"
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          multiple
          disabled={busy}
          onChange={(e) => {
            if (e.target.files) void upload(e.target.files);
            e.target.value = '';
          }}
        />
        {busy ? <p role="status">Uploading…</p> : null}
      </div>
    </section>
  );
}
