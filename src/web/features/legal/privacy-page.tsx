import { useShop } from '../../lib/boot';
import { LegalLayout } from './legal-layout';

export function PrivacyPage() {
  const shop = useShop();
  return (
    <LegalLayout title="Política de Privacidade">
      <p>
        Esta política explica como {shop.legalName} (CNPJ {shop.cnpj}), controladora dos dados, trata as suas
        informações pessoais, em conformidade com a Lei Geral de Proteção de Dados (Lei nº 13.709/2018 –
        LGPD).
      </p>
      <h2>Quais dados coletamos</h2>
      <ul>
        <li>Dados do pedido: nome, e-mail, WhatsApp, CPF, @ do Instagram e links de publicações.</li>
        <li>Endereço, apenas quando o intermediador de pagamento o exige.</li>
        <li>
          O @ do Instagram e o e-mail informados ao escolher um pacote, antes do pagamento, para preencher o
          pedido e oferecer ajuda se a compra não for concluída.
        </li>
        <li>
          Dados de navegação do funil de compra (página visitada, navegador e origem), sem guardar o seu
          endereço IP.
        </li>
      </ul>
      <p>
        Nunca pedimos a senha do seu Instagram. Os dados do cartão são enviados diretamente ao intermediador
        de pagamento e não são armazenados por nós.
      </p>
      <h2>Para que usamos</h2>
      <ul>
        <li>
          Executar o contrato: entregar o serviço, enviar o código de compra e prestar suporte (art. 7º, V).
        </li>
        <li>Cumprir obrigações legais e fiscais (art. 7º, II).</li>
        <li>
          Oferecer ajuda a quem começou uma compra e não concluiu, pelo e-mail informado (legítimo interesse,
          art. 7º, IX).
        </li>
        <li>Medir e melhorar o site, com o seu consentimento para cookies não essenciais (art. 7º, I).</li>
      </ul>
      <h2>Com quem compartilhamos</h2>
      <p>
        Com o intermediador de pagamento (para processar PIX e cartões), com o provedor de e-mail e com a
        hospedagem do site. Não vendemos dados pessoais.
      </p>
      <h2>Por quanto tempo guardamos</h2>
      <p>
        Valores, datas e códigos dos pedidos são mantidos por 5 anos, prazo exigido pela legislação fiscal e
        de defesa do consumidor; os dados pessoais de pedidos feitos sem conta (nome, e-mail, WhatsApp, CPF, @
        e links) são anonimizados após {shop.retentionMonths} meses. Quem tem conta pode baixar ou excluir os
        próprios dados em Meu painel, a qualquer momento. Dados de navegação são mantidos por até 13 meses. O
        @ e o e-mail de uma compra não concluída são apagados 90 dias após a última visita.
      </p>
      <h2>Seus direitos</h2>
      <p>
        Você pode pedir confirmação, acesso, correção, anonimização, portabilidade ou eliminação dos seus
        dados e revogar o consentimento a qualquer momento, escrevendo para{' '}
        <a href={`mailto:${shop.privacyEmail}`}>{shop.privacyEmail}</a>. Respondemos em até 15 dias. Você
        também pode reclamar à Autoridade Nacional de Proteção de Dados (ANPD).
      </p>
      <h2>Segurança</h2>
      <p>
        Usamos conexão criptografada, senhas guardadas com hash e acesso restrito ao painel administrativo. Em
        caso de incidente relevante, avisaremos os titulares e a ANPD.
      </p>
    </LegalLayout>
  );
}
