import { formatBRL } from '#shared/money.ts';
import type { PanelCosts } from '#shared/schemas/deliveries.ts';

type PackageCostRow = PanelCosts['packages'][number];

/** 4250 basis points → '42,5 %'. */
const percent = (basisPoints: number) =>
  `${(basisPoints / 100).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} %`;

/**
 * How the costs below were computed, in the owner's words (docs/admin.md#cost-and-margin): the server
 * computes every cost; this only says which rule it used.
 */
export function CostRule({ costs }: { costs: PanelCosts | null | undefined }) {
  let text: string;
  if (costs === undefined) text = 'O fornecedor não respondeu: custo e margem indisponíveis agora.';
  else if (costs === null) text = 'Entrega manual: sem fornecedor, sem custo calculado.';
  else {
    const { currency, rule, brlPerUnit } = costs.conversion;
    const name = currency ?? 'moeda não informada pelo painel';
    text =
      rule === 'brl'
        ? 'Custo = quantidade × preço do serviço por 1.000 ÷ 1.000; o painel cobra em reais (BRL).'
        : rule === 'configured'
          ? `Custo = quantidade × preço do serviço por 1.000 ÷ 1.000, convertido de ${name} a R$ ${brlPerUnit!.replace('.', ',')} por unidade (SMM_BRL_RATE; atualize quando o câmbio mudar).`
          : `O painel cobra em ${name}: defina SMM_BRL_RATE (quantos reais vale 1 unidade) para ver custo e margem.`;
  }
  return (
    <p className="mt-2 rounded-lg bg-slate-50 p-3 text-sm text-slate-800" data-testid="cost-rule">
      {text} A margem é sobre o preço, antes das taxas do pagamento e dos descontos (cupom, PIX).
    </p>
  );
}

/** One package's cost at the panel and its margin, or why there is none. */
export function PackageCost({ cost }: { cost: PackageCostRow }) {
  if (cost.costCents === null || cost.marginCents === null) {
    const why = !cost.serviceId
      ? 'sem serviço no painel'
      : cost.rate === null
        ? `o serviço ${cost.serviceId} não existe no painel`
        : 'moeda do painel sem conversão';
    return <p className="text-sm text-slate-700">Custo: — ({why})</p>;
  }
  const loss = cost.marginCents < 0;
  return (
    <p className={`text-sm ${loss ? 'font-bold text-red-800' : 'text-slate-800'}`}>
      Custo: {formatBRL(cost.costCents)} (serviço {cost.serviceId}, {cost.rate} por 1.000) · Margem:{' '}
      {formatBRL(cost.marginCents)}
      {cost.marginBasisPoints !== null && ` (${percent(cost.marginBasisPoints)})`}
      {loss && ' — abaixo do custo'}
    </p>
  );
}
