import { useEffect, useState, type FormEvent } from 'react';
import { Link } from '../../router/link';
import { useLocation } from '../../router/router';
import { parseConsent } from '#shared/consent.ts';
import { consentCookie, loadTagManager, storeConsent, storedConsent } from '../../lib/consent';
import { useCookieBannerRendered, useShop } from '../../lib/boot';
import { consentPath, paths } from '../../paths';

const choiceButton =
  'min-h-11 flex-1 sm:w-40 rounded-full border-2 border-white px-5 py-2 text-sm font-bold focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-white sm:flex-none';

/**
 * Shown at the bottom until a choice is stored; both choices equally prominent
 * (docs/product.md#analytics-and-consent). The server renders it for visitors without the consent cookie, so
 * it paints with the page (issue 14 §8).
 */
export function CookieBanner() {
  const { gtmId } = useShop();
  const { pathname, search } = useLocation();
  const [visible, setVisible] = useState(useCookieBannerRendered());

  useEffect(() => {
    const choice = storedConsent();
    if (choice === 'accepted') loadTagManager(gtmId);
    // A choice made before the cookie existed (localStorage only): the server should know it too.
    if (choice && !consentCookie()) storeConsent(choice);
    setVisible(choice === null);
  }, [gtmId]);

  if (!visible) return null;

  // Before the scripts run, the form posts the choice to the server (api/consent); after, it stays here.
  const choose = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const choice = parseConsent(submitter?.getAttribute('value'));
    if (!choice) return;
    storeConsent(choice);
    if (choice === 'accepted') loadTagManager(gtmId);
    setVisible(false);
  };

  return (
    <section
      aria-label="Preferências de cookies"
      className="fixed inset-x-0 bottom-0 z-50 bg-slate-900 px-4 py-4 text-white shadow-[0_-4px_16px_rgba(0,0,0,0.2)]"
    >
      <div className="mx-auto flex max-w-6xl flex-col gap-3 sm:flex-row sm:items-center sm:justify-between">
        <p className="text-sm">
          Usamos cookies essenciais para o site funcionar e, com a sua permissão, cookies de medição. Saiba
          mais na{' '}
          <Link to={paths.cookies} className="font-semibold underline">
            Política de Cookies
          </Link>
          .
        </p>
        <form method="post" action={consentPath} data-plain="" onSubmit={choose} className="flex gap-3">
          <input type="hidden" name="return" value={`${pathname}${search}`} />
          <button
            type="submit"
            name="choice"
            value="rejected"
            className={`${choiceButton} bg-slate-900 text-white`}
          >
            Rejeitar
          </button>
          <button
            type="submit"
            name="choice"
            value="accepted"
            className={`${choiceButton} bg-white text-slate-900`}
          >
            Aceitar todos
          </button>
        </form>
      </div>
    </section>
  );
}
