import { useState } from 'react';
import { formatBRL } from '#shared/money.ts';
import { maskCpf } from '#shared/validators/documents.ts';
import { formatPurchaseCode } from '#shared/orders.ts';
import type { AdminChargeInput, AdminOrder } from '#shared/schemas/admin.ts';
import { InstalmentSelect } from '../../payment-form';
import { whatsappLink } from '#shared/shop.ts';
import { ApiError } from '#web/lib/api.ts';
import { chargeOrder } from '../admin-api';

/**
 * "Gerar cobrança" for an order settled on WhatsApp (issue 12): a PIX or a card link the buyer pays on
 * /order/{id}, the card in the instalments agreed in the chat (ADR 031); then a WhatsApp message to the
 * buyer, written, with that link.
 */
export function AdminWhatsappCharge({ order, onChanged }: { order: AdminOrder; onChanged: () => void }) {
  const [link, setLink] = useState<string | null>(null);
  const [installments, setInstallments] = useState('1');
  const [failure, setFailure] = useState<string | null>(null);
  const [cpf, setCpf] = useState('');
  if (order.status !== 'aguardando_contato_whatsapp' || order.paymentStatus !== 'unpaid') return null;
  const charge = async (body: AdminChargeInput) => {
    setFailure(null);
    try {
      setLink((await chargeOrder(order.id, order.hasCpf ? body : { ...body, cpf })).orderLink);
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Não foi possível gerar a cobrança.');
    }
    onChanged();
  };
  const message =
    link &&
    [
      `Olá, ${order.name.split(' ')[0]}! Segue o link para pagar o pedido ${formatPurchaseCode(order.purchaseCode)}`,
      `(${formatBRL(order.totalCents)}): ${link}`,
    ].join(' ');
  return (
    <div className="mt-1">
      <span className="block font-semibold">Gerar cobrança:</span>
      {!order.hasCpf && (
        <label className="mb-1 block">
          CPF do cliente (pedido pelo WhatsApp)
          <input
            className="ml-1 w-36 rounded border border-slate-400 px-1"
            inputMode="numeric"
            value={cpf}
            onChange={(event) => setCpf(maskCpf(event.target.value))}
            maxLength={14}
          />
        </label>
      )}
      <button
        type="button"
        className="mr-2 underline max-md:min-h-11"
        onClick={() => void charge({ method: 'pix' })}
      >
        PIX
      </button>
      <button
        type="button"
        className="underline max-md:min-h-11"
        onClick={() => void charge({ method: 'card', installments: Number(installments) })}
      >
        Cartão
      </button>
      <InstalmentSelect
        id={`parcelas-${order.id}`}
        label="Parcelas no cartão"
        className="mt-1"
        value={installments}
        totalCents={order.totalCents}
        onChange={setInstallments}
      />
      {message && (
        <a
          className="mt-1 block font-semibold text-green-800 underline"
          href={whatsappLink(`55${order.whatsapp}`, message)}
          target="_blank"
          rel="noopener noreferrer"
        >
          Enviar o link pelo WhatsApp
        </a>
      )}
      {failure && (
        <p role="alert" className="text-red-800">
          {failure}
        </p>
      )}
    </div>
  );
}
