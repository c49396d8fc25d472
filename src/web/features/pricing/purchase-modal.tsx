import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useNavigate } from '../../router/router';
import type { Package, Product } from '#shared/catalogue.ts';
import { formatBRL, formatInteger } from '#shared/money.ts';
import { leadSchema } from '#shared/schemas/lead.ts';
import { buttonPrimary, fieldError, fieldInput, fieldLabel } from '../../components/ui/styles';
import { track } from '../../lib/analytics';
import { useZodForm } from '../../lib/use-zod-form';
import { writeStorage } from '../../lib/storage';
import { checkoutUrl, paths } from '../../paths';
import { saveLead } from './pricing-api';
import { messages } from '#shared/messages.ts';
import { Link } from '../../router/link';

type Field = 'instagram' | 'email' | 'postLink';

/** Collects the handle, e-mail and (likes, views) post link before checkout (docs/product.md#pages). */
export default function PurchaseModal({
  product,
  pack,
  onClose,
}: {
  product: Product;
  pack: Package;
  onClose: () => void;
}) {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const navigate = useNavigate();
  const id = useId();
  // Checked with the schema on submit, and again at every change once sent (issue 45 §2).
  const { values, set, errors, check } = useZodForm(
    leadSchema(product.needsPostLink),
    { instagram: '', email: '', postLink: '' },
    {
      instagram: `${id}-instagram`,
      email: `${id}-email`,
      postLink: `${id}-postLink`,
    },
    { input: (v) => ({ ...v, postLink: product.needsPostLink ? v.postLink : undefined }) },
  );

  useEffect(() => {
    const dialog = dialogRef.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const lead = check();
    if (!lead || saving) return;
    setFailure(null);
    setSaving(true);
    try {
      // Stored as a lead (docs/product.md#privacy): the shop can help a visitor who does not finish the
      // purchase.
      await saveLead({ product: product.id, amount: pack.amount, ...lead });
    } catch {
      setSaving(false);
      setFailure(messages.lead_failed);
      return;
    }
    track('lead_captured_before_checkout');
    writeStorage('local', 'ig_handle', lead.instagram);
    if (lead.postLink) writeStorage('local', 'post_link', lead.postLink);
    writeStorage('session', 'lead_email', lead.email);
    navigate(checkoutUrl({ type: product.id, amount: pack.amount }));
  };

  const field = (name: Field, label: string, props: Record<string, string>) => (
    <div>
      <label htmlFor={`${id}-${name}`} className={fieldLabel}>
        {label}
      </label>
      <input
        id={`${id}-${name}`}
        name={name}
        value={values[name]}
        onChange={(event) => set({ [name]: event.target.value })}
        className={fieldInput}
        aria-invalid={errors[name] ? true : undefined}
        aria-describedby={errors[name] ? `${id}-${name}-error` : undefined}
        {...props}
      />
      {errors[name] && (
        <p id={`${id}-${name}-error`} className={fieldError}>
          {errors[name]}
        </p>
      )}
    </div>
  );

  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl p-0 shadow-2xl backdrop:bg-slate-900/60"
    >
      <form noValidate onSubmit={(event) => void submit(event)} className="space-y-4 p-6">
        <div className="flex items-start justify-between gap-4">
          <div>
            <h2 id={`${id}-title`} className="text-xl font-extrabold text-slate-900">
              {formatInteger(pack.amount)} {product.unitLabel}
            </h2>
            <p className="text-slate-700">{formatBRL(pack.priceCents)}</p>
          </div>
          <button
            type="button"
            onClick={() => dialogRef.current?.close()}
            className="rounded-lg px-3 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-100"
          >
            Fechar
          </button>
        </div>
        {field('instagram', 'Seu @ do Instagram', {
          autoComplete: 'off',
          placeholder: '@meu.perfil',
          maxLength: '31',
          autoCapitalize: 'none',
        })}
        {field('email', 'Seu e-mail', {
          type: 'email',
          autoComplete: 'email',
          placeholder: 'voce@exemplo.com',
          inputMode: 'email',
        })}
        {product.needsPostLink &&
          field('postLink', 'Link da publicação', {
            type: 'url',
            inputMode: 'url',
            placeholder: 'https://www.instagram.com/p/...',
          })}
        <p className="text-sm text-slate-700">
          Guardamos seu @ e seu e-mail para preencher o pedido e, se a compra não for concluída, oferecer
          ajuda. Apagamos em até 90 dias (
          <Link to={paths.privacy} className="underline">
            privacidade
          </Link>
          ). Nunca pedimos a senha do seu Instagram.
        </p>
        {failure && (
          <p role="alert" className={fieldError}>
            {failure}
          </p>
        )}
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={saving}>
          {saving ? 'Processando...' : 'Continuar para pagamento'}
        </button>
      </form>
    </dialog>
  );
}
