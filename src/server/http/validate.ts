import type { z } from 'zod';
import { AppError } from '../errors';

/** Validates input at the edge with a shared zod schema; the first problem becomes a pt-BR 400. */
export function validate<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const field = issue?.path.join('.') || undefined;
  throw new AppError('invalid_input', 'invalid_input', issue?.message, {
    ...(field ? { field } : {}),
    issues: result.error.issues.map((i) => ({ field: i.path.join('.'), message: i.message })),
  });
}
