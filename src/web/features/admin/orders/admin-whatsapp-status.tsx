import type { AdminOrder } from '#shared/schemas/admin.ts';

/** The order's WhatsApp messages (docs/whatsapp.md): each one's state, a failure with Meta's code. */
export function AdminWhatsappStatus({ order }: { order: AdminOrder }) {
  const sent = order.whatsappMessages ?? [];
  if (sent.length === 0 && !order.whatsappOptedOut) return null;
  return (
    <ul className="mt-1 text-xs text-slate-700" aria-label="Mensagens no WhatsApp">
      {order.whatsappOptedOut && <li className="font-semibold text-red-800">Respondeu PARAR</li>}
      {sent.map((m) => (
        <li key={m.kind} title={m.errorText ?? undefined}>
          {m.label}: <span className={m.state === 'failed' ? 'text-red-800' : ''}>{m.stateLabel}</span>
          {m.errorCode !== null && m.state !== 'sent' && ` (${m.errorCode})`}
          {m.state === 'skipped' && m.errorText && ` – ${m.errorText}`}
        </li>
      ))}
    </ul>
  );
}
