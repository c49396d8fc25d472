import { Link } from '../../router/link';
import { paths } from '../../paths';
import { buttonPrimary, container } from '../../components/ui/styles';

export function ClosingCta() {
  return (
    <section aria-labelledby="cta-titulo" className="py-16">
      <div className={`${container} text-center`}>
        <h2 id="cta-titulo" className="text-3xl font-extrabold text-slate-900">
          Pronto para dar o próximo passo?
        </h2>
        <p className="mx-auto mt-3 max-w-xl text-lg text-slate-700">
          Escolha um pacote avulso ou um plano mensal e comece hoje mesmo.
        </p>
        <Link to={paths.pricing} className={`${buttonPrimary} mt-8`}>
          Quero impulsionar meu perfil
        </Link>
        <p className="mt-3 text-sm text-slate-600">
          Resultados variam de perfil para perfil e não são garantidos.
        </p>
      </div>
    </section>
  );
}
