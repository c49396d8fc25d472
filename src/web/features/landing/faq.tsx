import { Accordion, type AccordionItem } from '../../components/ui/accordion';
import { container, sectionTitle } from '../../components/ui/styles';
import { useCatalogue } from '../../lib/boot';
import { everyProductGuaranteed, guaranteeSummary } from '#shared/guarantee.ts';
import type { Product } from '#shared/catalogue.ts';

const guaranteeAnswer = (products: readonly Product[]) =>
  products.some((p) => p.guaranteeDays > 0)
    ? `${guaranteeSummary(products)}. Basta nos chamar no WhatsApp.`
    : `${guaranteeSummary(products)}.`;

/** The questions, with the guarantee in the catalogue's days (docs/product.md#guarantee). */
const faqItems = (products: readonly Product[]): AccordionItem[] => [
  {
    question: 'Vocês pedem a senha do meu Instagram?',
    answer:
      'Nunca. Precisamos apenas do @ do perfil e, para curtidas e visualizações, do link da publicação.',
  },
  {
    question: 'Em quanto tempo a entrega começa?',
    answer:
      'O processamento começa em 1 a 24 horas após a confirmação do pagamento. Pacotes de seguidores são ativados em 24 a 48 horas e entregues de forma gradual.',
  },
  {
    question: 'Os seguidores são brasileiros?',
    answer: 'Sim. Trabalhamos com otimização de audiência focada em público brasileiro.',
  },
  {
    question: 'Meu perfil precisa estar público?',
    answer: 'Sim, durante a entrega o perfil precisa estar público para que as interações cheguem até ele.',
  },
  {
    question: 'Quais são as formas de pagamento?',
    answer:
      'PIX com QR Code, cartão de crédito em até 12x e cartão de débito. Pedidos acima de R$ 150,00 são finalizados com atendimento pelo WhatsApp.',
  },
  {
    question: everyProductGuaranteed(products)
      ? 'E se eu perder seguidores depois?'
      : 'Há garantia de reposição?',
    answer: guaranteeAnswer(products),
  },
  {
    question: 'Como consulto o meu pedido?',
    answer: 'Em "Consultar Compra", com o e-mail usado na compra e o código de compra que enviamos a você.',
  },
  {
    question: 'Posso pedir reembolso?',
    answer:
      'Sim, se o pedido não puder ser entregue. A análise leva até 48 horas; o estorno leva 1 a 2 dias úteis no PIX, 5 a 10 no cartão de crédito e 3 a 7 no débito.',
  },
];

export function Faq() {
  const { products } = useCatalogue();
  return (
    <section
      id="faq"
      aria-labelledby="faq-titulo"
      className="scroll-mt-[calc(5rem+var(--test-banner,0px))] py-16"
    >
      <div className={`${container} max-w-3xl`}>
        <h2 id="faq-titulo" className={sectionTitle}>
          Perguntas frequentes
        </h2>
        <div className="mt-8">
          <Accordion items={faqItems(products)} />
        </div>
      </div>
    </section>
  );
}
