import { useState, type FormEvent } from 'react';
import type {
  FiscalInfoInput,
  FiscalInfoView,
  FiscalSetup,
  MunicipalOptions,
} from '#shared/schemas/fiscal-info.ts';
import { buttonPrimary } from '#web/components/ui/styles.ts';
import { SelectInput } from '../admin-choice-fields';
import { ApiError } from '#web/lib/api.ts';
import { saveFiscalInfo } from './admin-invoices-api';
import { CheckInput, Outcome, TextInput } from '../admin-catalogue-fields';
import { AdminFiscalAccess } from './admin-fiscal-access';

// The fiscal data form: the server sends it to Asaas as multipart. The city's password, token or
// certificate stay in this form until it is sent, and are cleared after; Asaas says only "sent".

const whole = (text: string) =>
  text.trim() === '' ? undefined : /^\d+$/.test(text.trim()) ? Number(text) : NaN;
const text = (value: string | number | null | undefined) =>
  value === null || value === undefined ? '' : String(value);

type TextField =
  | 'email'
  | 'municipalInscription'
  | 'cnae'
  | 'nbsCode'
  | 'serviceListItem'
  | 'rpsSerie'
  | 'rpsNumber'
  | 'loteNumber';

/** The form's text fields; the service-list item only where the city uses it. */
const textFields = (options: MunicipalOptions): Array<[TextField, string, string]> => [
  ['email', 'fiscal-email', 'E-mail fiscal'],
  ['municipalInscription', 'fiscal-inscricao', 'Inscrição municipal'],
  ['cnae', 'fiscal-cnae', 'CNAE'],
  ['nbsCode', 'fiscal-nbs', 'Código NBS (se a prefeitura pedir)'],
  ...(options.usesServiceListItem
    ? [['serviceListItem', 'fiscal-item', 'Item da lista de serviço'] as [TextField, string, string]]
    : []),
  ['rpsSerie', 'fiscal-rps-serie', 'Série do RPS'],
  ['rpsNumber', 'fiscal-rps-numero', 'Próximo número do RPS'],
  ['loteNumber', 'fiscal-lote', 'Número do lote'],
];

async function base64Of(file: File): Promise<string> {
  const bytes = new Uint8Array(await file.arrayBuffer());
  let binary = '';
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(binary);
}

export function AdminFiscalForm(props: {
  setup: FiscalSetup;
  onSaved: (info: FiscalInfoView) => void;
  onUnsure: () => void;
}) {
  const { options, info } = props.setup;
  const [f, setF] = useState({
    email: text(info?.email),
    simplesNacional: info?.simplesNacional ?? false,
    municipalInscription: text(info?.municipalInscription),
    cnae: text(info?.cnae),
    specialTaxRegime: text(info?.specialTaxRegime),
    serviceListItem: text(info?.serviceListItem),
    nbsCode: text(info?.nbsCode),
    nationalPortalTaxCalculationRegime: text(info?.nationalPortalTaxCalculationRegime),
    rpsSerie: text(info?.rpsSerie),
    rpsNumber: text(info?.rpsNumber),
    loteNumber: text(info?.loteNumber),
    username: text(info?.username),
  });
  const [secrets, setSecrets] = useState({ password: '', accessToken: '', certificatePassword: '' });
  const [certificate, setCertificate] = useState<File | null>(null);
  const [fileKey, setFileKey] = useState(0);
  const [outcome, setOutcome] = useState<{ ok: boolean; text: string } | null>(null);
  const [sending, setSending] = useState(false);
  const set = (patch: Partial<typeof f>) => setF({ ...f, ...patch });
  const auth = options.authenticationType;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setOutcome(null);
    try {
      const body: FiscalInfoInput = {
        ...f,
        rpsNumber: whole(f.rpsNumber),
        loteNumber: whole(f.loteNumber),
        ...secrets,
        ...(certificate
          ? { certificate: { name: certificate.name, base64: await base64Of(certificate) } }
          : {}),
      };
      const saved = await saveFiscalInfo(body);
      setSecrets({ password: '', accessToken: '', certificatePassword: '' });
      setCertificate(null);
      setFileKey(fileKey + 1);
      setOutcome({ ok: true, text: 'Dados fiscais enviados ao Asaas.' });
      props.onSaved(saved.info);
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof ApiError ? error.message : 'Não foi possível enviar.' });
      // Asaas may have saved it before its answer was lost: what it holds is read again.
      if (error instanceof ApiError && error.status === 502) props.onUnsure();
    } finally {
      setSending(false);
    }
  };

  return (
    <form noValidate onSubmit={(e) => void submit(e)} className="mt-4 space-y-3" aria-label="Dados fiscais">
      <div className="grid gap-3 md:grid-cols-3">
        {textFields(options).map(([key, id, label]) => (
          <TextInput
            key={id}
            id={id}
            label={label}
            value={f[key]}
            onChange={(value) => set({ [key]: value })}
            {...(key === 'rpsNumber' || key === 'loteNumber' ? { inputMode: 'numeric' as const } : {})}
          />
        ))}
        {options.usesSpecialTaxRegimes && (
          <SelectInput
            id="fiscal-regime"
            label="Regime especial de tributação"
            value={f.specialTaxRegime}
            onChange={(specialTaxRegime) => set({ specialTaxRegime })}
            choices={[{ value: '', label: 'Nenhum' }, ...options.specialTaxRegimesList]}
          />
        )}
        {options.nationalPortalTaxCalculationRegimeList.length > 0 && (
          <SelectInput
            id="fiscal-regime-portal"
            label="Regime de apuração (Portal Nacional, só Simples Nacional)"
            value={f.nationalPortalTaxCalculationRegime}
            onChange={(nationalPortalTaxCalculationRegime) => set({ nationalPortalTaxCalculationRegime })}
            choices={[{ value: '', label: 'Nenhum' }, ...options.nationalPortalTaxCalculationRegimeList]}
          />
        )}
      </div>
      <CheckInput
        id="fiscal-simples"
        label="Optante do Simples Nacional"
        checked={f.simplesNacional}
        onChange={(simplesNacional) => set({ simplesNacional })}
      />
      <AdminFiscalAccess
        auth={auth}
        info={info}
        username={f.username}
        onUsername={(username) => set({ username })}
        secrets={secrets}
        onSecrets={setSecrets}
        fileKey={fileKey}
        onCertificate={setCertificate}
      />
      <p className="text-sm text-slate-700">
        A loja envia o acesso à prefeitura ao Asaas uma vez e não o guarda.
      </p>
      <button type="submit" className={buttonPrimary} disabled={sending}>
        {sending ? 'Enviando…' : 'Enviar dados fiscais ao Asaas'}
      </button>
      <Outcome outcome={outcome} />
    </form>
  );
}
