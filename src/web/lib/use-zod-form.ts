import { useCallback, useEffect, useRef, useState } from 'react';
import type { z } from 'zod';
import { issuesToErrors, type FieldErrors } from './field-errors';

/** How the form's values become what the schema checks, and the rules the schema cannot see. */
export interface FormInput<V> {
  input?: (values: V) => unknown;
  extra?: (values: V) => FieldErrors;
}

/**
 * A form's values and errors, checked with the same shared zod schema the server uses, so both say the
 * same words (docs/decisions/016-forms.md). `ids` maps an error's field to the input to focus when it is
 * not the field's own id. Once the form has been sent, it is checked again at every change (issue 45 §2):
 * a field put right loses its error at once, and one still wrong keeps it.
 */
export function useZodForm<V extends object, S extends z.ZodType>(
  schema: S,
  initial: V | (() => V),
  ids: Record<string, string> = {},
  derive: FormInput<V> = {},
) {
  const [values, setValues] = useState<V>(initial);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [problemText, setProblemText] = useState<string | null>(null);
  const [sent, setSent] = useState<'fields' | 'problem' | null>(null);
  const deriveRef = useRef(derive);
  deriveRef.current = derive;
  const set = useCallback((patch: Partial<V>) => setValues((v) => ({ ...v, ...patch })), []);

  /** The problems of `input`: the schema's, then `extra` (rules it cannot see). */
  function evaluate(input: unknown, extra: FieldErrors) {
    const result = schema.safeParse(input);
    const next = result.success ? {} : issuesToErrors(result.error.issues);
    for (const [field, message] of Object.entries(extra)) next[field] ??= message;
    const first = Object.keys(next)[0];
    return { result, next, first: first === undefined ? null : next[first]!, firstField: first };
  }
  const inputOf = (current: V) => deriveRef.current.input?.(current) ?? current;
  const extraOf = (current: V) => deriveRef.current.extra?.(current) ?? {};

  useEffect(() => {
    if (!sent) return;
    const { next, first } = evaluate(inputOf(values), extraOf(values));
    if (sent === 'fields') setErrors(next);
    else setProblemText(first);
    // Checked again when the values change, with the rules of the latest render.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [values, sent]);

  return {
    values,
    set,
    setValues,
    errors,
    setErrors,
    /** The one message of a form that shows one (`problem`), kept current as the fields change. */
    problemText,
    /** The parsed data, or null once the errors are shown (per field) and the first is focused. */
    check(input: unknown = inputOf(values), extra: FieldErrors = extraOf(values)): z.output<S> | null {
      const { result, next, first, firstField } = evaluate(input, extra);
      setSent('fields');
      setErrors(next);
      if (firstField !== undefined)
        window.setTimeout(() => document.getElementById(ids[firstField] ?? firstField)?.focus(), 0);
      return result.success && first === null ? (result.data as z.output<S>) : null;
    },
    /** For forms that show one message: the first problem's text, or null when the form may go. */
    problem(input: unknown = inputOf(values)): string | null {
      const { first, firstField } = evaluate(input, {});
      setSent('problem');
      setProblemText(first);
      if (firstField !== undefined)
        window.setTimeout(() => document.getElementById(ids[firstField] ?? firstField)?.focus(), 0);
      return first;
    },
    /** Back to a form not yet sent: no errors, none shown as the fields change. */
    clear() {
      setSent(null);
      setErrors({});
      setProblemText(null);
    },
  };
}
