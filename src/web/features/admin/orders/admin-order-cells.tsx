import { productKinds } from '#shared/catalogue.ts';
import { formatBRL, formatInteger } from '#shared/money.ts';
import type { AdminOrder } from '#shared/schemas/admin.ts';
import { serviceTitle } from '../../orders';
import { AdminWhatsappStatus } from './admin-whatsapp-status';

// The order row's read-only cells (admin-order-row.tsx holds the edits): who bought, what, and for how much.

/** Instagram, name, e-mail and WhatsApp of the buyer, with the WhatsApp messages' state. */
export function BuyerCell({ order }: { order: AdminOrder }) {
  return (
    <td className="py-2 pr-2 max-md:block max-md:py-1">
      <div className="font-semibold">@{order.instagram}</div>
      <div>{order.name}</div>
      <a className="text-fuchsia-800 underline" href={`mailto:${order.email}`}>
        {order.email}
      </a>
      <div>
        <a
          className="text-green-800 underline"
          href={`https://wa.me/55${order.whatsapp}`}
          target="_blank"
          rel="noopener noreferrer"
        >
          WhatsApp
        </a>
      </div>
      <AdminWhatsappStatus order={order} />
    </td>
  );
}

/** The package or plan, its quantity, the add-ons with their links and the post's link. */
export function ItemCell({ order }: { order: AdminOrder }) {
  return (
    <td className="py-2 pr-2 max-md:block max-md:py-1">
      <div>{serviceTitle(order)}</div>
      <div className="text-xs text-slate-700">Quantidade: {formatInteger(order.quantity)}</div>
      {order.addOns.map((a) => (
        <div key={a.product} className="text-xs text-slate-700">
          + {formatInteger(a.quantity)} {productKinds.find((p) => p.id === a.product)?.unitLabel ?? a.product}{' '}
          ({formatBRL(a.priceCents)})
          {order.addOnLinks[a.product] && (
            <>
              {' '}
              <a
                className="underline"
                href={order.addOnLinks[a.product]}
                target="_blank"
                rel="noopener noreferrer"
              >
                link
              </a>
            </>
          )}
        </div>
      ))}
      {order.postLink && (
        <a className="text-xs underline" href={order.postLink} target="_blank" rel="noopener noreferrer">
          Publicação
        </a>
      )}
    </td>
  );
}

/** What the buyer pays, with the coupon's and the PIX discount. */
export function TotalCell({ order }: { order: AdminOrder }) {
  return (
    <td className="py-2 pr-2 max-md:block max-md:py-1 font-semibold">
      {formatBRL(order.totalCents)}
      {order.couponCode && (
        <div className="text-xs font-normal text-green-800">
          Cupom {order.couponCode} −{formatBRL(order.couponDiscountCents)}
        </div>
      )}
      {order.pixDiscountCents > 0 && (
        <div className="text-xs font-normal text-green-800">PIX −{formatBRL(order.pixDiscountCents)}</div>
      )}
    </td>
  );
}
