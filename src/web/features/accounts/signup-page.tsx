import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { signupSchema } from '#shared/schemas/accounts.ts';
import { PageShell } from '../../components/layout/page-shell';
import { TextField } from '../../components/ui/text-field';
import { buttonPrimary, container } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { Link } from '../../router/link';
import { useNavigate } from '../../router/router';
import { useZodForm } from '../../lib/use-zod-form';
import { paths } from '../../paths';
import { signUp } from './accounts-api';

/** /signup (docs/product.md#accounts): signed in at once, then the dashboard after 1.5 s. */
export function SignupPage() {
  const navigate = useNavigate();
  const { values, set, errors, setErrors, check } = useZodForm(
    signupSchema,
    { name: '', email: '', password: '', confirmPassword: '' },
    {
      name: 'signup-name',
      email: 'signup-email',
      password: 'signup-password',
      confirmPassword: 'signup-confirm',
    },
  );
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    if (!check()) return;
    setBusy(true);
    try {
      await signUp(values);
      setDone(true);
      window.setTimeout(() => navigate(paths.dashboard), 1500);
    } catch (error) {
      if (error instanceof ApiError && error.field) setErrors({ [error.field]: error.message });
      else setFailure(`Erro no cadastro: ${error instanceof Error ? error.message : messages.internal}`);
    } finally {
      setBusy(false);
    }
  };

  return (
    <PageShell backLink>
      <div className={`${container} max-w-md py-10`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Criar conta</h1>
        {done ? (
          <p
            role="status"
            className="mt-6 rounded-2xl bg-green-50 p-4 font-semibold text-green-900 ring-1 ring-green-200"
          >
            {messages.signup_done}
          </p>
        ) : (
          <form noValidate onSubmit={submit} className="mt-6 space-y-4">
            <TextField
              id="signup-name"
              label="Nome completo"
              autoComplete="name"
              value={values.name}
              onValue={(name) => set({ name })}
              error={errors.name}
            />
            <TextField
              id="signup-email"
              label="E-mail"
              type="email"
              autoComplete="email"
              value={values.email}
              onValue={(email) => set({ email })}
              error={errors.email}
            />
            <TextField
              id="signup-password"
              label="Senha"
              type="password"
              autoComplete="new-password"
              value={values.password}
              onValue={(password) => set({ password })}
              error={errors.password}
              hint="Pelo menos 8 caracteres."
            />
            <TextField
              id="signup-confirm"
              label="Confirmar senha"
              type="password"
              autoComplete="new-password"
              value={values.confirmPassword}
              onValue={(confirmPassword) => set({ confirmPassword })}
              error={errors.confirmPassword}
            />
            {failure && (
              <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
                {failure}
              </p>
            )}
            <button type="submit" className={`${buttonPrimary} w-full`} disabled={busy}>
              {busy ? 'Criando conta...' : 'Criar conta'}
            </button>
            <p className="text-sm text-slate-700">
              Já tem conta?{' '}
              <Link to={paths.lookup} className="font-semibold text-fuchsia-800 underline">
                Entrar
              </Link>
            </p>
          </form>
        )}
      </div>
    </PageShell>
  );
}
