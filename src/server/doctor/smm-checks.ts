import type { Config } from '../config';
import { AppError } from '../errors';
import type { FulfilmentContext } from '../fulfilment/fulfilment-context';
import { panelServicesReport } from '../fulfilment/panel-report';
import { createSmmPanel, PanelCallError } from '../fulfilment/smm-panel';
import { productKind } from '../../shared/pricing';
import { duration, fail, pass, warn, type DoctorLine } from './doctor-line';

const name = 'Painel SMM';

export interface SmmCheckOptions {
  config: Readonly<Config>;
  /** The shop's fulfilment context: its database and service ids; the panel is replaced by a quick one. */
  fulfilment: FulfilmentContext;
  timeoutMs: number;
}

/**
 * The panel answers with this key, has a balance, and each product's service covers every package (and
 * a plan's day) of the catalogue: the same report as the panel's "Fornecedor e serviços" (ADR 029).
 */
export async function smmChecks({ config, fulfilment, timeoutMs }: SmmCheckOptions): Promise<DoctorLine[]> {
  const panel = createSmmPanel({ ...config.fulfilment.smm, timeoutMs });
  let balance: { balance: number; currency: string };
  try {
    balance = await panel.balance();
  } catch (error) {
    return [fail(name, panelProblem(error, timeoutMs, config.fulfilment.smm.apiUrl))];
  }
  const shown = `${balance.balance.toFixed(2)} ${balance.currency}`.trim();
  const alert = config.fulfilment.balanceAlert;
  const balanceLine =
    balance.balance <= 0
      ? warn(
          name,
          `conectado, saldo ${shown}: sem saldo o painel recusa cada pedido. Adicione saldo no painel.`,
        )
      : alert !== null && balance.balance < alert
        ? warn(
            name,
            `conectado, saldo ${shown}, abaixo de SMM_BALANCE_ALERT (${alert}): adicione saldo no painel.`,
          )
        : pass(name, `conectado, saldo ${shown}`);
  try {
    const report = await panelServicesReport({ ...fulfilment, panel });
    const services = report.services.map((row) => {
      const product = productKind(row.product).name;
      const own = report.warnings.some((w) => w.startsWith(product));
      if (own || !row.name) return null;
      return pass(
        `${name} ${product}`,
        `serviço ${row.serviceId} (${row.name}), ${row.min}–${row.max}: cobre os pacotes do catálogo`,
      );
    });
    // A plan component with no service is delivered by hand each month (ADR 032): worth a look, not a failure.
    const byHand = new Set(report.components.flatMap((c) => (!c.serviceId && c.problem ? [c.problem] : [])));
    const problems = report.warnings.map((w) =>
      byHand.has(w)
        ? warn(`${name} serviços`, w)
        : fail(`${name} serviços`, `${w} Ajuste o serviço (SMM_SERVICE_*) ou o pacote no catálogo.`),
    );
    return [balanceLine, ...services.filter((line) => line !== null), ...problems];
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    return [
      balanceLine,
      fail(
        `${name} serviços`,
        'o painel não respondeu à lista de serviços (action=services): tente de novo.',
      ),
    ];
  }
}

/** A PanelCallError's message (`balance: <what happened>`) in the owner's words. */
function panelProblem(error: unknown, timeoutMs: number, apiUrl: string): string {
  const what = (error as Error).message.replace(/^balance: /, '');
  if (/key/i.test(what))
    return `SMM_API_KEY recusada pelo painel ("${what}"): copie a chave da página API do painel.`;
  if (/Timeout|Abort/i.test(what)) return `o painel (${apiUrl}) não respondeu em ${duration(timeoutMs)}.`;
  if (/ECONNREFUSED|ENOTFOUND|EAI_AGAIN|EHOSTUNREACH|ENETUNREACH/.test(what))
    return `o painel (${apiUrl}) não pôde ser alcançado (${what}): confira SMM_API_URL.`;
  // A rate limit or the panel's own failure (HTTP 429, 5xx): nothing to fix here, ask again later.
  if (error instanceof PanelCallError && error.verdict !== 'refused')
    return `o painel (${apiUrl}) não atendeu agora ("${what}"): rode o doctor de novo em alguns minutos.`;
  return `o painel (${apiUrl}) respondeu "${what}": confira SMM_API_URL e SMM_API_KEY.`;
}
