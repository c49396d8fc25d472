import { CheckIcon, WhatsappIcon } from '../../components/ui/icons';
import { buttonWhatsapp, container, sectionTitle } from '../../components/ui/styles';
import { useCatalogue, useShop } from '../../lib/boot';
import { guaranteeSummary } from '#shared/guarantee.ts';
import { useWhatsappLink } from '../../lib/whatsapp';

const protections = (guarantee: string) => [
  'Nunca pedimos a senha do seu Instagram',
  'Pagamento processado por intermediador certificado',
  'Dados protegidos conforme a LGPD',
  guarantee,
  'Reembolso se o pedido não puder ser entregue',
];

export function Support() {
  const whatsapp = useWhatsappLink();
  const shop = useShop();
  const { products } = useCatalogue();
  return (
    <section aria-labelledby="suporte-titulo" className="bg-slate-50 py-16">
      <div className={`${container} grid gap-10 md:grid-cols-2`}>
        <div>
          <h2 id="suporte-titulo" className={sectionTitle}>
            Suporte 24/7 pelo WhatsApp
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            Mande sua mensagem a qualquer hora. Nossa equipe responde nos horários abaixo.
          </p>
          <ul className="mt-4 space-y-1 text-slate-800">
            {shop.supportHours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <p className="mt-2 font-semibold text-slate-900">{shop.replyWithin}</p>
          <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={`${buttonWhatsapp} mt-6`}>
            <WhatsappIcon />
            Falar com o suporte
          </a>
        </div>
        <div className="rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-200">
          <h3 className="text-lg font-bold text-slate-900">Suas proteções</h3>
          <ul className="mt-4 space-y-3">
            {protections(guaranteeSummary(products)).map((item) => (
              <li key={item} className="flex gap-3 text-slate-800">
                <CheckIcon className="mt-0.5 h-5 w-5 shrink-0 text-green-700" />
                {item}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </section>
  );
}
