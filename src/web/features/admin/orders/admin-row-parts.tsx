import { useState } from 'react';
import { formatDateTime } from '#shared/dates.ts';
import type { AdminAuditEntry } from '#shared/schemas/admin.ts';
import { historyText } from './history-labels';

/**
 * The short id (first 6 characters, docs/product.md#admin-panel); a click copies the whole id and says so for
 * 2 s.
 */
export function CopyIdButton({ id }: { id: string }) {
  const [copied, setCopied] = useState(false);
  return (
    <button
      type="button"
      title="Copiar id"
      aria-label={`Copiar id ${id.slice(0, 6)}`}
      className="underline"
      onClick={() => {
        void navigator.clipboard?.writeText(id).catch(() => undefined);
        setCopied(true);
        window.setTimeout(() => setCopied(false), 2000);
      }}
    >
      {copied ? 'Copiado!' : id.slice(0, 6)}
    </button>
  );
}

/** The order's audit trail under its row: who changed what, when. */
export function AuditRow({ audit }: { audit: AdminAuditEntry[] }) {
  return (
    <tr className="bg-slate-50 max-md:block">
      <td colSpan={9} className="px-3 max-md:block py-2 text-sm">
        {audit.length === 0
          ? 'Sem alterações registradas.'
          : audit.map((a) => (
              <div key={a.id}>
                {formatDateTime(new Date(a.createdAt))} · {a.actor} · {historyText(a)}
              </div>
            ))}
      </td>
    </tr>
  );
}
