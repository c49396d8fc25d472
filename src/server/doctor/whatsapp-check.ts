import { saoPauloDay } from '../../shared/dates';
import type { Config } from '../config';
import { CloudApiRefused, createCloudApi } from '../whatsapp/cloud-api';
import {
  defaultGraphApiVersion,
  findGraphApiVersion,
  graphApiVersionOf,
} from '../whatsapp/graph-api-versions';
import { fail, pass, unreachable, warn, type DoctorLine } from './doctor-line';

const name = 'WhatsApp';
/** The version's end this close is said before it comes (issue 44). */
const warnDays = 90;

/**
 * The Graph API version of WHATSAPP_API_URL against Meta's table (graph-api-versions.ts), then the token
 * reaching the number (GET /{phone-number-id}); never prints the token (docs/whatsapp.md).
 */
export async function whatsappCheck(
  config: Readonly<Config>,
  timeoutMs: number,
  now: Date = new Date(),
): Promise<DoctorLine[]> {
  if (!config.whatsapp)
    return [
      pass(name, 'desligado: defina as quatro variáveis WHATSAPP_* para enviar mensagens (docs/whatsapp.md)'),
    ];
  const api = createCloudApi({ ...config.whatsapp, timeoutMs });
  const version = graphApiVersionLine(config.whatsapp.apiUrl, now);
  try {
    const phone = await api.phoneNumber();
    return [
      version,
      pass(name, `o token alcança o número ${phone.displayPhoneNumber} (${phone.verifiedName})`),
    ];
  } catch (error) {
    return [
      version,
      fail(
        name,
        error instanceof CloudApiRefused
          ? `a Meta recusou: ${error.message}. Confira WHATSAPP_TOKEN e WHATSAPP_PHONE_NUMBER_ID.`
          : unreachable(error, timeoutMs),
      ),
    ];
  }
}

/** Whether the version WHATSAPP_API_URL names still works, and for how long (docs/whatsapp.md). */
export function graphApiVersionLine(apiUrl: string, now: Date): DoctorLine {
  const fix = `mude WHATSAPP_API_URL para https://graph.facebook.com/${defaultGraphApiVersion} depois de ler o changelog da Meta.`;
  const version = graphApiVersionOf(apiUrl);
  if (!version) return fail(name, `WHATSAPP_API_URL não diz a versão da Graph API (…/vNN.N): ${fix}`);
  const known = findGraphApiVersion(version);
  if (!known) return fail(name, `a Graph API ${version} não está na tabela de versões da Meta: ${fix}`);
  if (!known.availableUntil)
    return pass(name, `Graph API ${version}: a Meta ainda não publicou até quando ela funciona.`);
  const until = known.availableUntil.split('-').reverse().join('/');
  const daysLeft = Math.round((Date.parse(known.availableUntil) - Date.parse(saoPauloDay(now))) / 86_400_000);
  if (daysLeft < 0) return fail(name, `a Meta encerrou a Graph API ${version} em ${until}: ${fix}`);
  if (daysLeft <= warnDays)
    return warn(name, `a Graph API ${version} deixa de funcionar em ${until} (em ${daysLeft} dias): ${fix}`);
  return pass(name, `Graph API ${version}, disponível até ${until}.`);
}
