import { useEffect, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { adminLoginSchema } from '#shared/schemas/admin-session.ts';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { buttonPrimary, container } from '#web/components/ui/styles.ts';
import { StatusIcon } from '#web/components/ui/icons.tsx';
import { ApiError } from '#web/lib/api.ts';
import { adminLogin } from '../admin-api';
import { readStorage, writeStorage } from '#web/lib/storage.ts';
import { useNavigate } from '#web/router/router.tsx';
import { paths } from '#web/paths.ts';
import { AdminCodeStep } from './admin-code-step';

// The browser mirrors the server's lock (docs/product.md#operator) to count down each second; the server
// decides.
const lockKey = 'admin_lock_until';

function secondsLeft(): number {
  const until = Number(readStorage('local', lockKey) ?? 0);
  return Math.max(0, Math.ceil((until - Date.now()) / 1000));
}

/**
 * /admin/login: the password, then, for an operator with the second factor on, the code of the
 * authenticator app or a recovery code (ADR 027).
 */
export function AdminLoginPage() {
  const navigate = useNavigate();
  // No check here: the server answers an empty form with its pt-BR text and counts real attempts.
  const { values, set } = useZodForm(adminLoginSchema, { email: '', password: '' });
  const { email, password } = values;
  const [show, setShow] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [locked, setLocked] = useState(0);
  const [busy, setBusy] = useState(false);
  /** The pending token of the password step while the code is asked for. */
  const [pending, setPending] = useState<string | null>(null);

  useEffect(() => {
    setLocked(secondsLeft());
    const timer = window.setInterval(() => setLocked(secondsLeft()), 1000);
    return () => window.clearInterval(timer);
  }, []);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (locked > 0) return;
    setBusy(true);
    setError(null);
    try {
      const answer = await adminLogin(email, password);
      writeStorage('local', lockKey, '0');
      if ('step' in answer) setPending(answer.token);
      else navigate(paths.admin);
    } catch (caught) {
      if (!(caught instanceof ApiError)) {
        setError(`Erro no login: ${caught instanceof Error ? caught.message : 'Erro desconhecido'}`);
      } else {
        setError(caught.message);
        if (typeof caught.body.attempt === 'number') setAttempt(caught.body.attempt);
        const retry = Number(caught.body.retryAfterSeconds ?? 0);
        if (caught.status === 429 && retry > 0) {
          writeStorage('local', lockKey, String(Date.now() + retry * 1000));
          setLocked(retry);
        }
      }
    } finally {
      setBusy(false);
    }
  };

  if (pending) {
    return (
      <main id="conteudo" className={`${container} max-w-md py-16`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Painel administrativo</h1>
        <AdminCodeStep
          token={pending}
          onDone={() => navigate(paths.admin)}
          onRestart={(message) => {
            setPending(null);
            set({ password: '' });
            setError(message);
          }}
        />
      </main>
    );
  }

  return (
    <main id="conteudo" className={`${container} max-w-md py-16`}>
      <h1 className="text-3xl font-extrabold text-slate-900">Painel administrativo</h1>
      <form noValidate onSubmit={submit} className="mt-6 space-y-4">
        <TextField
          id="admin-email"
          label="E-mail"
          type="email"
          autoComplete="username"
          value={email}
          onValue={(next) => set({ email: next })}
        />
        <div>
          <TextField
            id="admin-password"
            label="Senha"
            type={show ? 'text' : 'password'}
            autoComplete="current-password"
            value={password}
            onValue={(next) => set({ password: next })}
          />
          <button
            type="button"
            className="mt-1 text-sm font-semibold text-fuchsia-800 underline"
            onClick={() => setShow(!show)}
          >
            {show ? 'Ocultar senha' : 'Mostrar senha'}
          </button>
        </div>
        {attempt > 0 && locked === 0 && <p className="text-sm text-slate-700">Tentativas: {attempt}/5</p>}
        {locked > 0 && (
          <p role="status" className="rounded-lg bg-amber-50 p-3 text-amber-950 ring-1 ring-amber-200">
            {messages.admin_blocked.replace('{n}', String(locked))}
          </p>
        )}
        {error && locked === 0 && (
          <p role="alert" className="flex gap-2 rounded-lg bg-red-50 p-3 text-red-900 ring-1 ring-red-200">
            <StatusIcon kind="no" className="mt-0.5 h-5 w-5 shrink-0" />
            {error}
          </p>
        )}
        <button type="submit" className={`${buttonPrimary} w-full`} disabled={busy || locked > 0}>
          {busy ? 'Entrando...' : 'Entrar'}
        </button>
      </form>
    </main>
  );
}
