import nodemailer from 'nodemailer';
import type { Config } from '../config';
import { duration, fail, pass, unreachable, type DoctorLine } from './doctor-line';

const name = 'E-mail (SMTP)';

export interface SmtpCheckOptions {
  config: Readonly<Config>;
  timeoutMs: number;
  /** `--send`: a test e-mail to ADMIN_EMAIL after the login. */
  send: boolean;
}

/** The SMTP server takes the connection and the login (nodemailer's verify); never prints SMTP_URL. */
export async function smtpCheck({ config, timeoutMs, send }: SmtpCheckOptions): Promise<DoctorLine> {
  if (!config.smtpUrl)
    return config.env === 'production'
      ? fail(name, 'SMTP_URL vazio: o comprador nunca recebe o código de compra. Informe SMTP_URL.')
      : pass(name, 'SMTP_URL vazio: os e-mails ficam na tabela outbox (bom para testar, não para vender)');
  const host = new URL(config.smtpUrl).host;
  const transport = nodemailer.createTransport({
    url: config.smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    socketTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
  });
  try {
    await transport.verify();
    if (!send) return pass(name, `${host} aceitou a conexão e o login`);
    await transport.sendMail({
      from: config.mailFrom,
      to: config.adminEmail,
      subject: `${config.shop.name}: e-mail de teste`,
      text: `Este e-mail foi enviado por npm run doctor (ou "Verificar configuração" no painel) de ${config.publicUrl}.`,
    });
    return pass(name, `${host} aceitou o login; e-mail de teste enviado para ${config.adminEmail}`);
  } catch (error) {
    return fail(name, `${host}: ${smtpProblem(error, timeoutMs)}`);
  } finally {
    transport.close();
  }
}

function smtpProblem(error: unknown, timeoutMs: number): string {
  const err = error as { code?: string; responseCode?: number; response?: string };
  if (err.code === 'EAUTH')
    return `usuário ou senha recusados (${err.responseCode ?? 'EAUTH'}): confira o usuário e a senha em SMTP_URL.`;
  if (err.code === 'ETIMEDOUT')
    return `não respondeu em ${duration(timeoutMs)}: confira host e porta de SMTP_URL.`;
  if (err.code === 'EENVELOPE' || err.code === 'EMESSAGE')
    return `recusou o e-mail de teste (${err.responseCode ?? err.code}): confira MAIL_FROM e ADMIN_EMAIL.`;
  if (err.code === 'ESOCKET' || err.code === 'ECONNECTION' || err.code === 'EDNS')
    return `${unreachable(error, timeoutMs)}: confira host e porta de SMTP_URL (465 com smtps://, 587 com smtp://).`;
  return `falhou (${err.code ?? 'erro'}): confira SMTP_URL.`;
}
