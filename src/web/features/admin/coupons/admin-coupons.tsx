import { useCallback, useEffect, useState } from 'react';
import { formatBRL } from '#shared/money.ts';
import type { AdminCoupon } from '#shared/schemas/coupons.ts';
import { buttonSecondary, fieldInput, fieldLabel } from '#web/components/ui/styles.ts';
import { ApiError } from '#web/lib/api.ts';
import { adminCoupons, updateCoupon } from '../admin-api';
import { AdminCouponForm } from './admin-coupon-form';
import { Failure, failureText } from '../admin-failure';
import { savePixDiscount } from '../admin-settings-api';

const appliesToLabels = { both: 'pacotes e planos', one_time: 'só pacotes', plans: 'só planos' };
const dayLabel = (day: string | null) => (day ? day.split('-').reverse().join('/') : null);

function terms(c: AdminCoupon): string {
  const off = c.kind === 'percent' ? `${c.percent}%` : formatBRL(c.amountCents ?? 0);
  const parts = [`${off} de desconto`, appliesToLabels[c.appliesTo]];
  if (c.minTotalCents) parts.push(`a partir de ${formatBRL(c.minTotalCents)}`);
  if (c.validFrom || c.validUntil)
    parts.push(`de ${dayLabel(c.validFrom) ?? 'hoje'} até ${dayLabel(c.validUntil) ?? 'sem fim'}`);
  if (c.maxUsesPerEmail) parts.push(`${c.maxUsesPerEmail} por e-mail`);
  return parts.join(' · ');
}

/** "Cupons e desconto PIX" (issue 13): the PIX discount, each coupon with its uses and revenue, a new one. */
export function AdminCoupons() {
  const [data, setData] = useState<{ coupons: AdminCoupon[]; pixDiscountPercent: number } | null>(null);
  const [pix, setPix] = useState('');
  const [notice, setNotice] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      const answer = await adminCoupons();
      setData(answer);
      setPix(String(answer.pixDiscountPercent));
    } catch (error) {
      setFailure(failureText(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const savePix = async () => {
    try {
      await savePixDiscount(Number(pix));
      setNotice('Desconto PIX salvo.');
    } catch (error) {
      setNotice(error instanceof ApiError ? error.message : 'Não foi possível salvar.');
    }
    await load();
  };
  const toggle = async (c: AdminCoupon) => {
    const {
      id: _id,
      uses: _u,
      paidOrders: _p,
      revenueCents: _r,
      discountCents: _d,
      createdAt: _c,
      ...fields
    } = c;
    setFailure(null);
    await updateCoupon(c.id, { ...fields, active: !c.active }).catch((error: unknown) =>
      setFailure(failureText(error)),
    );
    await load();
  };

  if (!data) return <Failure text={failure} />;
  return (
    <section aria-labelledby="cupons" className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <h2 id="cupons" className="text-lg font-bold text-slate-900">
        Cupons e desconto PIX
      </h2>
      <div className="mt-3 flex flex-wrap items-end gap-3">
        <div>
          <label htmlFor="pix-discount" className={fieldLabel}>
            Desconto no PIX (%)
          </label>
          <input
            id="pix-discount"
            className={fieldInput}
            inputMode="numeric"
            value={pix}
            onChange={(e) => setPix(e.target.value)}
          />
        </div>
        <button type="button" className={buttonSecondary} onClick={() => void savePix()}>
          Salvar desconto PIX
        </button>
        {notice && (
          <p role="status" className="text-sm text-slate-800">
            {notice}
          </p>
        )}
      </div>
      <Failure text={failure} />
      <ul className="mt-4 divide-y divide-slate-200">
        {data.coupons.map((c) => (
          <li key={c.id} className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm">
            <div>
              <p className="font-semibold text-slate-900">
                {c.code} {!c.active && <span className="text-red-800">(desativado)</span>}
              </p>
              <p className="text-slate-700">{terms(c)}</p>
              <p className="text-slate-700">
                Usos: {c.uses}
                {c.maxUses ? ` de ${c.maxUses}` : ''} · Pedidos pagos: {c.paidOrders} · Receita:{' '}
                {formatBRL(c.revenueCents)} · Descontos: {formatBRL(c.discountCents)}
              </p>
            </div>
            <button
              type="button"
              className="min-h-11 font-semibold text-fuchsia-800 underline"
              onClick={() => void toggle(c)}
            >
              {c.active ? 'Desativar' : 'Ativar'}
            </button>
          </li>
        ))}
      </ul>
      <h3 className="mt-4 font-bold text-slate-900">Novo cupom</h3>
      <AdminCouponForm onCreated={() => void load()} />
    </section>
  );
}
