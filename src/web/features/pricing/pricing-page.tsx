import { Link } from '../../router/link';
import { useSearchParams } from '../../router/router';
import { formatBRL } from '#shared/money.ts';
import { lowestPackageCents, lowestPlanCents } from '#shared/pricing.ts';
import { PageShell } from '../../components/layout/page-shell';
import { useCatalogue } from '../../lib/boot';
import { buttonPrimary, buttonSecondary, container, sectionLead } from '../../components/ui/styles';
import { PlansSection } from '../plans';
import { OneTimeCatalogue } from './one-time-catalogue';
import { paths } from '../../paths';

const choiceCard =
  'flex min-h-40 flex-col justify-center rounded-3xl bg-white p-6 text-left shadow-sm ring-1 ring-slate-200 transition hover:ring-2 hover:ring-fuchsia-700 focus-visible:outline focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-fuchsia-700';

/** /precos: first the choice one-time or monthly (docs/product.md#pages); the choice lives in the URL. */
export function PricingPage() {
  const params = useSearchParams();
  const catalogue = useCatalogue();
  const choice = params.get('tipo');

  return (
    <PageShell backLink>
      <div id="produtos" className="pb-8 pt-10">
        {choice === 'avulso' || choice === 'mensal' ? (
          <>
            <div className={container}>
              <Link
                to={paths.pricing}
                className="font-semibold text-fuchsia-800 underline-offset-4 hover:underline"
              >
                ← Voltar à escolha
              </Link>
              {choice === 'avulso' && (
                <>
                  <h1 className="mt-4 text-4xl font-extrabold text-slate-900">Pacotes avulsos</h1>
                  <p className={sectionLead}>Pagamento único, sem assinatura.</p>
                </>
              )}
            </div>
            {choice === 'avulso' ? (
              <OneTimeCatalogue />
            ) : (
              <div className="mt-4">
                <PlansSection headingLevel={1} />
              </div>
            )}
          </>
        ) : (
          <div className={container}>
            <h1 className="text-4xl font-extrabold text-slate-900">Escolha como quer crescer</h1>
            <p className={sectionLead}>
              Um pacote avulso para agora, ou um plano mensal para crescer todo dia.
            </p>
            <div className="mt-8 grid gap-6 md:grid-cols-2">
              <Link to={paths.pricingOneTime} className={choiceCard}>
                <span className="text-2xl font-extrabold text-slate-900">Compra única</span>
                <span className="mt-2 text-slate-700">
                  Seguidores, curtidas ou visualizações em um pacote só. A partir de{' '}
                  {formatBRL(lowestPackageCents(catalogue))}.
                </span>
                <span className={`${buttonPrimary} mt-4 self-start`}>Ver pacotes</span>
              </Link>
              <Link to={paths.pricingPlans} className={choiceCard}>
                <span className="text-2xl font-extrabold text-slate-900">Plano mensal</span>
                <span className="mt-2 text-slate-700">
                  Crescimento diário e gradual, com garantia de 7 dias. A partir de{' '}
                  {formatBRL(lowestPlanCents(catalogue))}/mês.
                </span>
                <span className={`${buttonSecondary} mt-4 self-start`}>Ver planos</span>
              </Link>
            </div>
          </div>
        )}
      </div>
    </PageShell>
  );
}
