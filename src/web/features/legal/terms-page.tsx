import { Link } from '../../router/link';
import { useShop } from '../../lib/boot';
import { paths } from '../../paths';
import { LegalLayout } from './legal-layout';

export function TermsPage() {
  const shop = useShop();
  return (
    <LegalLayout title="Termos de Uso">
      <p>
        Estes termos regem a compra de serviços de otimização de audiência para Instagram oferecidos por{' '}
        {shop.legalName} (CNPJ {shop.cnpj}), com sede em {shop.address}. Ao comprar, você concorda com eles.
      </p>
      <h2>O serviço</h2>
      <p>
        Oferecemos pacotes avulsos de seguidores, curtidas e visualizações e planos mensais. Para executar o
        serviço precisamos apenas do @ do perfil e, quando aplicável, do link da publicação. Nunca pedimos
        senha.
      </p>
      <h2>Suas responsabilidades</h2>
      <ul>
        <li>Informar um @ e links corretos e manter o perfil público durante a entrega.</li>
        <li>Não alterar o @ do perfil enquanto o pedido estiver em andamento.</li>
        <li>Usar o serviço de acordo com as regras do Instagram, pelas quais você é responsável.</li>
      </ul>
      <h2>Preços e pagamento</h2>
      <p>
        Os preços são os exibidos em <Link to={paths.pricing}>Preços</Link> no momento da compra, em reais.
        Você pode pagar por PIX, cartão de crédito (até 12x) ou débito. Pedidos acima de R$ 150,00 são
        finalizados com atendimento pelo WhatsApp.
      </p>
      <h2>Disponibilidade</h2>
      <p>
        A capacidade diária de entrega é limitada. Em dias de alta procura o início pode levar até 48 horas.
        Se não pudermos entregar, devolvemos o valor integral.
      </p>
      <h2>Resultados</h2>
      <p>
        Resultados variam de perfil para perfil e não são garantidos. Não somos afiliados ao Instagram nem à
        Meta. Veja o <Link to={paths.disclaimer}>Aviso Legal</Link>.
      </p>
      <h2>Planos mensais</h2>
      <p>
        A cobrança é mensal e renovada automaticamente. O cancelamento é feito pelo WhatsApp e vale para as
        cobranças seguintes. Há garantia de satisfação de 7 dias a partir da primeira cobrança.
      </p>
      <h2>Direito de arrependimento</h2>
      <p>
        Nas compras pela internet você pode desistir em até 7 dias (art. 49 do Código de Defesa do
        Consumidor). Se a entrega já tiver começado a pedido seu, devolvemos o valor proporcional ao que não
        foi entregue. Veja a <Link to={paths.refund}>Política de Reembolso</Link>.
      </p>
      <h2>Foro</h2>
      <p>Fica eleito o foro do domicílio do consumidor.</p>
    </LegalLayout>
  );
}
