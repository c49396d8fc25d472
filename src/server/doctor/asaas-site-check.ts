import { z } from 'zod';
import type { Config } from '../config';
import { AsaasRequestError, type AsaasRequest } from '../payments/asaas/asaas-client';
import { fail, pass, warn, type DoctorLine } from './doctor-line';

// Asaas sends a buyer back after paying on its page (`callback.successUrl`, /obrigado) only to the domain
// registered in the account's commercial data (docs.asaas.com, 'Redirection after payment': "The URL
// provided must necessarily be from the same domain registered in your commercial data"). Asaas tells
// that site in GET /v3/myAccount/commercialInfo/ (`site`, optional in AccountInfoGetResponseDto): it is
// compared with PUBLIC_URL's host; where Asaas does not say, the domain is shown for the owner to confirm.

const name = 'Asaas site';
const commercialInfo = z.looseObject({ site: z.string().nullish() });

/** 'https://www.Loja.com.br/x' or 'loja.com.br' → 'loja.com.br'; null when it is not an address. */
export function siteDomain(site: string): string | null {
  const text = site.trim();
  if (!text) return null;
  try {
    const { hostname } = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(text) ? text : `https://${text}`);
    return hostname.toLowerCase().replace(/^www\./, '') || null;
  } catch {
    return null;
  }
}

/** The shop's host on the registered domain: the same, or one of its subdomains. */
const onDomain = (host: string, domain: string) => host === domain || host.endsWith(`.${domain}`);

export async function siteCheck(
  get: (path: string) => ReturnType<AsaasRequest>,
  config: Readonly<Config>,
): Promise<DoctorLine> {
  const host = siteDomain(config.publicUrl) ?? config.publicUrl;
  const confirm =
    `confira em Minha conta → Dados comerciais que o site é ${host}: o Asaas só devolve o comprador ` +
    `depois de pagar (${config.publicUrl}/obrigado) ao domínio cadastrado ali.`;
  let site: string | null | undefined;
  try {
    const parsed = commercialInfo.safeParse(await get('/myAccount/commercialInfo/'));
    if (!parsed.success) throw new Error('GET /myAccount/commercialInfo/');
    site = parsed.data.site;
  } catch (error) {
    // A key without access to the commercial data (a subaccount's, say): the owner confirms it by hand.
    if (error instanceof AsaasRequestError)
      return warn(name, `o Asaas não mostrou os dados comerciais (HTTP ${error.status}); ${confirm}`);
    throw error;
  }
  const domain = site ? siteDomain(site) : null;
  if (!domain) return warn(name, `o Asaas não informa o site dos dados comerciais; ${confirm}`);
  if (onDomain(host, domain))
    return pass(name, `${host} é do domínio cadastrado nos dados comerciais (${domain})`);
  return fail(
    name,
    `o site dos dados comerciais é ${domain} e PUBLIC_URL é ${host}: o Asaas só devolve o comprador ` +
      `depois de pagar ao domínio cadastrado. Corrija o site em Minha conta → Dados comerciais (ou ` +
      'PUBLIC_URL).',
  );
}
