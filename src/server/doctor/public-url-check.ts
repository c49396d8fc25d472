import type { Config } from '../config';
import { fail, pass, unreachable, warn, type DoctorLine } from './doctor-line';

const name = 'Endereço público';

/** PUBLIC_URL reaches this shop: `/api/health` answers 200 (over https in production). */
export async function publicUrlCheck({
  config,
  timeoutMs,
}: {
  config: Readonly<Config>;
  timeoutMs: number;
}): Promise<DoctorLine> {
  const https = config.publicUrl.startsWith('https://');
  if (!https && config.env === 'production')
    return fail(name, `PUBLIC_URL=${config.publicUrl} não é https: informe o endereço https da loja.`);
  const url = `${config.publicUrl}/api/health`;
  let status: number;
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), redirect: 'manual' });
    status = response.status;
    await response.body?.cancel();
  } catch (error) {
    const cause = (error as { cause?: unknown }).cause;
    const why = unreachable(cause ?? error, timeoutMs);
    const tls = /CERT|SSL|TLS/i.test(String((cause as { code?: string } | undefined)?.code));
    return fail(
      name,
      tls
        ? `${url}: o certificado https não é válido (${(cause as { code: string }).code}): rode o certbot (docs/operations.md).`
        : `${url} ${why}: confira o DNS, o nginx e se a loja está no ar.`,
    );
  }
  if (status !== 200)
    return fail(
      name,
      `${url} respondeu HTTP ${status} (esperado 200): confira o nginx e a loja (docs/operations.md).`,
    );
  return https
    ? pass(name, `${url} responde por https`)
    : warn(name, `${url} responde, sem https (só serve fora de produção)`);
}
