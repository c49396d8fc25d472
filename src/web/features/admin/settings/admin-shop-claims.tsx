import { useEffect, useState, type FormEvent } from 'react';
import type { ShopClaimsFields } from '#shared/schemas/shop-claims.ts';
import { buttonSecondary } from '#web/components/ui/styles.ts';
import { saveShopClaims, shopClaims } from '../admin-settings-api';
import { Outcome, TextInput, useSave } from '../admin-catalogue-fields';
import { Failure, failureText } from '../admin-failure';

/**
 * "Números da loja" (ADR 031, ADR 055): the landing's two numbers and /sobre's, or none at all — a new shop
 * has no numbers to claim, so they start hidden and blank. Saved with an audit row; the pages show them on
 * the next request.
 */
export function AdminShopClaims() {
  const [fields, setFields] = useState<ShopClaimsFields | null>(null);
  const { outcome, save } = useSave();
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    shopClaims()
      .then(({ version: _, ...stored }) => setFields(stored))
      .catch((error: unknown) => setFailure(failureText(error)));
  }, []);
  if (!fields) return <Failure text={failure} />;
  const set = (patch: Partial<ShopClaimsFields>) => setFields({ ...fields, ...patch });
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(
      () => saveShopClaims(fields),
      'Salvo.',
      () => undefined,
    );
  };

  return (
    <details className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200">
      <summary className="cursor-pointer text-lg font-bold text-slate-900">Números da loja</summary>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 space-y-3">
        <p className="text-sm text-slate-700" data-testid="claims-state">
          {fields.shown
            ? 'Exibidos na página inicial, em /sobre e no aviso de resultados. Confira que são números reais da loja.'
            : 'Ocultos: a loja não mostra números. Para mostrá-los, preencha os cinco campos com números reais da loja (p. ex. quantos perfis já atendeu), marque a opção abaixo e salve.'}
        </p>
        <label className="flex items-center gap-2 text-slate-900">
          <input type="checkbox" checked={fields.shown} onChange={(e) => set({ shown: e.target.checked })} />
          Mostrar os números na página inicial e em /sobre
        </label>
        <div className="flex flex-wrap gap-3">
          <TextInput
            id="numeros-perfis"
            label="Perfis (número)"
            value={fields.profiles.value}
            onChange={(value) => set({ profiles: { ...fields.profiles, value } })}
          />
          <TextInput
            id="numeros-perfis-texto"
            label="Perfis (texto)"
            value={fields.profiles.label}
            onChange={(label) => set({ profiles: { ...fields.profiles, label } })}
          />
          <TextInput
            id="numeros-interacoes"
            label="Interações (número)"
            value={fields.interactions.value}
            onChange={(value) => set({ interactions: { ...fields.interactions, value } })}
          />
          <TextInput
            id="numeros-interacoes-texto"
            label="Interações (texto)"
            value={fields.interactions.label}
            onChange={(label) => set({ interactions: { ...fields.interactions, label } })}
          />
          <TextInput
            id="numeros-sobre"
            label="Em /sobre: “Desde o início já atendemos …”"
            value={fields.aboutProfiles}
            onChange={(aboutProfiles) => set({ aboutProfiles })}
          />
        </div>
        <button type="submit" className={buttonSecondary}>
          Salvar números
        </button>
        <Outcome outcome={outcome} />
      </form>
    </details>
  );
}
