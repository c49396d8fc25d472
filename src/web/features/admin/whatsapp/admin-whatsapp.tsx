import { useEffect, useState, type FormEvent } from 'react';
import type { WhatsappSettingsView } from '#shared/schemas/whatsapp.ts';
import { buttonSecondary } from '#web/components/ui/styles.ts';
import { saveWhatsappTemplates, whatsappSettings } from '../admin-settings-api';
import { Outcome, TextInput, useSave } from '../admin-catalogue-fields';
import { Failure, failureText } from '../admin-failure';

/**
 * "WhatsApp" (docs/whatsapp.md): the approved template of each message, with the body variables the owner
 * submits to Meta in that order. A message without a template is not sent. Saved with an audit row.
 */
export function AdminWhatsapp() {
  const [view, setView] = useState<WhatsappSettingsView | null>(null);
  const [names, setNames] = useState<Record<string, string>>({});
  const { outcome, save } = useSave();
  const [failure, setFailure] = useState<string | null>(null);
  const load = (loaded: WhatsappSettingsView) => {
    setView(loaded);
    setNames(Object.fromEntries(loaded.kinds.map((k) => [k.kind, k.template])));
  };
  useEffect(() => {
    whatsappSettings()
      .then(load)
      .catch((error: unknown) => setFailure(failureText(error)));
  }, []);
  if (!view) return <Failure text={failure} />;
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    await save(
      () => saveWhatsappTemplates(names),
      'Salvo.',
      () => undefined,
    );
  };

  return (
    <section
      aria-labelledby="whatsapp-mensagens"
      className="mt-4 rounded-2xl bg-white p-4 ring-1 ring-slate-200"
    >
      <h2 id="whatsapp-mensagens" className="text-lg font-bold text-slate-900">
        WhatsApp
      </h2>
      <p className="mt-2 text-sm text-slate-700">
        {view.enabled
          ? 'Mensagens ligadas. Informe o nome de cada modelo aprovado pela Meta (idioma pt_BR), com as variáveis do corpo nesta ordem.'
          : 'Mensagens desligadas: defina WHATSAPP_TOKEN, WHATSAPP_PHONE_NUMBER_ID, WHATSAPP_APP_SECRET e WHATSAPP_VERIFY_TOKEN.'}
      </p>
      <form noValidate onSubmit={(e) => void submit(e)} className="mt-3 space-y-3">
        {view.kinds.map((k) => (
          <div key={k.kind}>
            <TextInput
              id={`whatsapp-modelo-${k.kind}`}
              label={`Modelo: ${k.label}`}
              value={names[k.kind] ?? ''}
              onChange={(name) => setNames({ ...names, [k.kind]: name })}
            />
            <p className="text-xs text-slate-700">
              Variáveis: {k.variables.map((v, i) => `{{${i + 1}}} ${v}`).join(', ')}
            </p>
          </div>
        ))}
        <button type="submit" className={buttonSecondary}>
          Salvar modelos
        </button>
        <Outcome outcome={outcome} />
      </form>
    </section>
  );
}
