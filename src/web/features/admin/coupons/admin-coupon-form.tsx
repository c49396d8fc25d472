import { useState, type FormEvent } from 'react';
import { parseBRL } from '#shared/money.ts';
import { oneOf } from '#shared/one-of.ts';
import { couponKinds, couponScopes, type AdminCouponInput } from '#shared/schemas/coupons.ts';
import { buttonPrimary, fieldInput, fieldLabel } from '#web/components/ui/styles.ts';
import { ApiError } from '#web/lib/api.ts';
import { createCoupon } from '../admin-api';

const empty = {
  code: '',
  kind: 'percent' as 'percent' | 'fixed',
  value: '',
  minimum: '',
  validFrom: '',
  validUntil: '',
  maxUses: '',
  maxUsesPerEmail: '',
  appliesTo: 'both' as 'one_time' | 'plans' | 'both',
};
const count = (text: string) => (text.trim() ? Number(text) : null);

/** "Novo cupom" in the panel: what the form says becomes the coupon the server validates (issue 13). */
export function AdminCouponForm({ onCreated }: { onCreated: () => void }) {
  const [form, setForm] = useState(empty);
  const [failure, setFailure] = useState<string | null>(null);
  const set = (patch: Partial<typeof empty>) => setForm((f) => ({ ...f, ...patch }));

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    const body: AdminCouponInput = {
      code: form.code,
      kind: form.kind,
      percent: form.kind === 'percent' ? count(form.value) : null,
      amountCents: form.kind === 'fixed' ? parseBRL(form.value) : null,
      minTotalCents: form.minimum.trim() ? (parseBRL(form.minimum) ?? -1) : 0,
      validFrom: form.validFrom || null,
      validUntil: form.validUntil || null,
      maxUses: count(form.maxUses),
      maxUsesPerEmail: count(form.maxUsesPerEmail),
      appliesTo: form.appliesTo,
    };
    try {
      await createCoupon(body);
      setForm(empty);
      onCreated();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.message : 'Não foi possível criar o cupom.');
    }
  };

  const field = (key: keyof typeof empty, label: string, props: Record<string, string> = {}) => (
    <div>
      <label htmlFor={`coupon-${key}`} className={fieldLabel}>
        {label}
      </label>
      <input
        id={`coupon-${key}`}
        className={fieldInput}
        value={form[key]}
        onChange={(e) => set({ [key]: e.target.value })}
        {...props}
      />
    </div>
  );

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 grid gap-3 sm:grid-cols-4">
      {field('code', 'Código', { autoCapitalize: 'characters', maxLength: '30' })}
      <div>
        <label htmlFor="coupon-kind" className={fieldLabel}>
          Tipo
        </label>
        <select
          id="coupon-kind"
          className={fieldInput}
          value={form.kind}
          onChange={(e) => {
            const kind = oneOf(couponKinds, e.target.value);
            if (kind) set({ kind });
          }}
        >
          <option value="percent">Percentual (%)</option>
          <option value="fixed">Valor fixo (R$)</option>
        </select>
      </div>
      {field('value', form.kind === 'percent' ? 'Desconto (%)' : 'Desconto (R$)', { inputMode: 'decimal' })}
      {field('minimum', 'Pedido mínimo (R$)', { inputMode: 'decimal' })}
      {field('validFrom', 'Válido de', { type: 'date' })}
      {field('validUntil', 'Válido até', { type: 'date' })}
      {field('maxUses', 'Usos no total', { inputMode: 'numeric' })}
      {field('maxUsesPerEmail', 'Usos por e-mail', { inputMode: 'numeric' })}
      <div>
        <label htmlFor="coupon-appliesTo" className={fieldLabel}>
          Vale para
        </label>
        <select
          id="coupon-appliesTo"
          className={fieldInput}
          value={form.appliesTo}
          onChange={(e) => {
            const appliesTo = oneOf(couponScopes, e.target.value);
            if (appliesTo) set({ appliesTo });
          }}
        >
          <option value="both">Pacotes e planos</option>
          <option value="one_time">Só pacotes</option>
          <option value="plans">Só planos</option>
        </select>
      </div>
      <div className="flex items-end sm:col-span-3">
        <button type="submit" className={buttonPrimary}>
          Criar cupom
        </button>
      </div>
      {failure && (
        <p role="alert" className="text-sm font-semibold text-red-800 sm:col-span-4">
          {failure}
        </p>
      )}
    </form>
  );
}
