import { useEffect, useState } from 'react';
import type { SentEmail } from '#shared/schemas/admin-emails.ts';
import { Failure, failureText } from '../admin-failure';
import { sentEmail } from './admin-emails-api';

/**
 * The e-mail's HTML in a new document: a link opens in a new tab (the buyer's mail app leaves the mail too),
 * before the document's own <head> so its <base href>, if any, still applies.
 */
const inNewTabs = (html: string) => `<base target="_blank">${html.replace(/^\s*<!doctype[^>]*>/i, '')}`;

/**
 * One e-mail as its reader sees it: the stored HTML in a sandboxed frame (no script, no access to the panel;
 * its links open the shop in a new tab), with the text version under it.
 */
export function AdminEmailView({ id }: { id: string }) {
  const [email, setEmail] = useState<SentEmail | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  useEffect(() => {
    sentEmail(id)
      .then(setEmail)
      .catch((error: unknown) => setFailure(failureText(error)));
  }, [id]);
  if (!email) return <Failure text={failure} />;
  return (
    <div className="mt-3">
      <iframe
        title={`E-mail: ${email.subject}`}
        sandbox="allow-popups allow-popups-to-escape-sandbox"
        srcDoc={inNewTabs(email.html)}
        className="h-[32rem] w-full rounded-lg bg-white ring-1 ring-slate-300"
      />
      <details className="mt-2 text-sm">
        <summary className="flex min-h-11 cursor-pointer items-center font-semibold text-slate-800">
          Versão em texto
        </summary>
        <pre className="whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-slate-900">
          {email.text}
        </pre>
      </details>
    </div>
  );
}
