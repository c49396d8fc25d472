export type FieldErrors = Record<string, string>;

/** zod issues → { 'card.number': 'Número do cartão é obrigatório', … }, first message per field. */
export function issuesToErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
