import { Link } from '../../router/link';
import { paths } from '../../paths';

/** Error screens on order pages link to the lookup (docs/product.md#pages). */
export function OrderError({ message }: { message: string }) {
  return (
    <div role="alert" className="mt-6 rounded-2xl bg-red-50 p-6 text-red-900 ring-1 ring-red-200">
      <p className="font-semibold">{message}</p>
      <Link to={paths.lookup} className="mt-3 inline-block font-semibold underline">
        Consultar compra por e-mail
      </Link>
    </div>
  );
}
