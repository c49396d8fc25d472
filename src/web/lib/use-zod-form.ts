import { useCallback, useState } from 'react';
import type { z } from 'zod';
import { issuesToErrors, type FieldErrors } from './field-errors';

/**
 * A form's values and errors, checked with the same shared zod schema the server uses, so both say the
 * same words (docs/decisions/016-forms.md). `ids` maps an error's field to the input to focus when it is
 * not the field's own id.
 */
export function useZodForm<V extends object, S extends z.ZodType>(
  schema: S,
  initial: V | (() => V),
  ids: Record<string, string> = {},
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const set = useCallback((patch: Partial<V>) => setValues((v) => ({ ...v, ...patch })), []);

  /** Shows the problems of `input` (the schema's, then `extra`: rules it cannot see) and focuses the first. */
  function validate(input: unknown, extra: FieldErrors) {
    const result = schema.safeParse(input);
    const next = result.success ? {} : issuesToErrors(result.error.issues);
    for (const [field, message] of Object.entries(extra)) next[field] ??= message;
    setErrors(next);
    const first = Object.keys(next)[0];
    if (first !== undefined)
      window.setTimeout(() => document.getElementById(ids[first] ?? first)?.focus(), 0);
    return { result, first: first === undefined ? null : next[first]! };
  }

  return {
    values,
    set,
    setValues,
    errors,
    setErrors,
    /** The parsed data, or null once the errors are shown (per field). */
    check(input: unknown = values, extra: FieldErrors = {}): z.output<S> | null {
      const { result, first } = validate(input, extra);
      return result.success && first === null ? (result.data as z.output<S>) : null;
    },
    /** For forms that show one message: the first problem's text, or null when the form may go. */
    problem(input: unknown = values): string | null {
      return validate(input, {}).first;
    },
  };
}
