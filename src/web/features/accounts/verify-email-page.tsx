import { useEffect, useState } from 'react';
import { messages } from '#shared/messages.ts';
import { PageShell } from '../../components/layout/page-shell';
import { container } from '../../components/ui/styles';
import { ApiError } from '../../lib/api';
import { Link } from '../../router/link';
import { useNavigate } from '../../router/router';
import { verifyEmail } from './accounts-api';
import { useLinkToken } from './use-link-token';
import { paths, verifiedResetPage } from '../../paths';

/**
 * /verificar-email#token=… from the verification e-mail. Confirmed outside the account's own session,
 * the server asks for a new password (issue 9 §6): the page goes on to set it.
 */
export function VerifyEmailPage() {
  const token = useLinkToken();
  const navigate = useNavigate();
  const [state, setState] = useState<{ ok: boolean; text: string } | null>(null);
  useEffect(() => {
    if (token === null) return;
    if (!token) return setState({ ok: false, text: messages.token_invalid });
    verifyEmail(token)
      .then((answer) => {
        if (!answer.resetToken) return setState({ ok: true, text: messages.email_verified });
        navigate(verifiedResetPage(answer.resetToken), {
          replace: true,
        });
      })
      .catch((error: unknown) =>
        setState({ ok: false, text: error instanceof ApiError ? error.message : messages.internal }),
      );
  }, [token, navigate]);
  return (
    <PageShell backLink>
      <div className={`${container} max-w-md py-10`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Confirmação de e-mail</h1>
        {state ? (
          <p role={state.ok ? 'status' : 'alert'} className="mt-6 text-lg text-slate-800">
            {state.text}
          </p>
        ) : (
          <p className="mt-6 text-slate-700">Confirmando…</p>
        )}
        <Link to={paths.dashboard} className="mt-4 inline-block font-semibold text-fuchsia-800 underline">
          Ir para o painel
        </Link>
      </div>
    </PageShell>
  );
}
