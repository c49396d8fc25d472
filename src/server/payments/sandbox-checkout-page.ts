import { formatBRL } from '../../shared/money';

const escape = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** The sandbox's stand-in for the provider's hosted card page (plain HTML, no script). */
export function sandboxCheckoutHtml(options: {
  providerPaymentId: string;
  amountCents: number;
  shopName: string;
  method: string;
}) {
  const card = options.method === 'debit_card' ? 'débito' : 'crédito';
  const action = `/sandbox/checkout/${encodeURIComponent(options.providerPaymentId)}/pay`;
  return `<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>Pagamento com cartão de ${card} (sandbox)</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:3rem auto;padding:0 1rem;color:#0f172a}
button{width:100%;min-height:2.75rem;border:0;border-radius:999px;background:#1d4ed8;color:#fff;font-weight:700;font-size:1rem}
.note{background:#fef3c7;padding:.75rem;border-radius:.75rem}</style></head><body>
<h1>Cartão de ${card}</h1>
<p class="note">Ambiente de testes (sandbox): nenhum valor é cobrado.</p>
<p>${escape(options.shopName)} · Total <strong>${formatBRL(options.amountCents)}</strong></p>
<form method="post" action="${action}"><button type="submit">Pagar com ${card} (simulado)</button></form>
</body></html>`;
}
