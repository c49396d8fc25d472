import type { PaymentChoice } from './payment-values';

const methods: Array<{ id: Exclude<PaymentChoice, ''>; title: string; text: string; plan?: string }> = [
  {
    id: 'pix',
    title: 'PIX',
    text: 'QR Code na hora, aprovação imediata',
    plan: 'O PIX de cada mês chega por e-mail antes do vencimento',
  },
  { id: 'credit_card', title: 'Cartão de crédito', text: 'Em até 12x', plan: 'Cobrado no cartão todo mês' },
  { id: 'debit_card', title: 'Cartão de débito', text: 'Pago na página segura do intermediador' },
];

export const methodTitle = (method: PaymentChoice) => methods.find((m) => m.id === method)?.title ?? '';

export function PaymentMethodChoice({
  onChoose,
  error,
  recurring,
  pixPercent = 0,
}: {
  onChoose: (method: PaymentChoice) => void;
  error?: string | undefined;
  recurring: boolean;
  /** The shop's PIX discount (one-time orders only). */
  pixPercent?: number;
}) {
  return (
    <fieldset>
      <legend className="text-base font-bold text-slate-900">Como você quer pagar?</legend>
      <div className="mt-3 grid gap-3 sm:grid-cols-3">
        {methods
          .filter((method) => !recurring || method.id !== 'debit_card')
          .map((method) => (
            <button
              key={method.id}
              type="button"
              onClick={() => onChoose(method.id)}
              className="rounded-2xl border-2 border-slate-300 bg-white p-4 text-left hover:border-fuchsia-700 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700"
            >
              <span className="block font-bold text-slate-900">{method.title}</span>
              {/* A plan has no instalments: one charge a month (issue 43). */}
              <span className="block text-sm text-slate-700">
                {recurring ? (method.plan ?? method.text) : method.text}
              </span>
              {method.id === 'pix' && pixPercent > 0 && !recurring && (
                <span className="mt-1 block text-sm font-bold text-green-800">{pixPercent}% de desconto</span>
              )}
            </button>
          ))}
      </div>
      {error && <p className="mt-2 text-sm font-medium text-red-700">{error}</p>}
    </fieldset>
  );
}
