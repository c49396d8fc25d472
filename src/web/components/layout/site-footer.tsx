import { Link } from '../../router/link';
import { useShop } from '../../lib/boot';
import { useWhatsappLink } from '../../lib/whatsapp';
import { paths } from '../../paths';
import { container } from '../ui/styles';

const legalLinks = [
  { to: paths.privacy, label: 'Política de Privacidade' },
  { to: paths.terms, label: 'Termos de Uso' },
  { to: paths.refund, label: 'Política de Reembolso' },
  { to: paths.delivery, label: 'Prazos de Entrega' },
  { to: paths.cookies, label: 'Política de Cookies' },
  { to: paths.disclaimer, label: 'Aviso Legal' },
  { to: paths.contact, label: 'Contato' },
];

function formatPhone(digits: string): string {
  const local = digits.replace(/^55/, '');
  return `(${local.slice(0, 2)}) ${local.slice(2, local.length - 4)}-${local.slice(-4)}`;
}

export function SiteFooter() {
  const shop = useShop();
  const whatsapp = useWhatsappLink();
  return (
    <footer className="mt-16 bg-slate-900 text-slate-200">
      <div className={`${container} grid gap-10 py-12 md:grid-cols-3`}>
        <div>
          <p className="text-xl font-extrabold text-white">{shop.name}</p>
          <p className="mt-3 text-sm">
            Crescimento para Instagram com público brasileiro. Nunca pedimos a senha do seu perfil.
          </p>
          <p className="mt-4 text-sm">Formas de pagamento</p>
          <ul className="mt-2 flex gap-2" aria-label="Formas de pagamento aceitas">
            <li className="rounded-md bg-white px-3 py-1 text-xs font-bold text-teal-800">PIX</li>
            <li className="rounded-md bg-white px-3 py-1 text-xs font-bold text-blue-900">CARTÃO</li>
          </ul>
        </div>
        <nav aria-label="Informações legais">
          <p className="font-semibold text-white">Informações</p>
          <ul className="mt-3 space-y-2 text-sm">
            {legalLinks.map((link) => (
              <li key={link.to}>
                <Link to={link.to} className="hover:text-white hover:underline">
                  {link.label}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="text-sm">
          <p className="font-semibold text-white">Atendimento</p>
          <ul className="mt-3 space-y-1">
            <li>
              WhatsApp:{' '}
              <a
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                className="underline hover:text-white"
              >
                {formatPhone(shop.whatsappNumber)}
              </a>
            </li>
            <li>
              E-mail:{' '}
              <a href={`mailto:${shop.supportEmail}`} className="underline hover:text-white">
                {shop.supportEmail}
              </a>
            </li>
            {shop.supportHours.map((line) => (
              <li key={line}>{line}</li>
            ))}
            <li>{shop.replyWithin}</li>
          </ul>
        </div>
      </div>
      <div className="border-t border-slate-700">
        <div className={`${container} space-y-1 py-6 text-xs text-slate-300`}>
          <p>
            {shop.legalName} · CNPJ {shop.cnpj}
          </p>
          <p>{shop.address}</p>
          <p>
            Resultados variam de perfil para perfil e não são garantidos. {shop.name} não é afiliada ao
            Instagram nem à Meta.
          </p>
        </div>
      </div>
    </footer>
  );
}
