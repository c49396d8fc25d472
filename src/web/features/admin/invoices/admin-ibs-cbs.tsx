import type { FiscalCode, FiscalCodeKind } from '#shared/schemas/fiscal-info.ts';
import type { IbsCbsField } from '#shared/schemas/invoice-settings.ts';
import { buttonSecondary, fieldLabel } from '#web/components/ui/styles.ts';
import { fiscalCodes } from './admin-invoices-api';
import { AdminLookup } from './admin-lookup';

// "Reforma tributária (IBS/CBS)" in the settings (docs/nfse.md): the four codes every invoice's `taxes`
// carry, each picked from Asaas's look-up. Required of companies outside Simples Nacional since
// 01/01/2026 (the server refuses to turn invoicing on without them and says so).

export type IbsCbs = Record<IbsCbsField, string | null>;

const parts: Array<{ field: IbsCbsField; kind: FiscalCodeKind; name: string; hint: string }> = [
  { field: 'nbsCode', kind: 'nbs', name: 'código NBS', hint: 'ex.: publicidade' },
  { field: 'taxSituationCode', kind: 'taxSituation', name: 'situação tributária (CST)', hint: 'ex.: 000' },
  {
    field: 'taxClassificationCode',
    kind: 'taxClassification',
    name: 'classificação tributária (cClassTrib)',
    hint: 'ex.: 000001 ou integral',
  },
  {
    field: 'operationIndicatorCode',
    kind: 'operationIndicator',
    name: 'indicador da operação',
    hint: 'ex.: prestador',
  },
];

export function AdminIbsCbs({
  value,
  onChange,
}: {
  value: IbsCbs;
  onChange: (patch: Partial<IbsCbs>) => void;
}) {
  /** A classification names its tax situation: picking it fills the CST too. */
  const pick = (field: IbsCbsField, code: FiscalCode) =>
    onChange(
      field === 'taxClassificationCode' && code.taxSituationCode
        ? { taxClassificationCode: code.code, taxSituationCode: code.taxSituationCode }
        : { [field]: code.code },
    );
  return (
    <fieldset className="space-y-2">
      <legend className={fieldLabel}>Reforma tributária (IBS/CBS)</legend>
      <p className="text-sm text-slate-700">
        Desde 01/01/2026, empresas fora do Simples Nacional e do MEI (Lucro Presumido ou Real) enviam em cada
        nota a classificação do IBS/CBS. Escolha os quatro códigos nas listas do Asaas, com o seu contador.
      </p>
      <dl className="grid gap-1 text-sm text-slate-900 md:grid-cols-2" data-testid="classificacao-escolhida">
        {parts.map(({ field, name }) => (
          <div key={field}>
            <dt className="inline font-semibold">{name}: </dt>
            <dd className="inline">{value[field] ?? 'não escolhido'}</dd>
          </div>
        ))}
      </dl>
      {parts.map(({ field, kind, name, hint }) => (
        <AdminLookup<FiscalCode>
          key={field}
          id={`ibs-cbs-${kind}`}
          label={`Buscar ${name}`}
          placeholder={hint}
          button={`Buscar ${name}`}
          found={`Códigos encontrados: ${name}`}
          none="Nenhum código encontrado."
          search={async (query) => (await fiscalCodes(kind, query)).codes}
          keyOf={(code) => code.code}
          nameOf={(code) => `${code.code} ${code.description}`}
          show={(code) => `${code.code} — ${code.description}`}
          onPick={(code) => pick(field, code)}
        />
      ))}
      <button
        type="button"
        className={buttonSecondary}
        onClick={() =>
          onChange({
            nbsCode: null,
            taxSituationCode: null,
            taxClassificationCode: null,
            operationIndicatorCode: null,
          })
        }
      >
        Sem classificação (Simples Nacional ou MEI)
      </button>
    </fieldset>
  );
}
