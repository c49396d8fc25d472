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
    return { location: loc, match: matchRoute(routes, loc.pathname), scroll: false };
  });

  const show = useCallback(
    async (scroll: boolean) => {
      const loc = currentLocation();
      const match = matchRoute(routes, loc.pathname);
      await loadRoute(match.route);
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
      history[options.replace ? 'replaceState' : 'pushState'](null, '', url.pathname + url.search + url.hash);
      void show(true);
    },
    [show],
  );

  useEffect(() => {
    const onPop = () => void show(false);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, [show]);

  useEffect(() => {
    if (state.scroll) scrollAfterNavigation(state.location.hash);
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
