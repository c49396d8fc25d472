import { useState, type FormEvent } from 'react';
import { messages } from '#shared/messages.ts';
import type { AdminSessionInfo, AdminTwoFactorSetup } from '#shared/schemas/admin-session.ts';
import { TextField } from '#web/components/ui/text-field.tsx';
import { buttonPrimary, buttonSecondary } from '#web/components/ui/styles.ts';
import { ApiError } from '#web/lib/api.ts';
import { confirmTwoFactor, setupTwoFactor } from '../admin-settings-api';
import { paths } from '#web/paths.ts';
import { useNavigate } from '#web/router/router.tsx';
import { failure, panel, success } from './admin-security-styles';

/** Groups of four, as authenticator apps show a key typed by hand. */
const grouped = (secret: string) => secret.match(/.{1,4}/g)?.join(' ') ?? secret;

/** The second factor: set up, shown once with its recovery codes, replaced with the password. */
export function TwoFactor({ info, onChanged }: { info: AdminSessionInfo; onChanged: () => void }) {
  const [setup, setSetup] = useState<AdminTwoFactorSetup | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [replacing, setReplacing] = useState(false);
  const navigate = useNavigate();

  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(caught instanceof ApiError ? caught.message : messages.internal);
    } finally {
      setBusy(false);
    }
  };
  const start = (event?: FormEvent) => {
    event?.preventDefault();
    return run(async () => {
      setSetup(await setupTwoFactor(info.twoFactor.enabled ? { password } : {}));
      setPassword('');
      setCode('');
    });
  };
  const confirm = (event: FormEvent) => {
    event.preventDefault();
    return run(async () => {
      const answer = await confirmTwoFactor(code);
      setRecoveryCodes(answer.recoveryCodes);
      setSetup(null);
      setReplacing(false);
    });
  };

  const errorBox = error && (
    <p role="alert" className={failure}>
      {error}
    </p>
  );

  return (
    <section className={panel} aria-labelledby="dois-fatores-titulo">
      <h2 id="dois-fatores-titulo" className="text-xl font-bold text-slate-900">
        Verificação em duas etapas
      </h2>
      <p className="mt-2 text-slate-700">
        Depois da senha, o painel pede o código de 6 dígitos de um aplicativo autenticador no seu celular
        (Google Authenticator, Microsoft Authenticator, 2FAS, Aegis…). Quem descobrir a sua senha não entra
        sem o celular.
      </p>

      {recoveryCodes && (
        <div className="mt-4 space-y-3">
          <p role="status" className={success}>
            Verificação em duas etapas ativada.
          </p>
          <h3 className="font-bold text-slate-900">Códigos de recuperação</h3>
          <p className="text-slate-700">
            Guarde estes códigos num lugar seguro, fora do celular (impressos ou num gerenciador de senhas).
            Cada um entra uma vez no lugar do código do aplicativo, se você perder o celular. Eles não
            aparecem de novo.
          </p>
          <ol
            data-testid="recovery-codes"
            className="grid grid-cols-2 gap-2 rounded-lg bg-slate-50 p-4 font-mono text-slate-900"
          >
            {recoveryCodes.map((c) => (
              <li key={c}>{c}</li>
            ))}
          </ol>
          <button
            type="button"
            className={buttonPrimary}
            onClick={() => {
              setRecoveryCodes(null);
              onChanged();
              navigate(paths.admin);
            }}
          >
            Já guardei os códigos
          </button>
        </div>
      )}

      {!recoveryCodes && !setup && info.twoFactor.enabled && (
        <div className="mt-4 space-y-3">
          <p role="status" className={success}>
            Ativa. Códigos de recuperação restantes: {info.twoFactor.recoveryCodesLeft}.
          </p>
          {!replacing && (
            <button type="button" className={buttonSecondary} onClick={() => setReplacing(true)}>
              Trocar o aplicativo autenticador
            </button>
          )}
          {replacing && (
            <form noValidate onSubmit={start} className="space-y-3">
              <TextField
                id="totp-password"
                label="Sua senha"
                type="password"
                autoComplete="current-password"
                hint="Um novo código QR substitui o atual (e os códigos de recuperação) quando confirmado."
                value={password}
                onValue={setPassword}
              />
              {errorBox}
              <button type="submit" className={buttonPrimary} disabled={busy}>
                Gerar novo código QR
              </button>
            </form>
          )}
        </div>
      )}

      {!recoveryCodes && !setup && !info.twoFactor.enabled && (
        <div className="mt-4 space-y-3">
          {errorBox}
          <button type="button" className={buttonPrimary} disabled={busy} onClick={() => void start()}>
            Ativar verificação em duas etapas
          </button>
        </div>
      )}

      {setup && (
        <form noValidate onSubmit={confirm} className="mt-4 space-y-4">
          <ol className="list-decimal space-y-2 pl-5 text-slate-700">
            <li>No aplicativo autenticador, toque em adicionar conta e leia o código QR.</li>
            <li>Digite abaixo o código de 6 dígitos que o aplicativo mostrar.</li>
          </ol>
          <img
            src={setup.qrDataUrl}
            width={240}
            height={240}
            alt="Código QR da verificação em duas etapas, para o aplicativo autenticador"
            className="rounded-lg ring-1 ring-slate-200"
          />
          <p className="text-slate-700">
            Não consegue ler o código? Digite esta chave no aplicativo (tipo: baseada em tempo):
          </p>
          <p
            data-testid="totp-secret"
            className="rounded-lg bg-slate-50 p-3 font-mono text-lg text-slate-900"
          >
            {grouped(setup.secret)}
          </p>
          <TextField
            id="totp-confirm-code"
            label="Código do aplicativo"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={7}
            value={code}
            onValue={setCode}
          />
          {errorBox}
          <button type="submit" className={buttonPrimary} disabled={busy || code.trim() === ''}>
            Confirmar e ativar
          </button>
        </form>
      )}
    </section>
  );
}
