import { Link } from '../../router/link';
import { messages } from '#shared/messages.ts';
import { PageShell } from '../../components/layout/page-shell';
import { buttonPrimary, container } from '../../components/ui/styles';
import { paths } from '../../paths';

export function NotFoundPage() {
  return (
    <PageShell>
      <section className={`${container} py-20 text-center`}>
        <p className="text-6xl font-extrabold text-fuchsia-800">404</p>
        <h1 className="mt-4 text-3xl font-extrabold text-slate-900">{messages.page_not_found}</h1>
        <p className="mt-3 text-lg text-slate-700">O endereço pode ter mudado ou não existir mais.</p>
        <Link to={paths.home} className={`${buttonPrimary} mt-8`}>
          Voltar para a página inicial
        </Link>
      </section>
    </PageShell>
  );
}
