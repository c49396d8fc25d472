import { useEffect, useRef, useState } from 'react';
import { Link } from '../../router/link';
import { paths } from '../../paths';
import { useShop } from '../../lib/boot';
import { useWhatsappLink } from '../../lib/whatsapp';
import { LogoMark, WhatsappIcon } from '../ui/icons';
import { buttonWhatsapp, container } from '../ui/styles';

const navLinks = [
  { to: paths.howItWorks, label: 'Como funciona' },
  { to: paths.pricing, label: 'Preços' },
  { to: paths.plans, label: 'Planos mensais' },
  { to: paths.faq, label: 'Dúvidas' },
  { to: paths.about, label: 'Sobre' },
];

/** Fixed header; gains a shadow after 10 px of scroll (docs/product.md#pages). */
export function SiteHeader({ backLink = false }: { backLink?: boolean }) {
  const shop = useShop();
  const whatsapp = useWhatsappLink();
  const [scrolled, setScrolled] = useState(false);
  const [menuOpen, setMenuOpen] = useState(false);
  const menu = useRef<HTMLDetailsElement>(null);
  const closeMenu = () => {
    if (menu.current) menu.current.open = false;
  };

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 10);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  return (
    <header
      data-scrolled={scrolled}
      className={`fixed inset-x-0 top-[var(--test-banner,0px)] z-40 bg-white/95 backdrop-blur transition-shadow ${scrolled ? 'shadow-md' : ''}`}
    >
      <div className={`${container} flex h-16 items-center justify-between gap-3`}>
        <Link to={paths.home} className="flex items-center gap-2 text-xl font-extrabold text-slate-900">
          <LogoMark />
          <span>{shop.name}</span>
        </Link>
        {backLink ? (
          <Link
            to={paths.home}
            className="whitespace-nowrap text-sm font-semibold text-fuchsia-800 underline-offset-4 hover:underline"
          >
            <span className="sm:hidden">← Início</span>
            <span className="hidden sm:inline">← Voltar ao início</span>
          </Link>
        ) : (
          <nav aria-label="Principal" className="hidden lg:block">
            <ul className="flex items-center gap-6 text-sm font-semibold text-slate-800">
              {navLinks.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="hover:text-fuchsia-800">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        )}
        <div className="flex items-center gap-2">
          <a
            href={whatsapp}
            target="_blank"
            rel="noopener noreferrer"
            className={`${buttonWhatsapp} w-11 px-0 sm:w-auto sm:px-5`}
          >
            <WhatsappIcon />
            <span className="sr-only sm:not-sr-only">WhatsApp</span>
          </a>
          <Link
            to={paths.lookup}
            className="hidden min-h-11 items-center rounded-full border-2 border-slate-800 px-4 text-sm font-semibold text-slate-900 hover:bg-slate-100 sm:inline-flex"
          >
            Consultar Compra
          </Link>
          {!backLink && (
            // A <details>: it opens with a tap before the page's scripts run (issue 45 §1).
            <details ref={menu} className="lg:hidden" onToggle={(e) => setMenuOpen(e.currentTarget.open)}>
              <summary
                role="button"
                aria-expanded={menuOpen}
                aria-controls="mobile-menu"
                className="inline-flex h-11 w-11 cursor-pointer list-none items-center justify-center rounded-lg border border-slate-300 text-slate-900 [&::-webkit-details-marker]:hidden"
                aria-label={menuOpen ? 'Fechar menu' : 'Abrir menu'}
              >
                <svg
                  viewBox="0 0 24 24"
                  aria-hidden="true"
                  className="h-6 w-6"
                  stroke="currentColor"
                  strokeWidth="2"
                >
                  {menuOpen ? <path d="M6 6l12 12M18 6 6 18" /> : <path d="M4 7h16M4 12h16M4 17h16" />}
                </svg>
              </summary>
              <nav
                id="mobile-menu"
                aria-label="Menu"
                className="absolute inset-x-0 top-16 border-t border-slate-200 bg-white shadow-md"
              >
                <ul className={`${container} flex flex-col py-2 text-base font-semibold text-slate-900`}>
                  {navLinks.map((link) => (
                    <li key={link.to}>
                      <Link to={link.to} className="block py-3" onClick={closeMenu}>
                        {link.label}
                      </Link>
                    </li>
                  ))}
                  <li>
                    <Link to={paths.lookup} className="block py-3" onClick={closeMenu}>
                      Consultar Compra
                    </Link>
                  </li>
                  <li className="py-3">
                    <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonWhatsapp}>
                      <WhatsappIcon />
                      Falar no WhatsApp
                    </a>
                  </li>
                </ul>
              </nav>
            </details>
          )}
        </div>
      </div>
    </header>
  );
}
