import type { Config } from '../config';
import { CloudApiRefused, createCloudApi } from '../whatsapp/cloud-api';
import { fail, pass, unreachable, type DoctorLine } from './doctor-line';

const name = 'WhatsApp';

/** The token reaches the number (GET /{phone-number-id}); never prints the token (docs/whatsapp.md). */
export async function whatsappCheck(config: Readonly<Config>, timeoutMs: number): Promise<DoctorLine> {
  if (!config.whatsapp)
    return pass(
      name,
      'desligado: defina as quatro variáveis WHATSAPP_* para enviar mensagens (docs/whatsapp.md)',
    );
  const api = createCloudApi({ ...config.whatsapp, timeoutMs });
  try {
    const phone = await api.phoneNumber();
    return pass(name, `o token alcança o número ${phone.displayPhoneNumber} (${phone.verifiedName})`);
  } catch (error) {
    return fail(
      name,
      error instanceof CloudApiRefused
        ? `a Meta recusou: ${error.message}. Confira WHATSAPP_TOKEN e WHATSAPP_PHONE_NUMBER_ID.`
        : unreachable(error, timeoutMs),
    );
  }
}
