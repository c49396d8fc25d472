import type { Config, Env } from '../config';
import { goLiveProblems } from '../config-go-live';
import { fail, pass, type DoctorLine } from './doctor-line';

const name = 'Colocar no ar';
const notProduction = (env: string) =>
  pass(name, `NODE_ENV=${env}: as exigências de produção não se aplicam`);

/** The production guards (docs/operations.md): one line each, so the owner sees them all at once. */
export function goLiveCheck(env: Env): DoctorLine[] {
  if (env.NODE_ENV !== 'production') return [notProduction(env.NODE_ENV)];
  const problems = goLiveProblems(env);
  if (problems.length === 0) return [pass(name, 'NODE_ENV=production, nenhuma pendência')];
  return problems.map((problem) => fail(name, problem));
}

/** In the panel the shop is running: in production it started, so the guards found nothing. */
export function runningShopGoLive(config: Readonly<Config>): DoctorLine[] {
  if (config.env !== 'production') return [notProduction(config.env)];
  return [pass(name, 'NODE_ENV=production, nenhuma pendência (a loja não inicia com uma)')];
}
