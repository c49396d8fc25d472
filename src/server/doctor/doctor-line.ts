import type { DoctorLine } from '../../shared/schemas/doctor';

export type { DoctorLine };

export const pass = (name: string, message: string): DoctorLine => ({ name, ok: true, message });
export const warn = (name: string, message: string): DoctorLine => ({
  name,
  ok: true,
  warning: true,
  message,
});
export const fail = (name: string, message: string): DoctorLine => ({ name, ok: false, message });

/** `10 s`, or `300 ms` for a test's short limit. */
export const duration = (ms: number) => (ms >= 1000 ? `${Math.round(ms / 1000)} s` : `${ms} ms`);

/**
 * Why a service did not answer, in the owner's words: a timeout, a refusal, a name that does not exist.
 * Never the request itself (it may carry a key).
 */
export function unreachable(error: unknown, timeoutMs: number): string {
  const err = error as {
    name?: string;
    code?: string;
    message?: string;
    cause?: { code?: string; name?: string };
  };
  // nodemailer names the socket's error only in its message (`connect ECONNREFUSED …`).
  const code = err.cause?.code ?? /\bE[A-Z]{4,}\b/.exec(err.message ?? '')?.[0] ?? err.code;
  if (err.name === 'TimeoutError' || err.cause?.name === 'TimeoutError' || /timeout/i.test(String(code)))
    return `não respondeu em ${duration(timeoutMs)}`;
  if (code === 'ECONNREFUSED') return 'recusou a conexão (endereço ou porta errados, ou serviço parado)';
  if (code === 'ENOTFOUND' || code === 'EAI_AGAIN')
    return 'o nome do servidor não foi encontrado (confira o endereço)';
  if (code === 'ECONNRESET') return 'cortou a conexão antes de responder';
  return `não respondeu (${code ?? err.name ?? 'erro de rede'})`;
}
