import { envSchema, type Env } from './config-env';

/** The sample values the shop ships with: true of no real shop. */
const samples = envSchema.parse({});

const sampleKeys = [
  'SHOP_LEGAL_NAME',
  'SHOP_CNPJ',
  'SHOP_ADDRESS',
  'SHOP_WHATSAPP',
  'SHOP_SUPPORT_EMAIL',
  'ADMIN_EMAIL',
  'MAIL_FROM',
] as const;

/**
 * The sample identity still in use, one line per variable with its fix: production refuses to start on it
 * (below), and in development the doctor and "Verificar configuração" say it as a warning (ADR 055).
 */
export function sampleValueProblems(e: Env): string[] {
  return sampleKeys
    .filter((key) => e[key] === samples[key])
    .map((key) => `${key} ainda é o exemplo (${e[key]}): informe o da loja.`);
}

/**
 * What would make a shop with NODE_ENV=production take money wrong, deliver wrong or leave buyers without
 * their purchase code, one line per variable with its fix (docs/operations.md). Empty: it may go live.
 */
export function goLiveProblems(e: Env): string[] {
  const problems: string[] = [];
  const sandboxAsaas = e.PAYMENT_PROVIDER === 'asaas' && e.ASAAS_API_URL.includes('sandbox');
  const realMoney = e.PAYMENT_PROVIDER === 'asaas' && !sandboxAsaas;
  if (e.PAYMENT_PROVIDER === 'sandbox' && e.ALLOW_SANDBOX_PAYMENTS !== '1')
    problems.push(
      'PAYMENT_PROVIDER=sandbox: qualquer um marca um pedido como pago. Use PAYMENT_PROVIDER=asaas (com ' +
        'ASAAS_API_KEY e ASAAS_WEBHOOK_TOKEN), ou ALLOW_SANDBOX_PAYMENTS=1 numa loja de demonstração, sem dinheiro real.',
    );
  if (sandboxAsaas && e.ALLOW_SANDBOX_PAYMENTS !== '1')
    problems.push(
      `ASAAS_API_URL=${e.ASAAS_API_URL} é o sandbox do Asaas (também o valor padrão): defina ` +
        'ASAAS_API_URL=https://api.asaas.com/v3 e use a chave de produção, ou ALLOW_SANDBOX_PAYMENTS=1 numa loja de demonstração.',
    );
  if (e.FULFILMENT_PROVIDER === 'sandbox' && realMoney)
    problems.push(
      'FULFILMENT_PROVIDER=sandbox com pagamentos reais: o comprador paga e o simulador não entrega nada. ' +
        'Use FULFILMENT_PROVIDER=smm (com SMM_API_URL, SMM_API_KEY e os serviços) ou manual.',
    );
  else if (e.FULFILMENT_PROVIDER === 'sandbox' && e.ALLOW_SANDBOX_FULFILMENT !== '1')
    problems.push(
      'FULFILMENT_PROVIDER=sandbox marca pedidos como entregues sem enviar nada. Use FULFILMENT_PROVIDER=smm ' +
        'ou manual, ou ALLOW_SANDBOX_FULFILMENT=1 numa loja de demonstração.',
    );
  if (e.FULFILMENT_PROVIDER === 'smm' && !realMoney)
    problems.push(
      'FULFILMENT_PROVIDER=smm com pagamentos de teste: um pagamento simulado manda um pedido real, pago pela ' +
        'loja, ao painel SMM. Use pagamentos reais (PAYMENT_PROVIDER=asaas em produção) ou FULFILMENT_PROVIDER=sandbox.',
    );
  if (!e.PUBLIC_URL?.startsWith('https://'))
    problems.push(
      `PUBLIC_URL=${e.PUBLIC_URL ?? '(vazio)'}: os links dos e-mails e o retorno do Asaas precisam do endereço https da loja, p. ex. https://www.minhaloja.com.br.`,
    );
  problems.push(...sampleValueProblems(e));
  if (!e.SMTP_URL)
    problems.push(
      'SMTP_URL vazio: os e-mails ficam no banco e o comprador nunca recebe o código de compra. Informe ' +
        'SMTP_URL=smtps://usuario:senha@smtp.seuprovedor.com.br:465.',
    );
  return problems;
}
