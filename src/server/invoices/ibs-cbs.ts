import { ibsCbsFields, type IbsCbsField } from '../../shared/schemas/invoice-settings';
import type { FiscalInfoView } from '../../shared/schemas/fiscal-info';

// The tax reform's IBS/CBS classification of an invoice (docs/nfse.md). Since 01/01/2026 companies of
// Lucro Real and Lucro Presumido must send it in each NFS-e's `taxes` — `nbsCode`, `taxSituationCode`,
// `taxClassificationCode`, `operationIndicatorCode` — and Simples Nacional and MEI need not in 2026
// (docs.asaas.com, 'Adequando sua integração à Reforma Tributária'; Asaas's document, InvoiceTaxesRequestDTO).

type Classification = Record<IbsCbsField, string | null>;

const names: Record<IbsCbsField, string> = {
  nbsCode: 'o código NBS do serviço',
  taxSituationCode: 'a situação tributária do IBS/CBS (CST)',
  taxClassificationCode: 'a classificação tributária (cClassTrib)',
  operationIndicatorCode: 'o indicador da operação',
};

/** The classification as Asaas's `taxes` take it, when the owner chose it; nothing otherwise. */
export function ibsCbsTaxes(settings: Classification): Partial<Record<IbsCbsField, string>> {
  if (!ibsCbsFields.every((field) => settings[field])) return {};
  return Object.fromEntries(ibsCbsFields.map((field) => [field, settings[field]!]));
}

/**
 * What invoicing still lacks for the company Asaas's fiscal data describes, in pt-BR: the fiscal data
 * itself, or, for a company outside Simples Nacional, each code of the classification not chosen yet.
 */
export function missingToInvoice(settings: Classification, info: FiscalInfoView | null): string | null {
  if (!info) return 'Envie antes os dados fiscais ao Asaas (em "Dados fiscais no Asaas", abaixo).';
  if (info.simplesNacional === true) return null;
  const missing = ibsCbsFields.filter((field) => !settings[field]).map((field) => names[field]);
  if (missing.length === 0) return null;
  return (
    'A empresa não é optante do Simples Nacional: desde 01/01/2026 cada nota leva a classificação ' +
    'IBS/CBS da reforma tributária. Escolha no painel, em "Nota fiscal" → "Reforma tributária (IBS/CBS)": ' +
    `${missing.join(', ')}.`
  );
}
