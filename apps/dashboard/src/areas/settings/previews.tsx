/**
 * What the storefront will show for a settings section, drawn from the form's values as
 * typed (before saving): the top bar, the header menu, the branding in the header and
 * footer, the footer's columns, a search result. A sketch of the reference theme's layout,
 * not the theme itself.
 */
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { api, unwrap } from '../../api/client';
import { useMe } from '../../components/layout';
import type { Row } from '../../lib/fields';
import { mediaKeys } from '../../lib/queries';

const str = (v: unknown) => (typeof v === 'string' ? v : '');
const rows = (v: unknown) => (Array.isArray(v) ? (v as Row[]) : []);

/** An image of the shop's media by id, as the storefront would show it. */
function MediaImage({ id, alt }: { id: string | null; alt: string }) {
  const media = useQuery({
    queryKey: mediaKeys.detail(id),
    queryFn: () => unwrap(api.GET('/media/{id}', { params: { path: { id: id ?? '' } } })),
    enabled: id !== null,
    staleTime: Number.POSITIVE_INFINITY,
  });
  return id && media.data ? <img src={media.data.url} alt={alt} height={32} /> : null;
}

function Preview({ children }: { children: ReactNode }) {
  return (
    <figure className="preview" aria-label="Storefront preview">
      <figcaption>On the storefront</figcaption>
      <div className="preview-page">{children}</div>
    </figure>
  );
}

function ShopName() {
  return <strong>{useMe().shop.name}</strong>;
}

const SOCIAL = [
  ['facebookUrl', 'Facebook'],
  ['instagramUrl', 'Instagram'],
  ['xUrl', 'X'],
  ['tiktokUrl', 'TikTok'],
  ['linkedinUrl', 'LinkedIn'],
  ['pinterestUrl', 'Pinterest'],
  ['youtubeUrl', 'YouTube'],
] as const;

function Branding({ draft }: { draft: Row }) {
  const logo = typeof draft.logoId === 'string' ? draft.logoId : null;
  const social = SOCIAL.filter(([name]) => str(draft[name]).trim() !== '');
  return (
    <Preview>
      <div className="preview-header">
        {logo ? <MediaImage id={logo} alt="Logo" /> : <ShopName />}
      </div>
      <div className="preview-footer">
        {draft.showContacts ? (
          <p>
            {[str(draft.address), str(draft.helpEmail), str(draft.helpPhone)]
              .filter((s) => s.trim() !== '')
              .join(' · ') || 'No contact details yet.'}
          </p>
        ) : (
          <p>Contact details hidden.</p>
        )}
        {social.length > 0 ? <p>Follow us: {social.map(([, label]) => label).join(', ')}</p> : null}
      </div>
    </Preview>
  );
}

function TopBar({ draft }: { draft: Row }) {
  const announcements = rows(draft.announcements)
    .map((a) => str(a.value))
    .filter((v) => v.trim() !== '');
  const seconds = Number(draft.announcementInterval) / 1000;
  return (
    <Preview>
      {draft.activateTopBar ? (
        <div className="preview-topbar">
          <span>{announcements[0] ?? 'No announcement yet.'}</span>
          {draft.showShopNowButton ? <span className="preview-button">Shop now</span> : null}
        </div>
      ) : (
        <p className="muted">No top bar.</p>
      )}
      {draft.activateTopBar && announcements.length > 1 ? (
        <p className="muted">
          Then {announcements.slice(1).join(', then ')}
          {Number.isFinite(seconds) && seconds > 0 ? `, each for ${seconds} s` : ''}.
        </p>
      ) : null}
      <div className="preview-header">
        <ShopName />
      </div>
    </Preview>
  );
}

function Menus({ draft }: { draft: Row }) {
  const pages = [...new Set(rows(draft.menuPages).map((p) => str(p.name).trim()))].filter(
    (name) => name !== '',
  );
  const limit = Number(draft.menuCollectionsLimit);
  return (
    <Preview>
      <div className="preview-header">
        <ShopName />
        <ul className="preview-menu">
          {draft.menuContent === 'pages' ? (
            pages.length > 0 ? (
              pages.map((name) => <li key={name}>{name}</li>)
            ) : (
              <li>No menu pages yet.</li>
            )
          ) : (
            <li>
              The shop’s categories{Number.isFinite(limit) && limit > 0 ? `, up to ${limit}` : ''}
            </li>
          )}
        </ul>
      </div>
    </Preview>
  );
}

function FooterLinks({ draft }: { draft: Row }) {
  const columns = new Map<string, string[]>();
  for (const r of rows(draft.items)) {
    const links = columns.get(str(r.column)) ?? [];
    if (str(r.title).trim() !== '' && !links.includes(str(r.title))) links.push(str(r.title));
    columns.set(str(r.column), links);
  }
  return (
    <Preview>
      <div className="preview-footer preview-columns">
        {columns.size === 0 ? <p>No footer links yet.</p> : null}
        {[...columns].map(([title, links]) => (
          <div key={title}>
            <strong>{title || 'Untitled column'}</strong>
            <ul>
              {links.map((l) => (
                <li key={l}>{l}</li>
              ))}
            </ul>
          </div>
        ))}
      </div>
    </Preview>
  );
}

function Footer({ draft }: { draft: Row }) {
  const logo = typeof draft.logoId === 'string' ? draft.logoId : null;
  return (
    <Preview>
      <div className="preview-footer">
        {logo ? <MediaImage id={logo} alt="Footer logo" /> : <ShopName />}
        {draft.showNewsletter ? <p>Join our newsletter: your email, Subscribe</p> : null}
      </div>
    </Preview>
  );
}

function Seo({ draft }: { draft: Row }) {
  return (
    <Preview>
      <div className="preview-result">
        <strong>{str(draft.title) || <ShopName />}</strong>
        <p>{str(draft.description) || 'No description: search engines pick some text.'}</p>
      </div>
    </Preview>
  );
}

/** The preview of each settings screen that has one, by its slug. */
export const PREVIEWS: Record<string, (draft: Row) => ReactNode> = {
  branding: (draft) => <Branding draft={draft} />,
  'top-bar': (draft) => <TopBar draft={draft} />,
  menus: (draft) => <Menus draft={draft} />,
  footer: (draft) => <Footer draft={draft} />,
  'footer-links': (draft) => <FooterLinks draft={draft} />,
  seo: (draft) => <Seo draft={draft} />,
};
