import { WhatsappIcon } from '../../components/ui/icons';
import { buttonWhatsapp } from '../../components/ui/styles';
import { useShop } from '../../lib/boot';
import { useWhatsappLink } from '../../lib/whatsapp';
import { LegalLayout } from './legal-layout';

export function ContactPage() {
  const shop = useShop();
  const whatsapp = useWhatsappLink();
  return (
    <LegalLayout title="Contato">
      <p>O jeito mais rápido de falar com a gente é pelo WhatsApp, 24 horas por dia.</p>
      <p>
        <a href={whatsapp} target="_blank" rel="noopener noreferrer" className={buttonWhatsapp}>
          <WhatsappIcon />
          Falar no WhatsApp
        </a>
      </p>
      <h2>Horário de atendimento</h2>
      <ul>
        {shop.supportHours.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
      <p>{shop.replyWithin}</p>
      <h2>Outros canais</h2>
      <p>
        E-mail: <a href={`mailto:${shop.supportEmail}`}>{shop.supportEmail}</a>
      </p>
      <p>
        {shop.legalName} · CNPJ {shop.cnpj}
        <br />
        {shop.address}
      </p>
    </LegalLayout>
  );
}
