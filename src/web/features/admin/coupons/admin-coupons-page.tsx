import { AdminShell } from '../admin-shell';
import { AdminCoupons } from './admin-coupons';

/** /admin/cupons (docs/coupons.md): the coupons with their results, a new coupon, the PIX discount. */
export function AdminCouponsPage() {
  return (
    <AdminShell title="Cupons">
      <AdminCoupons />
    </AdminShell>
  );
}
