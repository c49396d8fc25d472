import { container, sectionLead, sectionTitle } from '../../components/ui/styles';

const steps = [
  {
    title: 'Escolha a metodologia',
    text: 'Pacote avulso de seguidores, curtidas ou visualizações, ou um plano mensal.',
  },
  {
    title: 'Informe só o @ do Instagram',
    text: 'Nunca pedimos senha nem acesso à sua conta. Para curtidas e visualizações, o link da publicação.',
  },
  {
    title: 'Pague por PIX ou cartão',
    text: 'PIX com QR Code, cartão de crédito em até 12x ou cartão de débito.',
  },
  {
    title: 'Acompanhe os resultados',
    text: 'A entrega começa em até 24h e você consulta o pedido quando quiser.',
  },
];

export function HowItWorks() {
  return (
    <section
      id="como-funciona"
      aria-labelledby="como-funciona-titulo"
      className="scroll-mt-[calc(5rem+var(--test-banner,0px))] py-16"
    >
      <div className={container}>
        <h2 id="como-funciona-titulo" className={sectionTitle}>
          Como funciona
        </h2>
        <p className={sectionLead}>Quatro passos, sem complicação.</p>
        <ol className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
          {steps.map((step, index) => (
            <li key={step.title} className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
              <span
                aria-hidden="true"
                className="flex h-10 w-10 items-center justify-center rounded-full bg-fuchsia-700 font-bold text-white"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 text-lg font-bold text-slate-900">
                <span className="sr-only">Passo {index + 1}: </span>
                {step.title}
              </h3>
              <p className="mt-2 text-slate-700">{step.text}</p>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
