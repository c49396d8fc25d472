import { z } from 'zod';
import type { Config } from '../config';
import { AsaasRequestError, createAsaasClient, type AsaasRequest } from '../payments/asaas/asaas-client';
import { shopWebhookEvents } from '../payments/asaas/asaas-events';
import { ProviderBusy } from '../payments/provider-busy';
import { siteCheck } from './asaas-site-check';
import { fail, pass, unreachable, warn, type DoctorLine } from './doctor-line';

// Asaas as the shop needs it (docs/operations.md, go-live checklist): the key, the webhook, the PIX key,
// the site of the commercial data.

const balanceAnswer = z.looseObject({ balance: z.number() });
const webhook = z.looseObject({
  url: z.string(),
  enabled: z.boolean().optional(),
  interrupted: z.boolean().optional(),
  apiVersion: z.number().optional(),
  // Asaas shows whether a webhook has a token, not the token itself (ADR 029); a token shown is compared.
  hasAuthToken: z.boolean().optional(),
  authToken: z.string().nullish(),
  events: z.array(z.string()).default([]),
});
const listOf = <T extends z.ZodType>(item: T) => z.looseObject({ data: z.array(item) });
const pixKey = z.looseObject({ type: z.string().optional(), status: z.string() });

const brl = (value: number) => value.toLocaleString('pt-BR', { style: 'currency', currency: 'BRL' });

export interface AsaasCheckOptions {
  config: Readonly<Config>;
  timeoutMs: number;
}

export async function asaasChecks({ config, timeoutMs }: AsaasCheckOptions): Promise<DoctorLine[]> {
  const request = createAsaasClient({
    baseUrl: config.asaas.apiUrl,
    apiKey: config.asaas.apiKey,
    userAgent: config.asaas.userAgent,
  });
  const get = (path: string) => request('GET', path, undefined, { timeoutMs });
  const key = await keyCheck(get, config, timeoutMs);
  if (!key.ok) return [key];
  const lines = await Promise.all([
    safely('Asaas webhook', timeoutMs, () => webhookCheck(get, config)),
    safely('Asaas PIX', timeoutMs, () => pixKeyCheck(get)),
    safely('Asaas site', timeoutMs, () => siteCheck(get, config)),
  ]);
  return [key, ...lines];
}

type Get = (path: string) => ReturnType<AsaasRequest>;

/** The answer's failure in the owner's words; a line, never an exception. */
async function safely(name: string, timeoutMs: number, check: () => Promise<DoctorLine>) {
  try {
    return await check();
  } catch (error) {
    return fail(name, answerProblem(error, timeoutMs));
  }
}

function answerProblem(error: unknown, timeoutMs: number): string {
  if (error instanceof ProviderBusy)
    return (
      `o Asaas pediu uma pausa (HTTP 429, limite de chamadas): tente de novo em ` +
      `${Math.ceil(error.retryAfterMs / 1000)} s.`
    );
  if (error instanceof AsaasRequestError)
    return `o Asaas recusou a consulta (HTTP ${error.status}${error.code ? `, ${error.code}` : ''}).`;
  const cause = (error as { cause?: unknown }).cause;
  if (cause) return `o Asaas ${unreachable(cause, timeoutMs)}: tente de novo em alguns minutos.`;
  return `o Asaas deu uma resposta inesperada (${(error as Error).message}).`;
}

async function keyCheck(get: Get, config: Readonly<Config>, timeoutMs: number): Promise<DoctorLine> {
  const name = 'Asaas';
  const sandbox = config.asaas.apiUrl.includes('sandbox');
  const environment = sandbox ? 'sandbox' : 'produção';
  let balance: number;
  try {
    const parsed = balanceAnswer.safeParse(await get('/finance/balance'));
    if (!parsed.success)
      return fail(
        name,
        `GET /finance/balance deu uma resposta inesperada em ${config.asaas.apiUrl}: confira ASAAS_API_URL.`,
      );
    balance = parsed.data.balance;
  } catch (error) {
    if (error instanceof AsaasRequestError && error.status === 401) {
      // The key's prefix names its environment ($aact_prod_ / $aact_hmlg_), a common mix-up.
      const keyEnvironment = config.asaas.apiKey.startsWith('$aact_prod_')
        ? 'produção'
        : config.asaas.apiKey.startsWith('$aact_hmlg_')
          ? 'sandbox'
          : null;
      const mixUp =
        keyEnvironment && keyEnvironment !== environment
          ? ` A chave é de ${keyEnvironment} e ASAAS_API_URL aponta o ${environment}.`
          : '';
      return fail(
        name,
        `ASAAS_API_KEY recusada (HTTP 401).${mixUp} Gere a chave em Integrações → Chaves de API da conta de ` +
          `${environment} e copie-a inteira, com o $ do começo.`,
      );
    }
    return fail(name, answerProblem(error, timeoutMs));
  }
  const line = `chave válida, conta de ${environment} (${config.asaas.apiUrl}), saldo ${brl(balance)}`;
  if (sandbox && config.env === 'production')
    return warn(name, `${line}. Atenção: em produção o sandbox não recebe dinheiro de verdade.`);
  if (!sandbox && config.env !== 'production')
    return warn(name, `${line}. Atenção: NODE_ENV=${config.env} com a conta de produção cobra de verdade.`);
  return pass(name, line);
}

