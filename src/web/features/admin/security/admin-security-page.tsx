import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import { adminPasswordChangeSchema, type AdminSessionInfo } from '#shared/schemas/admin-session.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { buttonPrimary } from '#web/components/ui/styles.ts';
import { ApiError } from '#web/lib/api.ts';
import { adminSession, changePassword } from '../admin-settings-api';
import { useZodForm } from '#web/lib/use-zod-form.ts';
import { failure, notice, panel, success } from './admin-security-styles';
import { TwoFactor } from './admin-two-factor';
import { AdminShell } from '../admin-shell';

/**
 * /admin/seguranca: the operator's password and second factor (ADR 027). The panel sends a session here
 * while it may not be used yet: the first-start password must be changed first, and with NODE_ENV=
 * production the second factor must be on.
 */
export function AdminSecurityPage() {
  const [info, setInfo] = useState<AdminSessionInfo | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    try {
      setInfo(await adminSession());
    } catch (error) {
      // A refused session is sent away by the panel's frame (admin-shell.tsx).
      if (!(error instanceof ApiError && (error.status === 401 || error.status === 403))) setFailed(true);
    }
  }, []);
  useEffect(() => void load(), [load]);

  const restricted =
    info !== null && (info.mustChangePassword || (info.twoFactor.required && !info.twoFactor.enabled));

  return (
    <AdminShell title="Segurança do painel" navigation={info !== null && !restricted}>
      <div className="max-w-2xl">
        {failed && (
          <p role="alert" className={`${failure} mt-4`}>
            {messages.admin_load_failed}
          </p>
        )}
        {!info && !failed && <p className="mt-6 text-slate-700">Carregando…</p>}
        {info && (
          <>
            <p className="mt-2 text-slate-700">Conta: {info.email}</p>
            {info.mustChangePassword && (
              <p role="status" className={notice}>
                {messages.admin_password_change_required}
              </p>
            )}
            {!info.mustChangePassword && restricted && (
              <p role="status" className={notice}>
                {messages.admin_two_factor_required}
              </p>
            )}
            <PasswordForm onChanged={() => void load()} />
            {!info.mustChangePassword && <TwoFactor info={info} onChanged={() => void load()} />}
          </>
        )}
      </div>
    </AdminShell>
  );
}

function PasswordForm({ onChanged }: { onChanged: () => void }) {
  const { values, set, setValues, errors, setErrors, check } = useZodForm(adminPasswordChangeSchema, {
    currentPassword: '',
    newPassword: '',
    confirmPassword: '',
  });
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setError(null);
    const input = check();
    if (!input) return;
    setBusy(true);
    try {
      const answer = await changePassword(input);
      setValues({ currentPassword: '', newPassword: '', confirmPassword: '' });
      setDone(answer.message);
      onChanged();
    } catch (caught) {
      if (caught instanceof ApiError && caught.field) setErrors({ [caught.field]: caught.message });
      else setError(caught instanceof ApiError ? caught.message : messages.internal);
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className={panel} aria-labelledby="senha-titulo">
      <h2 id="senha-titulo" className="text-xl font-bold text-slate-900">
        Trocar a senha
      </h2>
      <form noValidate onSubmit={submit} className="mt-4 space-y-4">
        <TextField
          id="currentPassword"
          label="Senha atual"
          type="password"
          autoComplete="current-password"
          value={values.currentPassword}
          error={errors.currentPassword}
          onValue={(next) => set({ currentPassword: next })}
        />
        <TextField
          id="newPassword"
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          hint="Pelo menos 10 caracteres, difícil de adivinhar: uma frase de quatro palavras ou mais funciona bem."
          value={values.newPassword}
          error={errors.newPassword}
          onValue={(next) => set({ newPassword: next })}
        />
        <TextField
          id="confirmPassword"
          label="Confirme a nova senha"
          type="password"
          autoComplete="new-password"
          value={values.confirmPassword}
          error={errors.confirmPassword}
          onValue={(next) => set({ confirmPassword: next })}
        />
        {error && (
          <p role="alert" className={failure}>
            {error}
          </p>
        )}
        {done && (
          <p role="status" className={success}>
            {done}
          </p>
        )}
        <button type="submit" className={buttonPrimary} disabled={busy}>
          {busy ? 'Salvando...' : 'Salvar nova senha'}
        </button>
      </form>
    </section>
  );
}
