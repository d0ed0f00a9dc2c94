import { useQueryClient } from '@tanstack/react-query';
import {
  Link,
  Outlet,
  useLocation,
  useMatches,
  useNavigate,
  useRouter,
} from '@tanstack/react-router';
import { createContext, useContext, useEffect, useState } from 'react';
import { api, type Me } from '../api/client';
import { neededScope, visibleSections } from '../lib/route-data';
import { can } from '../lib/scopes';
import { meQuery } from '../lib/session';

const MeContext = createContext<Me | null>(null);

/** The signed-in member, their shop and scopes (inside the signed-in layout only). */
export function useMe(): Me {
  const me = useContext(MeContext);
  if (!me) throw new Error('useMe outside the signed-in layout');
  return me;
}

/**
 * The signed-in frame: skip link, the shop's name, the sections the role allows, sign-out. On
 * a phone the sections and the account sit behind a Menu button, which closes on every move.
 * The sections are the routes that carry a label; a route whose scope the role lacks shows
 * "Not available" in place of its screen.
 */
export function Layout({ me }: { me: Me }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [menuOpen, setMenuOpen] = useState(false);
  const pathname = useLocation({ select: (l) => l.pathname });
  const { routeTree } = useRouter();
  const scope = useMatches({ select: neededScope });
  // biome-ignore lint/correctness/useExhaustiveDependencies: closes the menu when the path changes
  useEffect(() => setMenuOpen(false), [pathname]);
  const signOut = async () => {
    await api.POST('/auth/sign-out');
    queryClient.clear();
    await queryClient.invalidateQueries({ queryKey: meQuery.queryKey });
    await navigate({ to: '/sign-in' });
  };
  const who = me.actor.type === 'staff' ? me.actor.name || me.actor.email : me.actor.name;
  return (
    <MeContext.Provider value={me}>
      <a className="skip" href="#main">
        Skip to content
      </a>
      <header className="top" data-menu={menuOpen ? 'open' : 'closed'}>
        <span className="shop-name">{me.shop.name}</span>
        <button
          type="button"
          className="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="top-menu"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <div className="top-menu" id="top-menu">
          <nav aria-label="Sections">
            <ul>
              {visibleSections(routeTree, me.scopes).map((s) => (
                <li key={s.path}>
                  <Link to={s.path} activeOptions={{ exact: s.path === '/' }}>
                    {s.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          <div className="account">
            <Link to="/account">{who}</Link>
            <button type="button" onClick={() => void signOut()}>
              Sign out
            </button>
          </div>
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {scope === null || can(me.scopes, scope) ? <Outlet /> : <NotAllowed />}
      </main>
    </MeContext.Provider>
  );
}

/** Shown in place of a screen the member's role does not allow. */
export function NotAllowed() {
  return (
    <>
      <h1>Not available</h1>
      <p>Your role does not include this part of the shop. Ask the shop's owner for access.</p>
    </>
  );
}
