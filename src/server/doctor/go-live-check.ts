import type { Config, Env } from '../config';
import { goLiveProblems, sampleValueProblems } from '../config-go-live';
import { fail, pass, warn, type DoctorLine } from './doctor-line';

const name = 'Colocar no ar';

/**
 * Outside production the guards do not stop the shop, but the sample identity they would refuse is said
 * now, one warning per variable (ADR 055), so "Tudo certo" is true of a shop ready to go live.
 */
function notProduction(env: Env['NODE_ENV'], sampleValues: readonly string[]): DoctorLine[] {
  return [
    pass(name, `NODE_ENV=${env}: as exigências de produção não impedem a loja de iniciar`),
    ...sampleValues.map((problem) => warn(name, `${problem} Em produção a loja não inicia assim.`)),
  ];
}

/** The production guards (docs/operations.md): one line each, so the owner sees them all at once. */
export function goLiveCheck(env: Env): DoctorLine[] {
  if (env.NODE_ENV !== 'production') return notProduction(env.NODE_ENV, sampleValueProblems(env));
  const problems = goLiveProblems(env);
  if (problems.length === 0) return [pass(name, 'NODE_ENV=production, nenhuma pendência')];
  return problems.map((problem) => fail(name, problem));
}

/** In the panel the shop is running: in production it started, so the guards found nothing. */
export function runningShopGoLive(config: Readonly<Config>): DoctorLine[] {
  if (config.env !== 'production') return notProduction(config.env, config.sampleValueProblems);
  return [pass(name, 'NODE_ENV=production, nenhuma pendência (a loja não inicia com uma)')];
}
