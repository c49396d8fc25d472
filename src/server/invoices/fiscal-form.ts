import type { FiscalInfoFields, FiscalInfoView, MunicipalOptions } from '../../shared/schemas/fiscal-info';
import { AppError } from '../errors';

// The owner's fiscal data as the multipart form POST /v3/fiscalInfo/ takes (docs/nfse.md), checked first
// against what the city requires, so a missing credential is a pt-BR 400 and not Asaas's refusal. Only
// the credentials of the city's authenticationType are sent; they live in this form and nowhere else.

const missing = (field: string, message: string) =>
  new AppError('invalid_input', 'invalid_input', message, { field });

/** The first credential the city asks for that is neither in the form nor already sent to Asaas. */
function credentialsProblem(f: FiscalInfoFields, city: MunicipalOptions, sent: FiscalInfoView | null) {
  switch (city.authenticationType) {
    case 'CERTIFICATE':
      if (!f.certificate && !sent?.certificateSent)
        return missing('certificate', 'Envie o certificado digital A1 (arquivo .pfx ou .p12).');
      if (f.certificate && !f.certificatePassword)
        return missing('certificatePassword', 'Informe a senha do certificado digital.');
      return null;
    case 'TOKEN':
      return f.accessToken || sent?.accessTokenSent
        ? null
        : missing('accessToken', 'Informe o token de acesso da prefeitura.');
    case 'USER_AND_PASSWORD':
      if (!f.username && !sent?.username) return missing('username', 'Informe o usuário da prefeitura.');
      if (!f.password && !sent?.passwordSent) return missing('password', 'Informe a senha da prefeitura.');
      return null;
  }
}

export function fiscalForm(f: FiscalInfoFields, city: MunicipalOptions, sent: FiscalInfoView | null) {
  if (f.specialTaxRegime && !city.specialTaxRegimesList.some((r) => r.value === f.specialTaxRegime))
    throw missing('specialTaxRegime', 'Escolha um regime especial da lista da prefeitura.');
  if (city.usesServiceListItem && !f.serviceListItem)
    throw missing('serviceListItem', 'A prefeitura pede o item da lista de serviço.');
  // The national portal's regime: only from the city's list, and only for Simples Nacional ME/EPP
  // (FiscalInfoSaveRequestDTO: "Deve ser preenchido somente por empresas enquadradas como ME ou EPP
  // optantes do Simples Nacional").
  const regime = f.nationalPortalTaxCalculationRegime;
  if (regime && !city.nationalPortalTaxCalculationRegimeList.some((r) => r.value === regime))
    throw missing(
      'nationalPortalTaxCalculationRegime',
      'Escolha um regime de apuração da lista do Portal Nacional.',
    );
  if (regime && !f.simplesNacional)
    throw missing(
      'nationalPortalTaxCalculationRegime',
      'O regime de apuração do Portal Nacional é só para empresas do Simples Nacional (ME ou EPP).',
    );
  const problem = credentialsProblem(f, city, sent);
  if (problem) throw problem;

  const form = new FormData();
  const put = (name: string, value: string | number | undefined) => {
    if (value !== undefined) form.append(name, String(value));
  };
  put('email', f.email);
  put('simplesNacional', String(f.simplesNacional));
  put('municipalInscription', f.municipalInscription);
  put('cnae', f.cnae);
  put('specialTaxRegime', f.specialTaxRegime);
  put('serviceListItem', f.serviceListItem);
  put('nbsCode', f.nbsCode);
  put('nationalPortalTaxCalculationRegime', regime);
  put('rpsSerie', f.rpsSerie);
  put('rpsNumber', f.rpsNumber);
  put('loteNumber', f.loteNumber);
  if (city.authenticationType === 'USER_AND_PASSWORD') {
    put('username', f.username);
    put('password', f.password);
  }
  if (city.authenticationType === 'TOKEN') put('accessToken', f.accessToken);
  if (city.authenticationType === 'CERTIFICATE' && f.certificate) {
    const bytes = Buffer.from(f.certificate.base64, 'base64');
    if (bytes.length === 0) throw missing('certificate', 'O arquivo do certificado está vazio.');
    form.append('certificateFile', new Blob([bytes]), f.certificate.name);
    put('certificatePassword', f.certificatePassword);
  }
  return form;
}

/** What the audit keeps of a setup: the fields, and which credentials were sent (never their values). */
export const auditedFiscalInfo = (f: FiscalInfoFields) => {
  const { password, accessToken, certificatePassword, certificate, ...fields } = f;
  return {
    ...fields,
    sent: {
      password: Boolean(password),
      accessToken: Boolean(accessToken),
      certificate: certificate?.name ?? null,
      certificatePassword: Boolean(certificatePassword),
    },
  };
};
