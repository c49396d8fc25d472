import { useEffect, useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import { formatBRL } from '#shared/money.ts';
import type { AbandonedCheckout } from '#shared/schemas/admin.ts';
import { whatsappLink } from '#shared/shop.ts';
import { abandonedCheckouts } from '../admin-api';
import { useShop } from '#web/lib/boot.tsx';
import { serviceTitle } from '../../orders';
import { Failure, failureText } from '../admin-failure';

/**
 * Checkouts that ended in no sale (issue 12): a visitor who gave @ and e-mail in the purchase modal, or an
 * unpaid order, newest first, each with a way to offer help: WhatsApp for orders, e-mail for leads (the
 * modal asks no phone).
 */
export function AdminAbandoned() {
  const shop = useShop();
  const [checkouts, setCheckouts] = useState<AbandonedCheckout[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    void abandonedCheckouts()
      .then((answer) => setCheckouts(answer.checkouts))
      .catch((error: unknown) => setFailure(failureText(error)));
  }, []);
  if (!checkouts) return <Failure text={failure} />;
  if (checkouts.length === 0) return null;

  const offer = (c: AbandonedCheckout) => {
    const what = serviceTitle(c);
    const message = `Olá! Vi que você começou a compra de ${what} para @${c.instagram} na ${shop.name} e não concluiu. Posso ajudar?`;
    if (c.whatsapp) return { label: 'WhatsApp', href: whatsappLink(`55${c.whatsapp}`, message), what };
    const subject = encodeURIComponent(`Sua compra na ${shop.name}`);
    return {
      label: 'E-mail',
      href: `mailto:${c.email}?subject=${subject}&body=${encodeURIComponent(message)}`,
      what,
    };
  };

  return (
    <section aria-labelledby="abandonados" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="abandonados" className="text-lg font-bold text-slate-900">
        Checkouts abandonados: <span data-testid="abandoned-count">{checkouts.length}</span>
      </h2>
      <ul className="mt-3 divide-y divide-slate-200">
        {checkouts.map((c) => {
          const contact = offer(c);
          return (
            <li
              key={`${c.kind}-${c.orderId ?? c.email}`}
              className="flex flex-wrap items-center justify-between gap-2 py-2"
            >
              <div className="min-w-0 text-sm text-slate-800">
                <p className="font-semibold text-slate-900">
                  {c.kind === 'lead' ? 'Não chegou ao pagamento' : `Pedido ${c.purchaseCode} não pago`} ·{' '}
                  {contact.what}
                  {c.totalCents !== null && ` · ${formatBRL(c.totalCents)}`}
                </p>
                <p className="break-words">
                  {formatDateTime(new Date(c.at))} · @{c.instagram} · {c.email}
                </p>
              </div>
              <a
                href={contact.href}
                target="_blank"
                rel="noreferrer"
                className="font-semibold text-fuchsia-800 underline"
              >
                {contact.label}
              </a>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
