import './lib/zod-jitless';
import './styles.css';
import { routes } from './app/routes';
import { loadRoute, matchRoute } from './router/match';

// The server rendered this page: load its route first, so hydration renders the same tree. React's DOM
// renderer and the page's module are imported, not bundled with this file, so a slow phone runs each in
// a task of its own rather than one long one (ADR 051); the server preloads both.
const hydrating = import('./app/hydrate');
await loadRoute(matchRoute(routes, location.pathname).route);
(await hydrating).hydrate();
