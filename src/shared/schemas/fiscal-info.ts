import { z } from 'zod';
import { emailSchema } from './lead';

// The panel's "Nota fiscal" setup (docs/nfse.md): what the city requires, as Asaas answers
// GET /v3/fiscalInfo/municipalOptions, and the fiscal data the owner sends to POST /v3/fiscalInfo/.
// The city's password, token and certificate pass through the shop once and are never stored.

export const authenticationTypes = ['CERTIFICATE', 'TOKEN', 'USER_AND_PASSWORD'] as const;
export type AuthenticationType = (typeof authenticationTypes)[number];

/** Nullable where Asaas's document does not require a value (FiscalInfoMunicipalOptionsGetResponseDto). */
export interface MunicipalOptions {
  authenticationType: AuthenticationType | null;
  supportsCancellation: boolean | null;
  usesSpecialTaxRegimes: boolean;
  usesServiceListItem: boolean;
  specialTaxRegimesList: Array<{ label: string; value: string }>;
  /** The national portal's tax calculation regimes (Simples Nacional ME/EPP); empty: the city asks none. */
  nationalPortalTaxCalculationRegimeList: Array<{ label: string; value: string }>;
  nationalPortalTaxCalculationRegimeHelp: string | null;
  municipalInscriptionHelp: string | null;
  specialTaxRegimeHelp: string | null;
  serviceListItemHelp: string | null;
  digitalCertificatedHelp: string | null;
  accessTokenHelp: string | null;
  municipalServiceCodeHelp: string | null;
}

/** The fiscal data as Asaas reads it back: the credentials only as "sent" flags. */
export interface FiscalInfoView {
  email: string | null;
  simplesNacional: boolean | null;
  municipalInscription: string | null;
  cnae: string | null;
  specialTaxRegime: string | null;
  serviceListItem: string | null;
  nbsCode: string | null;
  nationalPortalTaxCalculationRegime: string | null;
  rpsSerie: string | null;
  rpsNumber: number | null;
  loteNumber: number | null;
  username: string | null;
  passwordSent: boolean;
  accessTokenSent: boolean;
  certificateSent: boolean;
}

export interface FiscalSetup {
  options: MunicipalOptions;
  info: FiscalInfoView | null;
}

/** Asaas's look-ups for the IBS/CBS classification and the NBS (GET /v3/fiscalInfo/…Codes). */
export const fiscalCodeKinds = ['nbs', 'taxSituation', 'taxClassification', 'operationIndicator'] as const;
export type FiscalCodeKind = (typeof fiscalCodeKinds)[number];

/** One code of a look-up; a tax classification names the tax situation (CST) it belongs to. */
export interface FiscalCode {
  code: string;
  description: string;
  taxSituationCode: string | null;
}

export interface MunicipalService {
  id: string;
  description: string;
  /** The city's ISS rate, in percent; null when Asaas's list gives none. */
  issTax: number | null;
}

/** An A1 certificate is a few kilobytes; this bounds what the panel may send (base64). */
export const maxCertificateBase64 = 200_000;

const optional = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((v) => v || undefined);
const secret = (max: number, tooLong: string) =>
  z
    .string()
    .max(max, tooLong)
    .optional()
    .transform((v) => v || undefined);
const whole = (label: string) =>
  z
    .number({ error: `${label} deve ser um número inteiro.` })
    .int(`${label} deve ser um número inteiro.`)
    .min(0, `${label} não pode ser negativo.`)
    .max(999_999_999, `${label} é grande demais.`)
    .optional();

export const fiscalInfoSchema = z.object({
  email: z.string({ error: 'Informe o e-mail fiscal.' }).pipe(emailSchema),
  simplesNacional: z.boolean({ error: 'Informe se a empresa é optante do Simples Nacional.' }),
  municipalInscription: optional(30, 'A inscrição municipal tem no máximo 30 caracteres.'),
  cnae: z
    .string()
    .trim()
    .optional()
    .transform((v) => v?.replace(/\D/g, '') || undefined)
    .refine((v) => v === undefined || /^\d{7}$/.test(v), 'O CNAE tem 7 dígitos (ex.: 7311-4/00).'),
  specialTaxRegime: optional(20, 'Regime especial inválido.'),
  serviceListItem: optional(20, 'O item da lista de serviço tem no máximo 20 caracteres.'),
  nbsCode: optional(20, 'Escolha o código NBS na lista do Asaas.').refine(
    (v) => v === undefined || /^[\d.]+$/.test(v),
    'Escolha o código NBS na lista do Asaas.',
  ),
  nationalPortalTaxCalculationRegime: optional(20, 'Regime de apuração inválido.'),
  rpsSerie: optional(10, 'A série do RPS tem no máximo 10 caracteres.'),
  rpsNumber: whole('O número do RPS'),
  loteNumber: whole('O número do lote'),
  username: optional(100, 'O usuário da prefeitura tem no máximo 100 caracteres.'),
  password: secret(200, 'A senha da prefeitura tem no máximo 200 caracteres.'),
  accessToken: secret(2000, 'O token da prefeitura tem no máximo 2000 caracteres.'),
  certificatePassword: secret(200, 'A senha do certificado tem no máximo 200 caracteres.'),
  certificate: z
    .object({
      name: z.string().trim().min(1).max(200, 'O nome do arquivo é longo demais.'),
      base64: z
        .string()
        .min(1, 'O arquivo do certificado está vazio.')
        .max(maxCertificateBase64, 'O certificado passa do tamanho de um certificado A1 (150 KB).')
        .regex(/^[A-Za-z0-9+/]+={0,2}$/, 'O arquivo do certificado não pôde ser lido. Escolha-o de novo.'),
    })
    .optional(),
});

export type FiscalInfoInput = z.input<typeof fiscalInfoSchema>;
export type FiscalInfoFields = z.output<typeof fiscalInfoSchema>;

export const fiscalCodeLookupSchema = z.object({
  kind: z.enum(fiscalCodeKinds, { error: 'Lista de códigos desconhecida.' }),
  query: z
    .string({ error: 'Digite parte do código ou da descrição.' })
    .trim()
    .min(2, 'Digite ao menos 2 caracteres.')
    .max(100, 'Digite no máximo 100 caracteres.'),
});

export const serviceLookupSchema = z.object({
  description: z
    .string({ error: 'Digite parte do nome do serviço.' })
    .trim()
    .min(3, 'Digite ao menos 3 letras do serviço.')
    .max(100, 'Digite no máximo 100 caracteres.'),
});
