import { useState, type ReactNode } from 'react';
import { formatBRL, parseBRL } from '#shared/money.ts';
import { buttonSecondary, fieldInput, fieldLabel } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';

// Small pieces the catalogue editor's forms share (issue 13).

/** 8590 → '85,90' for a price input. */
export const centsText = (cents: number) => formatBRL(cents).replace('R$ ', '');
/** What the owner typed as centavos; 0 when it is not an amount (the server answers with the message). */
export const typedCents = (text: string) => parseBRL(text) ?? 0;
/** A number input's value; NaN becomes 0, which the server refuses with its message. */
export const typedInt = (text: string) => (/^\d+$/.test(text.trim()) ? Number(text.trim()) : 0);
/** One item per line, blank lines dropped. */
export const typedLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

export function TextInput(props: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  inputMode?: 'numeric' | 'decimal';
  multiline?: boolean;
}) {
  const { id, label, value, onChange, inputMode, multiline } = props;
  return (
    <div>
      <label htmlFor={id} className={fieldLabel}>
        {label}
      </label>
      {multiline ? (
        <textarea
          id={id}
          rows={2}
          className={fieldInput}
          value={value}
          onChange={(e) => onChange(e.target.value)}
        />
      ) : (
        <input
          id={id}
          className={fieldInput}
          value={value}
          onChange={(e) => onChange(e.target.value)}
          {...(inputMode ? { inputMode } : {})}
        />
      )}
    </div>
  );
}

export function CheckInput(props: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
}) {
  return (
    <label htmlFor={props.id} className="flex items-center gap-2 text-sm font-semibold text-slate-800">
      <input
        id={props.id}
        type="checkbox"
        checked={props.checked}
        onChange={(e) => props.onChange(e.target.checked)}
        className="h-5 w-5"
      />
      {props.label}
    </label>
  );
}

type SaveOutcome = { ok: boolean; text: string } | null;

/** Sends one form of the editor; its outcome is what <Outcome> shows. */
export function useSave() {
  const [outcome, setOutcome] = useState<SaveOutcome>(null);
  const save = async (send: () => Promise<unknown>, done: string, after: () => void) => {
    try {
      await send();
      setOutcome({ ok: true, text: done });
      after();
    } catch (error) {
      setOutcome({ ok: false, text: error instanceof ApiError ? error.message : 'Não foi possível salvar.' });
    }
  };
  return { outcome, save };
}

/** A form's outcome: 'Salvo.' or the server's pt-BR reason. */
export function Outcome({ outcome }: { outcome: SaveOutcome }): ReactNode {
  if (!outcome) return null;
  return (
    <p
      role={outcome.ok ? 'status' : 'alert'}
      className={`text-sm font-semibold ${outcome.ok ? 'text-green-800' : 'text-red-800'}`}
    >
      {outcome.text}
    </p>
  );
}

/** A form's "Salvar" with its outcome under it. */
export function SaveButton({ outcome }: { outcome: SaveOutcome }) {
  return (
    <div className="space-y-2">
      <button type="submit" className={buttonSecondary}>
        Salvar
      </button>
      <Outcome outcome={outcome} />
    </div>
  );
}
