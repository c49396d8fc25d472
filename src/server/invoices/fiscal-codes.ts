import { z } from 'zod';
import type { FiscalCode, FiscalCodeKind } from '../../shared/schemas/fiscal-info';

// Asaas's look-ups for the codes an invoice's IBS/CBS classification and the fiscal data's NBS take
// ('Listar códigos NBS', 'Listar códigos de situações tributárias', 'de classificações tributárias', 'de
// indicadores de operações', under /v3/fiscalInfo/; docs/nfse.md): read leniently, every field of their
// items optional in Asaas's document; an item without its code is left out.

const text = z
  .string()
  .nullish()
  .transform((v) => v ?? '');
const listOf = <T extends z.ZodType>(item: T) => z.looseObject({ data: z.array(item) });

const nbsCodes = listOf(z.looseObject({ nbsCode: text, codeDescription: text }));
const codes = listOf(
  z.looseObject({
    code: text,
    description: text,
    // A tax classification (cClassTrib) names the tax situation (CST) it belongs to.
    taxSituation: z.looseObject({ code: text }).nullish(),
  }),
);

const paths: Record<Exclude<FiscalCodeKind, 'nbs'>, string> = {
  taxSituation: '/fiscalInfo/taxSituationCodes',
  taxClassification: '/fiscalInfo/taxClassificationCodes',
  operationIndicator: '/fiscalInfo/operationIndicatorCodes',
};

/** "1.0101.11.00 - Serviços de …" → "Serviços de …": Asaas's NBS description repeats the code. */
const withoutCode = (description: string, code: string) =>
  description.startsWith(code) ? description.slice(code.length).replace(/^\s*-\s*/, '') : description;

/** Up to 20 codes of `kind` whose code (digits typed) or description (words typed) matches `query`. */
export async function lookUpCodes(
  get: (path: string) => Promise<unknown>,
  kind: FiscalCodeKind,
  query: string,
): Promise<FiscalCode[]> {
  const byCode = /^[\d.]+$/.test(query);
  if (kind === 'nbs') {
    const search = new URLSearchParams({ codeDescription: query, limit: '20' });
    const list = nbsCodes.parse(await get(`/fiscalInfo/nbsCodes?${search}`));
    return list.data
      .filter((item) => item.nbsCode)
      .map((item) => ({
        code: item.nbsCode,
        description: withoutCode(item.codeDescription, item.nbsCode),
        taxSituationCode: null,
      }));
  }
  const search = new URLSearchParams({ [byCode ? 'code' : 'description']: query, limit: '20' });
  const list = codes.parse(await get(`${paths[kind]}?${search}`));
  return list.data
    .filter((item) => item.code)
    .map((item) => ({
      code: item.code,
      description: item.description,
      taxSituationCode: item.taxSituation?.code || null,
    }));
}
