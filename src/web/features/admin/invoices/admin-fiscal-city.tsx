import type { AuthenticationType, FiscalInfoView, MunicipalOptions } from '#shared/schemas/fiscal-info.ts';

export const accessLabels: Record<AuthenticationType, string> = {
  CERTIFICATE: 'certificado digital A1 (arquivo e senha)',
  TOKEN: 'token de acesso da prefeitura',
  USER_AND_PASSWORD: 'usuário e senha da prefeitura',
};

const yes = (value: boolean) => (value ? 'sim' : 'não');

/** What the account's city hall requires (Asaas's municipalOptions) and what Asaas already holds. */
export function AdminFiscalCity({
  options,
  info,
}: {
  options: MunicipalOptions;
  info: FiscalInfoView | null;
}) {
  const helps = [
    options.municipalInscriptionHelp,
    options.specialTaxRegimeHelp,
    options.nationalPortalTaxCalculationRegimeHelp,
    options.serviceListItemHelp,
    options.digitalCertificatedHelp,
    options.accessTokenHelp,
    options.municipalServiceCodeHelp,
  ].filter((help): help is string => Boolean(help));
  const sent = info && [
    info.passwordSent && 'senha',
    info.accessTokenSent && 'token',
    info.certificateSent && 'certificado',
  ];
  return (
    <div className="mt-2 grid gap-3 md:grid-cols-2">
      <div
        className="rounded-xl bg-slate-50 p-3 text-sm text-slate-900 ring-1 ring-slate-200"
        data-testid="prefeitura"
      >
        <h3 className="font-bold">O que a prefeitura pede</h3>
        <ul className="mt-1 list-disc pl-5">
          <li>
            Acesso:{' '}
            {options.authenticationType
              ? accessLabels[options.authenticationType]
              : 'o Asaas não informou (confira com a prefeitura)'}
          </li>
          <li>
            Cancelamento de nota pelo Asaas:{' '}
            {options.supportsCancellation === null
              ? 'o Asaas não informou'
              : options.supportsCancellation
                ? 'permitido'
                : 'não permitido'}
          </li>
          <li>Regime especial de tributação: {yes(options.usesSpecialTaxRegimes)}</li>
          <li>Item da lista de serviço: {options.usesServiceListItem ? 'obrigatório' : 'não usado'}</li>
          <li>
            Regime de apuração do Portal Nacional:{' '}
            {options.nationalPortalTaxCalculationRegimeList.length > 0 ? 'pedido' : 'não usado'}
          </li>
        </ul>
        {helps.map((help) => (
          <p key={help} className="mt-1 text-slate-700">
            {help}
          </p>
        ))}
      </div>
      <div
        className="rounded-xl bg-slate-50 p-3 text-sm text-slate-900 ring-1 ring-slate-200"
        data-testid="no-asaas"
      >
        <h3 className="font-bold">O que o Asaas tem</h3>
        {!info && <p className="mt-1">Nenhum dado fiscal enviado ainda.</p>}
        {info && (
          <ul className="mt-1 list-disc pl-5">
            <li>E-mail: {info.email ?? '—'}</li>
            <li>Simples Nacional: {info.simplesNacional === null ? '—' : yes(info.simplesNacional)}</li>
            <li>Inscrição municipal: {info.municipalInscription ?? '—'}</li>
            <li>CNAE: {info.cnae ?? '—'}</li>
            <li>Código NBS: {info.nbsCode ?? '—'}</li>
            <li>
              RPS: série {info.rpsSerie ?? '—'}, número {info.rpsNumber ?? '—'}, lote {info.loteNumber ?? '—'}
            </li>
            <li>Acesso à prefeitura enviado: {sent?.filter(Boolean).join(', ') || 'nenhum'}</li>
          </ul>
        )}
      </div>
    </div>
  );
}
