import { useCallback, useEffect, useState } from 'react';
import { AdminDeliveryItem } from './admin-delivery-item';
import { fulfilmentAttention, type FulfilmentAttention } from '../admin-api';
import { Failure, failureText } from '../admin-failure';

/** "Precisam de atenção": deliveries a person must decide (issue 11), with their actions. */
export function AdminFulfilment() {
  const [data, setData] = useState<FulfilmentAttention | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setData(await fulfilmentAttention());
      setFailure(null);
    } catch (error) {
      setFailure(failureText(error));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);
  if (!data) return <Failure text={failure} />;
  const alert = data.count > 0;
  return (
    <section
      aria-labelledby="atencao"
      className={`mt-4 rounded-2xl p-4 ring-1 ${alert ? 'bg-amber-50 ring-amber-300' : 'bg-white ring-slate-200'}`}
    >
      <h2 id="atencao" className="text-lg font-bold text-slate-900">
        Precisam de atenção: <span data-testid="attention-count">{data.count}</span>
      </h2>
      {alert && (
        <ul className="mt-3 space-y-2">
          {data.deliveries.map((d) => (
            <AdminDeliveryItem key={d.id} delivery={d} onChanged={() => void load()} />
          ))}
        </ul>
      )}
    </section>
  );
}
