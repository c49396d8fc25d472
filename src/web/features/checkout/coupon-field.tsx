import { useState } from 'react';
import { formatBRL } from '#shared/money.ts';
import { buttonSecondary, fieldError, fieldInput, fieldLabel } from '../../components/ui/styles';
import type { AppliedCoupon } from './use-discounts';

/** "Cupom de desconto" with "Aplicar" (issue 13): the server checks the code and prices it. */
export function CouponField({
  coupon,
  error,
  applying,
  onApply,
  onRemove,
}: {
  coupon: AppliedCoupon | null;
  error: string | null;
  applying: boolean;
  onApply: (code: string) => void;
  onRemove: () => void;
}) {
  const [code, setCode] = useState('');
  if (coupon)
    return (
      <p
        role="status"
        className="flex flex-wrap items-center gap-3 rounded-2xl bg-green-50 p-4 text-green-900"
      >
        <span>
          Cupom <strong>{coupon.code}</strong> aplicado: −{formatBRL(coupon.discountCents)}
        </span>
        <button type="button" className="font-semibold underline" onClick={onRemove}>
          Remover cupom
        </button>
      </p>
    );
  return (
    <div>
      <label htmlFor="couponCode" className={fieldLabel}>
        Cupom de desconto
      </label>
      <div className="flex gap-2">
        <input
          id="couponCode"
          value={code}
          onChange={(event) => setCode(event.target.value)}
          autoCapitalize="characters"
          autoComplete="off"
          maxLength={30}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'couponCode-error' : undefined}
          className={fieldInput}
        />
        <button
          type="button"
          className={buttonSecondary}
          disabled={applying || code.trim() === ''}
          onClick={() => onApply(code)}
        >
          {applying ? 'Aplicando…' : 'Aplicar'}
        </button>
      </div>
      {error && (
        <p id="couponCode-error" role="alert" className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
