import { StrictMode, startTransition } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { BootProvider, readBootData } from '../lib/boot';
import { BrowserRouter } from '../router/router';
import { RootLayout } from './root-layout';
import { routes } from './routes';

/**
 * Hydrates the server-rendered page. In a transition, React hydrates in slices of a few milliseconds and
 * lets the phone paint and take taps between them, instead of one long task (ADR 051).
 */
export function hydrate(): void {
  startTransition(() => {
    hydrateRoot(
      document.getElementById('root')!,
      <StrictMode>
        <BootProvider value={readBootData()}>
          <BrowserRouter routes={routes} layout={RootLayout} />
        </BootProvider>
      </StrictMode>,
    );
  });
}
