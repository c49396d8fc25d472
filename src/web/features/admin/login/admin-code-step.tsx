import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { buttonPrimary, buttonSecondary } from '#web/components/ui/styles.ts';
import { ApiError } from '#web/lib/api.ts';
import { adminLoginCode } from '../admin-api';

/**
 * The sign-in's second step: a code of the authenticator app or a recovery code, for the pending token
 * of the password step. The server never said whether the password was right, so a wrong one shows here
 * as 'Senha ou código incorretos' (ADR 027).
 */
export function AdminCodeStep(props: {
  token: string;
  onDone: (answer: { usedRecoveryCode: boolean; recoveryCodesLeft: number }) => void;
  onRestart: (message: string) => void;
}) {
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const answer = await adminLoginCode(props.token, code);
      props.onDone(answer);
    } catch (caught) {
      const message = caught instanceof ApiError ? caught.message : messages.internal;
      // A spent or expired token goes back to the password.
      if (caught instanceof ApiError && ['admin_code_restart', 'admin_code_expired'].includes(caught.code))
        props.onRestart(message);
      else {
        setError(message);
        setCode('');
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <form noValidate onSubmit={submit} className="mt-6 space-y-4">
      <p className="text-slate-700">{messages.admin_code_step}</p>
      <TextField
        // The step opens after the password: the code field is where the operator types next.
        autoFocus
        id="admin-code"
        label="Código de verificação"
        inputMode="text"
        autoComplete="one-time-code"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={40}
        hint="6 dígitos do aplicativo, ou um código de recuperação (xxxx-xxxx-xxxx-xxxx)."
        value={code}
        onValue={setCode}
      />
      {error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
          {error}
        </p>
      )}
      <button type="submit" className={`${buttonPrimary} w-full`} disabled={busy || code.trim() === ''}>
        {busy ? 'Verificando...' : 'Confirmar'}
      </button>
      <button type="button" className={`${buttonSecondary} w-full`} onClick={() => props.onRestart('')}>
        Voltar e digitar a senha de novo
      </button>
    </form>
  );
}
