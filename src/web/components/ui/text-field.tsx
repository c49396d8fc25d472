import { useEffect, useRef, type InputHTMLAttributes } from 'react';
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
  // What a buyer typed into the server's HTML before the scripts ran is the field's value: React would
  // otherwise keep its empty state behind the typed text, and the form would say the field is empty.
  useEffect(() => {
    const typed = input.current?.value;
    if (typed && typed !== value) onValue(mask ? mask(typed) : typed);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);
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
