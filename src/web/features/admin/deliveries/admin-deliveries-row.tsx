import { useCallback, useEffect, useState } from 'react';
import type { AdminOrder } from '#shared/schemas/admin.ts';
import type { AdminDelivery } from '#shared/schemas/deliveries.ts';
import { orderDeliveries } from '../admin-api';
import { AdminDeliveryItem } from './admin-delivery-item';
import { Failure, failureText } from '../admin-failure';

/** Why an order has no delivery: not paid yet, or paid after it was cancelled (its money waits for the owner). */
const noDelivery = (order: Pick<AdminOrder, 'status' | 'paymentStatus'>) =>
  order.paymentStatus === 'unpaid' || order.paymentStatus === 'failed'
    ? 'Nenhuma entrega: o pedido ainda não foi pago.'
    : order.status === 'cancelado'
      ? 'Nenhuma entrega: o pedido foi cancelado.'
      : 'Nenhuma entrega.';

/** An order's deliveries under its row in the panel's list. */
export function AdminDeliveriesRow({
  order,
  onChanged,
}: {
  order: Pick<AdminOrder, 'id' | 'status' | 'paymentStatus'>;
  onChanged: () => void;
}) {
  const orderId = order.id;
  const [deliveries, setDeliveries] = useState<AdminDelivery[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setDeliveries((await orderDeliveries(orderId)).deliveries);
      setFailure(null);
    } catch (error) {
      setFailure(failureText(error));
    }
  }, [orderId]);
  useEffect(() => {
    void load();
  }, [load]);
  return (
    <tr className="bg-slate-50 max-md:block">
      <td colSpan={9} className="px-3 max-md:block py-2 text-sm">
        {failure ? <Failure text={failure} /> : deliveries === null && 'Carregando…'}
        {deliveries?.length === 0 && noDelivery(order)}
        {deliveries && deliveries.length > 0 && (
          <ul className="space-y-2">
            {deliveries.map((d) => (
              <AdminDeliveryItem
                key={d.id}
                delivery={d}
                onChanged={() => {
                  void load();
                  onChanged();
                }}
              />
            ))}
          </ul>
        )}
      </td>
    </tr>
  );
}
