import type { Email } from './mailer';
import { layout, type Shop } from './templates';

/** The link a guest buyer follows to confirm the operator's LGPD request for their data (issue 13). */
export function privacyRequestEmail(
  shop: Shop,
  to: string,
  action: 'export' | 'erase',
  token: string,
): Email {
  const what = action === 'export' ? 'receber uma cópia dos seus dados' : 'excluir os seus dados pessoais';
  const { html, text } = layout(
    shop,
    'Confirme o seu pedido sobre os seus dados',
    [
      `Recebemos um pedido para ${what} guardados pela ${shop.name} (Lei 13.709/2018, LGPD).`,
      'Se foi você, confirme pelo link abaixo em até 72 horas. Se não foi, ignore este e-mail: nada muda.',
    ],
    { label: 'Confirmar', url: `${shop.publicUrl}/meus-dados/confirmar#token=${encodeURIComponent(token)}` },
  );
  return { to, subject: `Confirme o pedido sobre os seus dados – ${shop.name}`, html, text };
}
