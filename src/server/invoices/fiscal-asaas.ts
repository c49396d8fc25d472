import { z } from 'zod';
import {
  authenticationTypes,
  type FiscalCode,
  type FiscalCodeKind,
  type FiscalInfoView,
  type MunicipalOptions,
  type MunicipalService,
} from '../../shared/schemas/fiscal-info';
import type { Config } from '../config';
import { AsaasRequestError, createAsaasClient, type AsaasRequest } from '../payments/asaas/asaas-client';
import { lookUpCodes } from './fiscal-codes';

// Asaas API v3 'Informações fiscais' as the panel uses them (docs/nfse.md). Answers are read leniently
// (Asaas adds attributes): z.object keeps only the fields the panel shows, so nothing else reaches the browser.

/** A field Asaas may leave out or send as null, read as null. */
const orNull = <T extends z.ZodType>(schema: T) => schema.nullish().transform((v) => v ?? null);
const text = orNull(z.string());
const flag = z
  .boolean()
  .nullish()
  .transform((v) => v ?? false);

/** A city's list of options (`label`, `value`); absent or null: none. */
const choices = z
  .array(z.looseObject({ label: z.string(), value: z.string() }))
  .nullish()
  .transform((list) => (list ?? []).map(({ label, value }) => ({ label, value })));

const municipalOptions = z.object({
  // Every field is optional in Asaas's document: a city that does not say is shown as not saying.
  authenticationType: orNull(z.enum(authenticationTypes)),
  supportsCancellation: orNull(z.boolean()),
  usesSpecialTaxRegimes: flag,
  usesServiceListItem: flag,
  specialTaxRegimesList: choices,
  nationalPortalTaxCalculationRegimeList: choices,
  nationalPortalTaxCalculationRegimeHelp: text,
  municipalInscriptionHelp: text,
  specialTaxRegimeHelp: text,
  serviceListItemHelp: text,
  digitalCertificatedHelp: text,
  accessTokenHelp: text,
  municipalServiceCodeHelp: text,
});

const fiscalInfo = z.object({
  email: text,
  simplesNacional: orNull(z.boolean()),
  municipalInscription: text,
  cnae: text,
  specialTaxRegime: text,
  serviceListItem: text,
  nbsCode: text,
  nationalPortalTaxCalculationRegime: text,
  rpsSerie: text,
  rpsNumber: orNull(z.number()),
  loteNumber: orNull(z.number()),
  username: text,
  passwordSent: flag,
  accessTokenSent: flag,
  certificateSent: flag,
});

const services = z.looseObject({
  data: z.array(
    z.looseObject({
      id: z.coerce.string(),
      description: z.string(),
      issTax: orNull(z.number()),
    }),
  ),
});

/** The owner waits on the screen: a silent Asaas is given up on sooner than a background job's 20 s. */
export function asaasFiscal(request: AsaasRequest, timeoutMs = 15_000) {
  const ask = (method: 'GET' | 'POST', path: string, body?: FormData) =>
    request(method, path, body, { timeoutMs });
  return {
    /** What the account's city hall requires. */
    options: async (): Promise<MunicipalOptions> =>
      municipalOptions.parse(await ask('GET', '/fiscalInfo/municipalOptions')),
    /** The fiscal data Asaas holds, or null before the first setup (Asaas answers 404). */
    async info(): Promise<FiscalInfoView | null> {
      try {
        return fiscalInfo.parse(await ask('GET', '/fiscalInfo/'));
      } catch (error) {
        if (error instanceof AsaasRequestError && error.status === 404) return null;
        throw error;
      }
    },
    /** POST /v3/fiscalInfo/, multipart: the form carries the city's credentials once. */
    save: async (form: FormData): Promise<FiscalInfoView> =>
      fiscalInfo.parse(await ask('POST', '/fiscalInfo/', form)),
    /** The codes of Asaas's look-up `kind` matching what the owner typed. */
    codes: (kind: FiscalCodeKind, query: string): Promise<FiscalCode[]> =>
      lookUpCodes((path) => ask('GET', path), kind, query),
    async services(description: string): Promise<MunicipalService[]> {
      const query = new URLSearchParams({ description, limit: '20' });
      const list = services.parse(await ask('GET', `/fiscalInfo/services?${query}`));
      return list.data.map(({ id, description: name, issTax }) => ({ id, description: name, issTax }));
    },
  };
}

export type AsaasFiscal = ReturnType<typeof asaasFiscal>;

/** The panel's way to Asaas's fiscal data; null when the shop's payments are not Asaas's. */
export function fiscalFor(config: Readonly<Config>): AsaasFiscal | null {
  if (config.paymentProvider !== 'asaas') return null;
  const { apiUrl: baseUrl, apiKey, userAgent } = config.asaas;
  return asaasFiscal(createAsaasClient({ baseUrl, apiKey, userAgent }));
}
