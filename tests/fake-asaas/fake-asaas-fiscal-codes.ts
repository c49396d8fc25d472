import { page } from './fake-asaas-lists';
import type { Answer } from './fake-asaas-state';

// Asaas's look-ups for the tax reform's codes (Asaas API v3, 'Listar códigos NBS', 'Listar códigos de
// situações tributárias', 'de classificações tributárias', 'de indicadores de operações'; item shapes of
// FiscalInfoListInvoiceNbsCodesResponseDataDto and FiscalInfoTaxSituationCodeResponseDTO & co., see
// tests/contracts/asaas/README.md). A few entries stand for the government's tables; a code an invoice
// sends must be one of them, as Asaas checks it against its own.

export const nbsCodes = [
  { nbsCode: '1.1502.10.00', codeDescription: '1.1502.10.00 - Serviços de publicidade e propaganda' },
  { nbsCode: '1.1506.21.00', codeDescription: '1.1506.21.00 - Serviços de marketing digital' },
];

const integral = {
  code: '000',
  description: 'Tributação integral',
  isSubjectToIbsCbsTaxation: true,
  isBaseReductionPercentApplicable: false,
  isDefermentApplicable: false,
};
export const taxSituationCodes = [
  integral,
  {
    code: '200',
    description: 'Alíquota reduzida',
    isSubjectToIbsCbsTaxation: true,
    isBaseReductionPercentApplicable: true,
    isDefermentApplicable: false,
  },
];

export const taxClassificationCodes = [
  {
    code: '000001',
    description: 'Situações tributadas integralmente pelo IBS e CBS.',
    effectiveStartDate: '2026-01-01',
    isSubjectRegularTaxation: true,
    cbsPercentage: 0.9,
    municipalIbsTaxPercentage: 0,
    stateIbsTaxPercentage: 0.1,
    taxSituation: integral,
  },
];

export const operationIndicatorCodes = [
  { code: '100301', description: 'Prestação de serviço no local do estabelecimento do prestador' },
  { code: '020101', description: 'Execução de operações com bem imóvel' },
];

const matches = (query: URLSearchParams, item: { code: string; description: string }) => {
  const code = query.get('code');
  const description = query.get('description')?.toLowerCase();
  return (
    (!code || item.code.startsWith(code)) &&
    (!description || item.description.toLowerCase().includes(description))
  );
};

/** GET /fiscalInfo/{nbs,taxSituation,taxClassification,operationIndicator}Codes; null for other paths. */
export function fiscalCodesRoute(path: string, query: URLSearchParams): Answer | null {
  if (path === '/fiscalInfo/nbsCodes') {
    const wanted = (query.get('codeDescription') ?? '').toLowerCase();
    return page(
      query,
      nbsCodes.filter((n) => n.codeDescription.toLowerCase().includes(wanted)),
    );
  }
  const tables: Record<string, Array<{ code: string; description: string }>> = {
    '/fiscalInfo/taxSituationCodes': taxSituationCodes,
    '/fiscalInfo/taxClassificationCodes': taxClassificationCodes,
    '/fiscalInfo/operationIndicatorCodes': operationIndicatorCodes,
  };
  const table = tables[path];
  return table
    ? page(
        query,
        table.filter((item) => matches(query, item)),
      )
    : null;
}
