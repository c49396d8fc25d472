import { useCallback, useEffect, useRef, useState } from 'react';
import {
  periods,
  type AdminFunnel,
  type AdminMetrics,
  type AdminOrder,
  type SalesChart,
} from '#shared/schemas/admin.ts';
import { oneOf } from '#shared/one-of.ts';
import { adminDashboard, adminOrders } from './admin-api';
import { leaveOnRefusal } from './admin-load-failed';
import { useNavigate, useSearchParams } from '../../router/router';
import { adminPanel } from '../../paths';

export interface PanelData {
  metrics: AdminMetrics;
  funnel: AdminFunnel;
  sales: SalesChart;
  orders: AdminOrder[];
  total: number;
  pageSize: number;
}

/**
 * The panel's data for the filters in the URL: loads cards, funnel and the order page together, shows
 * only the newest answer (an older one may arrive last), and sends a signed-out operator to sign in.
 */
export function useAdminPanel() {
  const navigate = useNavigate();
  const params = useSearchParams();
  const search = params.toString();
  const period = oneOf(periods, params.get('period')) ?? 'month';
  const page = Number(params.get('page') ?? '1');
  const [data, setData] = useState<PanelData | null>(null);
  const [failed, setFailed] = useState(false);

  // Edits reload the panel; only the newest answer is shown (an older one may arrive last).
  const latestLoad = useRef(0);
  const load = useCallback(async () => {
    const loadId = ++latestLoad.current;
    setFailed(false);
    try {
      const [dashboard, list] = await Promise.all([adminDashboard(search), adminOrders(search)]);
      if (loadId === latestLoad.current) setData({ ...dashboard, ...list });
    } catch (error) {
      if (loadId !== latestLoad.current) return;
      if (!leaveOnRefusal(error, navigate)) setFailed(true);
    }
  }, [search, navigate]);

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
    navigate(adminPanel(next.toString()), { replace: true });
  };
  return { params, search, period, page, data, failed, load, setFilters, navigate };
}
