import type { ReactNode } from 'react';
import { formatLongDate } from '#shared/dates.ts';
import { PageShell } from '../../components/layout/page-shell';
import { container } from '../../components/ui/styles';
import { useToday } from '../../lib/boot';

/**
 * Legal and info pages: back-to-site header and a date stamp that is always today
 * (docs/product.md#copy-honesty).
 */
export function LegalLayout({ title, children }: { title: string; children: ReactNode }) {
  const today = useToday();
  return (
    <PageShell backLink>
      <article className={`${container} max-w-3xl py-10`}>
        <h1 className="text-4xl font-extrabold text-slate-900">{title}</h1>
        <p className="mt-2 text-sm text-slate-600" data-testid="date-stamp">
          Atualizado em <time dateTime={today.toISOString().slice(0, 10)}>{formatLongDate(today)}</time>
        </p>
        <div className="legal-text mt-8 space-y-4 text-slate-800">{children}</div>
      </article>
    </PageShell>
  );
}
