import { useEffect, type ReactNode } from 'react';
import { CookieBanner } from '../components/layout/cookie-banner';
import { TestModeBanner, testModeOffset } from '../components/layout/test-mode-banner';
import { trackVisitorOnce } from '../lib/analytics';
import { useShop } from '../lib/boot';
import { trackWhatsappContacts } from '../lib/whatsapp';
import { replayEarlyTap } from '../lib/early-tap';
import { useRouteHandle } from '../router/router';
import { titleFor } from './route-handle';

export function RootLayout({ children }: { children: ReactNode }) {
  const shop = useShop();
  const handle = useRouteHandle();

  useEffect(() => {
    document.title = titleFor(handle, shop.name);
  }, [handle, shop.name]);

  useEffect(() => {
    trackVisitorOnce();
    // Tests (and support) can tell a hydrated page from server HTML that does not react to clicks yet.
    document.documentElement.dataset.hydrated = 'true';
    replayEarlyTap();
    return trackWhatsappContacts();
  }, []);

  return (
    <>
      <a
        href="#conteudo"
        className="sr-only focus:not-sr-only focus:fixed focus:left-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:p-2"
      >
        Pular para o conteúdo
      </a>
      {shop.sandbox && <TestModeBanner />}
      <div style={shop.sandbox ? testModeOffset : undefined}>{children}</div>
      <CookieBanner />
    </>
  );
}
