import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { api, unwrap } from '../../api/client';
import { useEditor } from '../../components/editor';
import { fieldErrors } from '../../components/forms';
import { useMe } from '../../components/layout';
import { RichTextField } from '../../components/rich-text';
import { Checkbox, ErrorNotice, Loading, SelectField, TextField } from '../../components/ui';
import { type Category, categoriesQuery, categoryPaths, subtreeIds } from '../../lib/categories';
import { uploadImage } from '../../lib/media';
import { categoryKeys, mediaKeys } from '../../lib/queries';
import { can } from '../../lib/scopes';

type Draft = {
  title: string;
  slug: string;
  description: string;
  parent_id: string;
  status: Category['status'];
  show_in_menu: boolean;
  image_id: string | null;
};

const emptyDraft = (): Draft => ({
  title: '',
  slug: '',
  description: '',
  parent_id: '',
  status: 'published',
  show_in_menu: true,
  image_id: null,
});

const draftOf = (c: Category): Draft => ({
  title: c.title,
  slug: c.slug,
  description: c.description,
  parent_id: c.parent_id ?? '',
  status: c.status,
  show_in_menu: c.show_in_menu,
  image_id: c.image_id,
});

const read = (id: string) => unwrap(api.GET('/categories/{id}', { params: { path: { id } } }));

/** One category: title, handle, description, parent (where it sits in the tree), image. */
export function CategoryEditor({ id }: { id: string | null }) {
  const me = useMe();
  const writable = can(me.scopes, 'catalogue:write');
  const navigate = useNavigate();
  const all = useQuery(categoriesQuery);
  const category = useQuery({
    queryKey: categoryKeys.detail(id),
    queryFn: () => read(id ?? ''),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const editor = useEditor<Draft, Category>({
    what: 'category',
    id,
    record: category.data,
    empty: emptyDraft,
    draftOf,
    read,
    detailKey: categoryKeys.detail,
    listKey: categoryKeys.tree(),
    send: (draft, _opened, headers) => {
      if (draft.title.trim() === '')
        throw fieldErrors([{ field: 'title', message: 'Enter a title' }]);
      const body = {
        title: draft.title.trim(),
        description: draft.description,
        parent_id: draft.parent_id || null,
        status: draft.status,
        show_in_menu: draft.show_in_menu,
        image_id: draft.image_id,
        ...(draft.slug.trim() ? { slug: draft.slug.trim() } : {}),
      };
      return id === null
        ? unwrap(api.POST('/categories', { body, headers }))
        : unwrap(api.PATCH('/categories/{id}', { params: { path: { id } }, body, headers }));
    },
    onCreated: (fresh) =>
      navigate({
        to: '/categories/$id',
        params: { id: fresh.id },
        replace: true,
        ignoreBlocker: true,
      }),
  });
  const { opened, draft, set, errors } = editor;
  const image = useQuery({
    queryKey: mediaKeys.detail(draft.image_id),
    queryFn: () =>
      unwrap(api.GET('/media/{id}', { params: { path: { id: draft.image_id ?? '' } } })),
    enabled: draft.image_id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });

  if (id !== null && category.error) {
    return (
      <>
        <h1>Category</h1>
        <ErrorNotice error={category.error} />
      </>
    );
  }
  if (!opened) return <Loading what="the category" />;

  const excluded = id ? subtreeIds(all.data ?? [], id) : new Set<string>();
  const parents = categoryPaths(all.data ?? []).filter((c) => !excluded.has(c.category.id));

  const pickImage = async (file: File | undefined) => {
    if (!file) return;
    editor.setBusy(true);
    try {
      set('image_id', (await uploadImage(file)).id);
    } catch (caught) {
      editor.setFieldError('image_id', caught instanceof Error ? caught.message : String(caught));
    } finally {
      editor.setBusy(false);
    }
  };

  return (
    <>
      <p>
        <Link to="/categories">← Categories</Link>
      </p>
      <h1>{id === null ? 'New category' : opened.draft.title || 'Category'}</h1>
      {editor.notices}
      <form onSubmit={editor.submit} noValidate className="editor">
        <fieldset disabled={!writable}>
          <TextField
            label="Title"
            required
            value={draft.title}
            onChange={(e) => set('title', e.target.value)}
            error={errors.title}
          />
          <TextField
            label="URL handle"
            hint="Lowercase letters, digits and dashes; made from the title when empty"
            value={draft.slug}
            onChange={(e) => set('slug', e.target.value)}
            error={errors.slug}
          />
          <RichTextField
            label="Description"
            value={draft.description}
            onChange={(html) => set('description', html)}
            error={errors.description}
          />
          <SelectField
            label="Parent category"
            value={draft.parent_id}
            onChange={(e) => set('parent_id', e.target.value)}
            error={errors.parent_id}
          >
            <option value="">None (top level)</option>
            {parents.map(({ category: c, path }) => (
              <option key={c.id} value={c.id}>
                {path}
              </option>
            ))}
          </SelectField>
          <SelectField
            label="Status"
            value={draft.status}
            onChange={(e) => set('status', e.target.value as Draft['status'])}
            error={errors.status}
          >
            <option value="published">Published</option>
            <option value="draft">Draft (hidden from the storefront)</option>
            <option value="archived">Archived</option>
          </SelectField>
          <Checkbox
            label="Show in the storefront menu"
            checked={draft.show_in_menu}
            onChange={(e) => set('show_in_menu', e.target.checked)}
          />
          <section aria-labelledby="category-image" className="image-field">
            <h2 id="category-image">Image</h2>
            {draft.image_id && image.data ? (
              <img src={image.data.url} alt={image.data.alt} width={160} height={160} />
            ) : (
              <p className="muted">No image.</p>
            )}
            <label className="button" htmlFor="category-image-file">
              {draft.image_id ? 'Replace image' : 'Choose image'}
            </label>
            <input
              id="category-image-file"
              className="sr-only"
              type="file"
              accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
              onChange={(e) => {
                void pickImage(e.target.files?.[0]);
                e.target.value = '';
              }}
            />
            {draft.image_id ? (
              <button type="button" onClick={() => set('image_id', null)}>
                Remove image
              </button>
            ) : null}
            {errors.image_id ? <p className="field-error">{errors.image_id}</p> : null}
          </section>
          <div className="actions">
            <button type="submit" className="primary" disabled={editor.busy}>
              {id === null ? 'Create category' : 'Save'}
            </button>
          </div>
        </fieldset>
      </form>
    </>
  );
}
