import path from 'node:path';
import type { DoctorReport } from '../../shared/schemas/doctor';
import type { Config } from '../config';
import type { Database } from '../db/client';
import type { FulfilmentContext } from '../fulfilment/fulfilment-context';
import { projectRoot } from '../project-root';
import { asaasChecks } from './asaas-checks';
import { databaseCheck } from './database-check';
import { fail, pass, type DoctorLine } from './doctor-line';
import { publicUrlCheck } from './public-url-check';
import { shopClaimsCheck } from './shop-claims-check';
import { nfseCheck } from './nfse-check';
import { smmChecks } from './smm-checks';
import { smtpCheck } from './smtp-check';
import { whatsappCheck } from './whatsapp-check';

export interface DoctorDeps {
  config: Readonly<Config>;
  database: Database;
  /** drizzle/ of this project by default. */
  migrationsFolder?: string;
  /** The shop's fulfilment context (its database and service ids). */
  fulfilment: FulfilmentContext;
  /** The production guards' lines, made where the variables are read (go-live-check.ts). */
  goLive: DoctorLine[];
  /** Each network check's limit (10 s); tests shorten it. */
  timeoutMs?: number;
  /** A test e-mail to ADMIN_EMAIL once SMTP takes the login. */
  send?: boolean;
}

/**
 * `npm run doctor` and the panel's "Verificar configuração" (docs/operations.md): asks each real service
 * and says, one line per check, ok or what to do. Nothing is changed, apart from the test e-mail.
 */
export async function runDoctor(deps: DoctorDeps): Promise<DoctorReport> {
  const { config } = deps;
  const timeoutMs = deps.timeoutMs ?? 10_000;
  const migrationsFolder = deps.migrationsFolder ?? path.join(projectRoot(import.meta.url), 'drizzle');
  const database = await guarded('Banco de dados', () =>
    databaseCheck(deps.database, migrationsFolder, timeoutMs),
  );
  // The services are asked at the same time: the whole list takes about one timeout at worst.
  const payments =
    config.paymentProvider === 'asaas'
      ? guarded('Asaas', () => asaasChecks({ config, timeoutMs }))
      : [pass('Pagamentos', 'PAYMENT_PROVIDER=sandbox: pagamentos simulados, nenhum dinheiro real')];
  const fulfilment =
    config.fulfilment.provider === 'smm'
      ? // The catalogue is read from the database: without its tables there is nothing to compare.
        database.every((line) => line.ok)
        ? guarded('Painel SMM', () => smmChecks({ config, fulfilment: deps.fulfilment, timeoutMs }))
        : [
            fail(
              'Painel SMM',
              'os serviços não foram comparados ao catálogo: o banco de dados precisa estar em dia.',
            ),
          ]
      : [pass('Entregas', `FULFILMENT_PROVIDER=${config.fulfilment.provider}: sem painel SMM a verificar`)];
  const nfse = database.every((line) => line.ok)
    ? guarded('Nota fiscal (NFS-e)', () => nfseCheck({ config, database: deps.database, timeoutMs }))
    : Promise.resolve([]);
  const claims = database.every((line) => line.ok)
    ? guarded('Números da loja', () => shopClaimsCheck(deps.database.db))
    : Promise.resolve([]);
  const smtp = guarded('E-mail (SMTP)', () => smtpCheck({ config, timeoutMs, send: deps.send ?? false }));
  const publicUrl = guarded('Endereço público', () => publicUrlCheck({ config, timeoutMs }));
  const whatsapp = guarded('WhatsApp', () => whatsappCheck(config, timeoutMs));
  const lines = [
    ...database,
    ...deps.goLive,
    ...(await payments),
    ...(await fulfilment),
    ...(await nfse),
    ...(await smtp),
    ...(await publicUrl),
    ...(await whatsapp),
    ...(await claims),
  ];
  return { ok: lines.every((line) => line.ok), lines };
}

/** A check that breaks in an unforeseen way is a failing line, not a crash of the whole list. */
async function guarded(name: string, check: () => Promise<DoctorLine | DoctorLine[]>): Promise<DoctorLine[]> {
  try {
    const result = await check();
    return Array.isArray(result) ? result : [result];
  } catch (error) {
    return [fail(name, `a verificação falhou: ${(error as Error).message}`)];
  }
}
