/** Names of query/fragment parameters that carry a secret (e-mailed links, provider callbacks). */
// `acesso`: the order page's write token (ADR 026).
const secretParams = ['token', 'resetToken', 'session_token', 'acesso'];

/**
 * The URL with every secret parameter's value replaced, in the query and in the fragment: stored
 * analytics URLs and referrers never hold a working link (issue 9 §7). Text that is not a URL passes.
 */
export function withoutSecrets(text: string): string {
  const scrub = (part: string) =>
    part.replace(
      new RegExp(`([?&#](?:${secretParams.join('|')})=)[^&#]*`, 'gi'),
      (_match, name: string) => `${name}[removido]`,
    );
  return scrub(text);
}
