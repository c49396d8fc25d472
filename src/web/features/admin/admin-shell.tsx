import { useEffect, type ReactNode } from 'react';
import { paths } from '#web/paths.ts';
import { useLocation, useNavigate } from '#web/router/router.tsx';
import { adminSession } from './admin-settings-api';
import { leaveOnRefusal } from './admin-load-failed';
import { AdminNavLinks } from './admin-nav';

/**
 * Every panel page's frame (docs/admin.md#the-panel): on a phone a "Menu" under the page's title, on a desktop
 * the links in a bar across the top. It sends a signed-out visitor to sign in and a session that may not use the panel
 * yet to /admin/seguranca (ADR 027). `navigation={false}` while only that page is reachable.
 */
export function AdminShell(props: { title: string; children: ReactNode; navigation?: boolean }) {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  useEffect(() => {
    adminSession()
      .then((info) => {
        const restricted = info.mustChangePassword || (info.twoFactor.required && !info.twoFactor.enabled);
        if (restricted && pathname !== paths.adminSecurity) navigate(paths.adminSecurity, { replace: true });
      })
      .catch((error: unknown) => leaveOnRefusal(error, navigate));
  }, [navigate, pathname]);
  const navigation = props.navigation ?? true;

  return (
    <div className="mx-auto max-w-7xl px-4 py-4 lg:py-6">
      {/* A bar across the top on a desktop: the pages keep the whole width (the orders' columns need it). */}
      {navigation && (
        <nav aria-label="Painel" className="mb-4 hidden border-b border-slate-200 pb-2 lg:block">
          <AdminNavLinks />
        </nav>
      )}
      <main id="conteudo" className="min-w-0">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <h1 className="text-2xl font-extrabold text-slate-900">{props.title}</h1>
          {navigation && (
            <details className="group w-full lg:hidden">
              <summary className="flex min-h-11 cursor-pointer list-none items-center justify-center rounded-full border-2 border-fuchsia-700 px-6 font-semibold text-fuchsia-800">
                <span className="group-open:hidden">Menu do painel</span>
                <span className="hidden group-open:inline">Fechar menu</span>
              </summary>
              <nav aria-label="Painel" className="mt-2 rounded-2xl bg-white p-2 ring-1 ring-slate-200">
                <AdminNavLinks />
              </nav>
            </details>
          )}
        </div>
        {props.children}
      </main>
    </div>
  );
}
