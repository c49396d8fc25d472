import { useEffect } from 'react';
import { messages } from '#shared/messages.ts';
import { PageShell } from '../../components/layout/page-shell';
import { container } from '../../components/ui/styles';
import { useNavigate, useSearchParams } from '../../router/router';
import { OrderError } from './order-error';
import { orderPage } from '../../paths';

/** /order-details?id=… (the old link printed after a PIX) → /order/{id}. */
export function OrderDetailsRedirectPage() {
  const id = useSearchParams().get('id');
  const navigate = useNavigate();
  useEffect(() => {
    if (id) navigate(orderPage(id), { replace: true });
  }, [id, navigate]);
  return (
    <PageShell backLink>
      <div className={`${container} max-w-2xl py-10`}>
        {!id && <OrderError message={messages.order_id_missing} />}
      </div>
    </PageShell>
  );
}
