import type { Config } from '../config';
import type { Database } from '../db/client';
import { fiscalFor } from '../invoices/fiscal-asaas';
import { missingToInvoice } from '../invoices/ibs-cbs';
import { invoicesRepo } from '../invoices/invoices.repo';
import { fail, pass, unreachable, warn, type DoctorLine } from './doctor-line';

// Whether invoicing is set up (docs/nfse.md): off, or on with a municipal service and the fiscal data and
// the city's access at Asaas, and the IBS/CBS classification for a company outside Simples Nacional. Only
// reads.

const name = 'Nota fiscal (NFS-e)';
const moments = {
  payment: 'no pagamento',
  delivery: 'na entrega concluída',
  request: 'quando o comprador pede',
};
const accessSent = {
  CERTIFICATE: 'certificateSent',
  TOKEN: 'accessTokenSent',
  USER_AND_PASSWORD: 'passwordSent',
} as const;

export async function nfseCheck(deps: {
  config: Readonly<Config>;
  database: Database;
  timeoutMs: number;
}): Promise<DoctorLine> {
  const settings = await invoicesRepo.settings(deps.database.db);
  if (!settings?.enabled)
    return warn(name, 'desligada: nenhuma nota é emitida (ligue em "Nota fiscal", no painel)');
  const fiscal = fiscalFor(deps.config);
  if (!fiscal) return fail(name, 'ligada, mas as notas precisam do Asaas: use PAYMENT_PROVIDER=asaas.');
  if (!settings.municipalServiceId && !settings.municipalServiceCode)
    return fail(name, 'ligada sem serviço municipal: escolha-o em "Nota fiscal", no painel.');
  try {
    const [options, info] = await Promise.all([fiscal.options(), fiscal.info()]);
    if (!info) return fail(name, 'ligada, mas o Asaas não tem os dados fiscais: envie-os em "Nota fiscal".');
    // A city whose access Asaas does not name cannot be checked here (its document allows null).
    if (options.authenticationType && !info[accessSent[options.authenticationType]])
      return fail(name, 'ligada, mas o Asaas não recebeu o acesso à prefeitura: envie-o em "Nota fiscal".');
    // The company left Simples Nacional after invoicing was turned on: its invoices need the classification.
    const missing = missingToInvoice(settings, info);
    if (missing) return fail(name, `ligada, mas falta o que a nota precisa. ${missing}`);
    return pass(name, `ligada, emite ${moments[settings.issueOn]}; ${settings.municipalServiceName}`);
  } catch (error) {
    return fail(name, `o Asaas não respondeu sobre os dados fiscais (${unreachable(error, deps.timeoutMs)})`);
  }
}
