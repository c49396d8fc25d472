import { Accordion } from '../../components/ui/accordion';
import { PageShell } from '../../components/layout/page-shell';
import { WhatsappIcon } from '../../components/ui/icons';
import { buttonPrimary, buttonWhatsapp, container } from '../../components/ui/styles';
import { useCatalogue } from '../../lib/boot';
import { useWhatsappLink } from '../../lib/whatsapp';
import { paths } from '../../paths';
import { Link } from '../../router/link';

const reasons = [
  'O pagamento não foi concluído ou o tempo do PIX acabou.',
  'O cartão foi recusado pelo banco (limite, dados ou segurança).',
  'A página foi fechada antes da confirmação.',
];

const methods = [
  'PIX: aprovação na hora, com QR Code ou copia e cola.',
  'Cartão de crédito em até 12x.',
  'Cartão de débito, na página segura do intermediador.',
];

const faq = [
  {
    question: 'Fui cobrado mesmo com a compra cancelada?',
    answer:
      'Se o valor saiu da sua conta, o pedido é confirmado automaticamente. Se não, nenhuma cobrança foi feita. Em dúvida, fale com a gente com o comprovante.',
  },
  {
    question: 'Posso tentar de novo?',
    answer: 'Sim: volte aos preços, escolha o pacote e pague com outro método se preferir.',
  },
];

/** The PIX question, with the discount the owner set in the panel (issue 13) when there is one. */
const pixQuestion = (percent: number) => ({
  question: 'Por que pagar com PIX?',
  answer: `É imediato e não depende de limite do cartão${percent ? `, e no PIX você tem ${percent}% de desconto` : ''}.`,
});

/** /cancelado: help after an abandoned or failed payment (docs/product.md#pages). */
export function CancelledPage() {
  const whatsapp = useWhatsappLink('Olá! Minha compra não foi concluída. Podem me ajudar?');
  const pixPercent = useCatalogue().pixDiscountPercent;
  return (
    <PageShell backLink>
      <div className={`${container} max-w-2xl py-10`}>
        <h1 className="text-3xl font-extrabold text-slate-900">Compra não concluída</h1>
        <p className="mt-3 text-lg text-slate-700">
          Nenhum problema: você pode tentar novamente quando quiser.
        </p>
        <h2 className="mt-8 text-xl font-bold text-slate-900">O que pode ter acontecido</h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
          {reasons.map((r) => (
            <li key={r}>{r}</li>
          ))}
        </ul>
        <h2 className="mt-8 text-xl font-bold text-slate-900">Formas de pagamento</h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-slate-800">
          {methods.map((m) => (
            <li key={m}>{m}</li>
          ))}
        </ul>
        {pixPercent > 0 && (
          <p className="mt-4 rounded-2xl bg-green-50 p-4 text-green-900 ring-1 ring-green-200">
            Prefere PIX? Pagando com PIX você tem <strong>{pixPercent}% de desconto</strong>.
          </p>
        )}
        <div className="mt-6 flex flex-col gap-3 sm:flex-row">
          <Link to={paths.pricing} className={buttonPrimary}>
            Tentar novamente
          </Link>
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonWhatsapp}>
            <WhatsappIcon />
            Falar no WhatsApp
          </a>
        </div>
        <h2 className="mt-10 text-xl font-bold text-slate-900">Dúvidas</h2>
        <div className="mt-3">
          <Accordion items={[...faq, pixQuestion(pixPercent)]} />
        </div>
      </div>
    </PageShell>
  );
}