async function webhookCheck(get: Get, config: Readonly<Config>): Promise<DoctorLine> {
  const name = 'Asaas webhook';
  const url = `${config.publicUrl}/api/webhooks/asaas`;
  // At most 10 webhooks per account: one page holds them all.
  const parsed = listOf(webhook).safeParse(await get('/webhooks?limit=100'));
  if (!parsed.success) throw new Error('GET /webhooks');
  const ours = parsed.data.data.filter((w) => w.url.replace(/\/$/, '') === url);
  const register =
    `cadastre em Integrações → Webhooks: URL ${url}, token de autenticação = ASAAS_WEBHOOK_TOKEN, ` +
    'versão 3, envio sequencial, com os eventos de cobrança e SUBSCRIPTION_DELETED, SUBSCRIPTION_INACTIVATED.';
  if (ours.length === 0) {
    const others = parsed.data.data.map((w) => w.url);
    const seen = others.length > 0 ? ` Há webhook para ${others.join(', ')}.` : '';
    return fail(name, `nenhum webhook aponta ${url}.${seen} O que fazer: ${register}`);
  }
  const problems = ours.map((w) => {
    const wrong: string[] = [];
    if (w.enabled === false) wrong.push('está desativado (ative-o)');
    if (w.interrupted)
      wrong.push(
        'a fila está interrompida: o Asaas parou após erros, muitas vezes um token diferente do ' +
          'ASAAS_WEBHOOK_TOKEN (a loja responde 401); corrija o token e reative a fila em Integrações → Webhooks',
      );
    if (w.hasAuthToken === false && !w.authToken)
      wrong.push('não tem token de autenticação (informe ASAAS_WEBHOOK_TOKEN no webhook)');
    if (w.authToken && w.authToken !== config.asaas.webhookToken)
      wrong.push('o token de autenticação não é o ASAAS_WEBHOOK_TOKEN (a loja recusa cada evento com 401)');
    if (w.apiVersion !== undefined && w.apiVersion !== 3)
      wrong.push(`usa a versão ${w.apiVersion} da API (use a 3)`);
    const missing = shopWebhookEvents.filter((event) => !w.events.includes(event));
    if (missing.length > 0) wrong.push(`faltam os eventos ${missing.join(', ')}`);
    return wrong;
  });
  // Several webhooks to the same address: one working is enough.
  if (problems.some((wrong) => wrong.length === 0))
    return pass(name, `${url} ativo, com token e os ${shopWebhookEvents.length} eventos necessários`);
  return fail(name, `o webhook para ${url} ${problems[0]!.join('; ')}.`);
}

async function pixKeyCheck(get: Get): Promise<DoctorLine> {
  const name = 'Asaas PIX';
  const parsed = listOf(pixKey).safeParse(await get('/pix/addressKeys?limit=100'));
  if (!parsed.success) throw new Error('GET /pix/addressKeys');
  const active = parsed.data.data.filter((k) => k.status === 'ACTIVE');
  if (active.length > 0) return pass(name, `${active.length} chave(s) PIX ativa(s)`);
  const waiting = parsed.data.data.length > 0 ? ' (há chave aguardando ativação)' : '';
  return fail(
    name,
    `nenhuma chave PIX ativa${waiting}: cadastre uma em Pix → Minhas chaves no Asaas. Sem ela, os QR codes ` +
      'usam uma chave de parceiro e vencem no mesmo dia.',
  );
}
