import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { loginSchema } from '#shared/schemas/accounts.ts';
import { useZodForm } from '../../lib/use-zod-form';
import { TextField } from '../../components/ui/text-field';
import { buttonPrimary } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { Link } from '../../router/link';
import { useNavigate } from '../../router/router';
import { paths } from '../../paths';
import { askPasswordReset, login } from './accounts-api';

/** 'Entrar na minha conta' (docs/product.md#accounts) with 'Esqueci minha senha'. */
export function SignInForm() {
  const navigate = useNavigate();
  const form = useZodForm(
    loginSchema,
    { email: '', password: '' },
    {
      email: 'signin-email',
      password: 'signin-password',
    },
  );
  const { email, password } = form.values;
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ kind: 'error' | 'info'; text: string } | null>(null);
  const [forgot, setForgot] = useState(false);

  const signIn = async (event: FormEvent) => {
    event.preventDefault();
    setMessage(null);
    if (form.problem()) return;
    setBusy(true);
    try {
      await login(email, password);
      navigate(paths.dashboard);
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError ? error.message : messages.internal });
    } finally {
      setBusy(false);
    }
  };

  const requestReset = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await askPasswordReset(email);
      setMessage({ kind: 'info', text: messages.reset_requested });
    } catch (error) {
      setMessage({ kind: 'error', text: error instanceof ApiError ? error.message : messages.internal });
    } finally {
      setBusy(false);
    }
  };

  return (
    <section aria-labelledby="entrar-titulo" className="mt-12 border-t border-slate-200 pt-8">
      <h2 id="entrar-titulo" className="text-2xl font-extrabold text-slate-900">
        {forgot ? 'Esqueci minha senha' : 'Entrar na minha conta'}
      </h2>
      <form noValidate onSubmit={forgot ? requestReset : signIn} className="mt-4 space-y-4">
        <TextField
          id="signin-email"
          label="E-mail da conta"
          type="email"
          autoComplete="email"
          value={email}
          onValue={(next) => form.set({ email: next })}
        />
        {!forgot && (
          <TextField
            id="signin-password"
            label="Senha"
            type="password"
            autoComplete="current-password"
            value={password}
            onValue={(next) => form.set({ password: next })}
          />
        )}
        {form.problemText && (
          <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
            {form.problemText}
          </p>
        )}
        {!form.problemText && message && (
          <p
            role={message.kind === 'error' ? 'alert' : 'status'}
            className={`rounded-lg p-3 ring-1 ${message.kind === 'error' ? 'bg-red-50 text-red-900 ring-red-200' : 'bg-green-50 text-green-900 ring-green-200'}`}
          >
            {message.text}
          </p>
        )}
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={busy}>
          {forgot ? 'Enviar link' : busy ? 'Entrando...' : 'Entrar'}
        </button>
      </form>
      <div className="mt-4 flex flex-wrap justify-between gap-3 text-sm">
        <button
          type="button"
          className="font-semibold text-fuchsia-800 underline"
          onClick={() => {
            setForgot(!forgot);
            setMessage(null);
          }}
        >
          {forgot ? 'Voltar para entrar' : 'Esqueci minha senha'}
        </button>
        <Link to={paths.signup} className="font-semibold text-fuchsia-800 underline">
          Criar conta
        </Link>
      </div>
    </section>
  );
}
