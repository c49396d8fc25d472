import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { loadRoute, loadedComponent, matchRoute, type PageRoute, type RouteMatch } from './match';

// A small router (history API, lazy pages, SSR) instead of React Router: it keeps the initial JavaScript
// inside the performance budget (docs/decisions/002-small-router.md).

export interface RouterLocation {
  pathname: string;
  search: string;
  hash: string;
}

interface RouterState {
  location: RouterLocation;
  match: RouteMatch;
  navigate: (to: string, options?: { replace?: boolean }) => void;
}

const RouterContext = createContext<RouterState | null>(null);

function useRouter(): RouterState {
  const state = useContext(RouterContext);
  if (!state) throw new Error('Router missing');
  return state;
}

export const useLocation = () => useRouter().location;
export const useNavigate = () => useRouter().navigate;
export const useParams = () => useRouter().match.params;
export const useRouteHandle = () => useRouter().match.route.handle;
export const useSearchParams = () => {
  const { search } = useRouter().location;
  return useMemo(() => new URLSearchParams(search), [search]);
};

function Page({ match }: { match: RouteMatch }) {
  const Component = loadedComponent(match.route);
  if (!Component) throw new Error(`route ${match.route.path} rendered before it was loaded`);
  return <Component />;
}

/** Server side: the page for one URL (its route must be loaded first). */
export function StaticRouter({
  routes,
  url,
  layout: Layout,
}: {
  routes: readonly PageRoute[];
  url: URL;
  layout: (props: { children: ReactNode }) => ReactNode;
}) {
  const location = { pathname: url.pathname, search: url.search, hash: '' };
  const match = matchRoute(routes, url.pathname);
  const value: RouterState = {
    location,
    match,
    navigate: () => {
      throw new Error('navigate() during server render');
    },
  };
  return (
    <RouterContext.Provider value={value}>
      <Layout>
        <Page match={match} />
      </Layout>
    </RouterContext.Provider>
  );
}

function currentLocation(): RouterLocation {
  return { pathname: location.pathname, search: location.search, hash: location.hash };
}

/** After a navigation: the top (or the #anchor); after back/forward: the position saved with the entry. */
type ScrollTarget = null | 'top' | number;

const rememberScroll = () => history.replaceState({ ...history.state, scrollY: window.scrollY }, '');

function scrollAfterNavigation(hash: string) {
  const target = hash ? document.getElementById(decodeURIComponent(hash.slice(1))) : null;
  if (target) target.scrollIntoView();
  else window.scrollTo(0, 0);
}

/** Browser side: follows the history API; the first route must be loaded before hydration. */
export function BrowserRouter({
  routes,
  layout: Layout,
}: {
  routes: readonly PageRoute[];
  layout: (props: { children: ReactNode }) => ReactNode;
}) {
  const [state, setState] = useState(() => {
    const loc = currentLocation();
    return { location: loc, match: matchRoute(routes, loc.pathname), scroll: null as ScrollTarget };
  });

  const show = useCallback(
    async (scroll: ScrollTarget) => {
      const loc = currentLocation();
      const match = matchRoute(routes, loc.pathname);
      try {
        await loadRoute(match.route);
      } catch {
        // The page's chunk did not load (a deploy replaced it, a flaky 3G link): the address bar already
        // shows the new URL, so load that page in full instead of leaving it over the old one.
        location.reload();
        return;
      }
      // A later navigation may have happened while this one loaded.
      if (location.pathname + location.search + location.hash !== loc.pathname + loc.search + loc.hash)
        return;
      setState({ location: loc, match, scroll });
    },
    [routes],
  );

  const navigate = useCallback(
    (to: string, options: { replace?: boolean } = {}) => {
      const url = new URL(to, location.href);
      if (url.origin !== location.origin) {
        location.assign(url.href);
        return;
      }
      // Back to this entry later restores where the reader was.
      if (!options.replace) rememberScroll();
      history[options.replace ? 'replaceState' : 'pushState'](
        options.replace ? history.state : null,
        '',
        url.pathname + url.search + url.hash,
      );
      void show('top');
    },
    [show],
  );

  useEffect(() => {
    // The router restores scroll itself: the browser would do it before the page's content is there.
    history.scrollRestoration = 'manual';
    // Each entry keeps its own position, written while the reader scrolls (back and forward leave the
    // entry before any code of ours runs).
    let pending: number | undefined;
    const onScroll = () => {
      window.clearTimeout(pending);
      pending = window.setTimeout(() => rememberScroll(), 100);
    };
    const onPop = (event: PopStateEvent) => {
      const saved = (event.state as { scrollY?: unknown } | null)?.scrollY;
      void show(typeof saved === 'number' ? saved : 'top');
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
      window.clearTimeout(pending);
    };
  }, [show]);

  useEffect(() => {
    if (state.scroll === 'top') scrollAfterNavigation(state.location.hash);
    else if (typeof state.scroll === 'number') window.scrollTo(0, state.scroll);
  }, [state]);

  const value = useMemo<RouterState>(
    () => ({ location: state.location, match: state.match, navigate }),
    [state.location, state.match, navigate],
  );

  return (
    <RouterContext.Provider value={value}>
      <Layout>
        <Page match={state.match} />
      </Layout>
    </RouterContext.Provider>
  );
}
