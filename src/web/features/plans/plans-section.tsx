import { planGuaranteeDays } from '#shared/catalogue.ts';
import { Accordion } from '../../components/ui/accordion';
import { container, sectionLead, sectionTitle } from '../../components/ui/styles';
import { PlanCards } from './plan-cards';

const planSteps = [
  'Você assina o plano e informa o @ do perfil.',
  'Todo dia o seu perfil recebe novos seguidores e, nos planos Simples e Avançado, interações nas publicações.',
  'A cobrança é mensal, no cartão ou por PIX. Para cancelar, basta falar com a gente no WhatsApp.',
];

const planFaq = [
  {
    question: 'Posso cancelar quando quiser?',
    answer: 'Sim. O cancelamento é feito pelo WhatsApp e as cobranças seguintes deixam de acontecer.',
  },
  {
    question: 'Como funciona a garantia de 7 dias?',
    answer: `Se não ficar satisfeito, peça o reembolso em até ${planGuaranteeDays} dias após a primeira cobrança e devolvemos o valor integral.`,
  },
  {
    question: 'O crescimento é imediato?',
    answer:
      'Não: ele é diário e gradual, para parecer natural. As quantidades por dia variam dentro das faixas de cada plano.',
  },
];

export function PlansSection({ headingLevel = 2 }: { headingLevel?: 1 | 2 }) {
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <section
      id="planos"
      aria-labelledby="planos-titulo"
      className="scroll-mt-[calc(5rem+var(--test-banner,0px))] bg-slate-50 py-16"
    >
      <div className={container}>
        <Heading id="planos-titulo" className={sectionTitle}>
          Planos mensais
        </Heading>
        <p className={sectionLead}>Crescimento contínuo, todos os dias, com cobrança mensal.</p>
        <div className="mt-10">
          <PlanCards />
        </div>
        <div className="mt-12 grid gap-8 md:grid-cols-2">
          <div>
            <h3 className="text-xl font-bold text-slate-900">Como funciona o plano</h3>
            <ol className="mt-4 list-decimal space-y-2 pl-5 text-slate-800">
              {planSteps.map((step) => (
                <li key={step}>{step}</li>
              ))}
            </ol>
          </div>
          <div className="rounded-2xl bg-green-50 p-6 ring-1 ring-green-200">
            <h3 className="text-xl font-bold text-green-900">
              Garantia de satisfação de {planGuaranteeDays} dias
            </h3>
            <p className="mt-2 text-green-900">
              Não gostou? Em até {planGuaranteeDays} dias da primeira cobrança, devolvemos 100% do valor. Sem
              perguntas difíceis — é só chamar no WhatsApp.
            </p>
          </div>
        </div>
        <div className="mt-12 max-w-3xl">
          <h3 className="text-xl font-bold text-slate-900">Dúvidas sobre os planos</h3>
          <div className="mt-4">
            <Accordion items={planFaq} />
          </div>
        </div>
      </div>
    </section>
  );
}
