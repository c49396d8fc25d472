import type { ReactNode } from 'react';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

/** Header, main landmark and footer; `backLink` gives the simpler back-to-site header (pricing, legal). */
export function PageShell({ children, backLink = false }: { children: ReactNode; backLink?: boolean }) {
  return (
    <>
      <SiteHeader backLink={backLink} />
      <main id="conteudo" className="pt-16">
        {children}
      </main>
      <SiteFooter />
    </>
  );
}
