import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { resetConfirmSchema } from '#shared/schemas/accounts.ts';
import { useZodForm } from '../../lib/use-zod-form';
import { PageShell } from '../../components/layout/page-shell';
import { TextField } from '../../components/ui/text-field';
import { buttonPrimary, container } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { Link } from '../../router/link';
import { useSearchParams } from '../../router/router';
import { confirmPasswordReset } from './accounts-api';
import { useLinkToken } from './use-link-token';
import { paths } from '../../paths';

/** /redefinir-senha#token=… from the reset e-mail (single use, 1 hour), or right after a verification. */
export function ResetPasswordPage() {
  const token = useLinkToken() ?? '';
  const justVerified = useSearchParams().get('verificado') === '1';
  const form = useZodForm(
    resetConfirmSchema,
    { password: '', confirmPassword: '' },
    {
      password: 'reset-password',
      confirmPassword: 'reset-confirm',
    },
    { input: (values) => ({ token, ...values }) },
  );
  const { password, confirmPassword } = form.values;
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!token) return setResult({ ok: false, text: messages.token_invalid });
    setResult(null);
    if (form.problem()) return;
    try {
      await confirmPasswordReset({ token, password, confirmPassword });
      setResult({ ok: true, text: messages.password_changed });
    } catch (error) {
      setResult({ ok: false, text: error instanceof ApiError ? error.message : messages.internal });
    }
  };
  return (
    <PageShell backLink>
      <div className={`${container} max-w-md py-10`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Nova senha</h1>
        {justVerified && (
          <p role="status" className="mt-4 text-green-900">
            {messages.email_verified_set_password}
          </p>
        )}
        <form noValidate onSubmit={submit} className="mt-6 space-y-4">
          <TextField
            id="reset-password"
            label="Nova senha"
            type="password"
            autoComplete="new-password"
            value={password}
            onValue={(next) => form.set({ password: next })}
          />
          <TextField
            id="reset-confirm"
            label="Confirmar nova senha"
            type="password"
            autoComplete="new-password"
            value={confirmPassword}
            onValue={(next) => form.set({ confirmPassword: next })}
          />
          {form.problemText && (
            <p role="alert" className="text-red-800">
              {form.problemText}
            </p>
          )}
          {!form.problemText && result && (
            <p
              role={result.ok ? 'status' : 'alert'}
              className={result.ok ? 'text-green-900' : 'text-red-800'}
            >
              {result.text}
            </p>
          )}
          <button type="submit" className={`${buttonPrimary} w-full`}>
            Salvar nova senha
          </button>
        </form>
        <Link to={paths.lookup} className="mt-4 inline-block font-semibold text-fuchsia-800 underline">
          Entrar
        </Link>
      </div>
    </PageShell>
  );
}
