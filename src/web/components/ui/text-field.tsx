import { useRef, type InputHTMLAttributes } from 'react';
import { useKeptBeforeScripts } from '../../lib/kept-before-scripts';
import { fieldError, fieldInput, fieldLabel } from './styles';

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'value'> {
  id: string;
  label: string;
  value: string;
  onValue: (value: string) => void;
  error?: string | undefined;
  hint?: string;
  /** Applied to what the buyer types (masks: phone, CPF, card…). */
  mask?: (value: string) => string;
}

/** A visible label, the input, an optional hint and the field's error, wired for screen readers. */
export function TextField({
  id,
  label,
  value,
  onValue,
  error,
  hint,
  mask,
  className,
  ...rest
}: TextFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  useKeptBeforeScripts(
    input,
    (el) => el.value,
    value,
    (typed) => onValue(mask ? mask(typed) : typed),
  );
  const describedBy = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div className={className}>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      <input
        ref={input}
        id={id}
        value={value}
        onChange={(event) => onValue(mask ? mask(event.target.value) : event.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy || undefined}
        className={fieldInput}
        {...rest}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className={fieldError}>
          {error}
        </p>
      )}
    </div>
  );
}
