import './lib/zod-jitless';
import './styles.css';
import { StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { RootLayout } from './app/root-layout';
import { routes } from './app/routes';
import { BootProvider, readBootData } from './lib/boot';
import { loadRoute, matchRoute } from './router/match';
import { BrowserRouter } from './router/router';

// The server rendered this page: load its route first, so hydration renders the same tree.
await loadRoute(matchRoute(routes, location.pathname).route);

hydrateRoot(
  document.getElementById('root')!,
  <StrictMode>
    <BootProvider value={readBootData()}>
      <BrowserRouter routes={routes} layout={RootLayout} />
    </BootProvider>
  </StrictMode>,
);
