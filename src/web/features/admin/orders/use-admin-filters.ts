import { useCallback, useEffect, useRef, useState } from 'react';
import { periods } from '#shared/schemas/admin.ts';
import { oneOf } from '#shared/one-of.ts';
import { adminFiltered, type paths } from '#web/paths.ts';
import { useNavigate, useSearchParams } from '#web/router/router.tsx';

/**
 * The filters in the URL of a page of the panel (text, status, period: "Pedidos" and "Vendas"), and its data
 * read for them: only the newest answer is shown (an older one may arrive last). A signed-out visitor is sent
 * away by the panel's frame (admin-shell.tsx); here a failure offers "Tentar novamente".
 */
export function useAdminFilters<T>(
  page: typeof paths.adminOrders | typeof paths.adminSales,
  read: (query: string) => Promise<T>,
) {
  const navigate = useNavigate();
  const params = useSearchParams();
  const search = params.toString();
  const period = oneOf(periods, params.get('period')) ?? 'month';
  const [data, setData] = useState<T | null>(null);
  const [failed, setFailed] = useState(false);

  const latestLoad = useRef(0);
  const load = useCallback(async () => {
    const loadId = ++latestLoad.current;
    setFailed(false);
    try {
      const answer = await read(search);
      if (loadId === latestLoad.current) setData(answer);
    } catch {
      if (loadId === latestLoad.current) setFailed(true);
    }
  }, [search, read]);

  useEffect(() => {
    void load();
  }, [load]);

  const setFilters = (patch: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [key, value] of Object.entries(patch)) {
      if (value) next.set(key, value);
      else next.delete(key);
    }
    if (!('page' in patch)) next.delete('page');
    navigate(adminFiltered(page, next.toString()), { replace: true });
  };
  const clear = () => navigate(adminFiltered(page, `period=${period}`), { replace: true });
  return { params, search, period, data, failed, load, setFilters, clear };
}
