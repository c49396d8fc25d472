import { useWhatsappLink } from '../../lib/whatsapp';
import { LegalLayout } from './legal-layout';

export function RefundPage() {
  const whatsapp = useWhatsappLink('Olá! Gostaria de pedir o reembolso de um pedido.');
  return (
    <LegalLayout title="Política de Reembolso">
      <h2>Quando você tem direito</h2>
      <ul>
        <li>Desistência em até 7 dias da compra (art. 49 do CDC).</li>
        <li>Pedido que não pudermos entregar, no todo ou em parte (devolvemos a parte não entregue).</li>
        <li>Planos mensais: garantia de satisfação de 7 dias a partir da primeira cobrança.</li>
      </ul>
      <h2>Como pedir</h2>
      <p>
        Fale com a gente pelo{' '}
        <a href={whatsapp} target="_blank" rel="noopener noreferrer">
          WhatsApp
        </a>{' '}
        informando o e-mail da compra e o código de compra. A análise leva até 48 horas.
      </p>
      <h2>Prazos do estorno</h2>
      <table className="w-full text-left">
        <thead>
          <tr>
            <th scope="col">Forma de pagamento</th>
            <th scope="col">Prazo após a aprovação</th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <td>PIX</td>
            <td>1 a 2 dias úteis</td>
          </tr>
          <tr>
            <td>Cartão de crédito</td>
            <td>5 a 10 dias úteis (pode aparecer na fatura seguinte)</td>
          </tr>
          <tr>
            <td>Cartão de débito</td>
            <td>3 a 7 dias úteis</td>
          </tr>
        </tbody>
      </table>
      <p>O estorno é feito na mesma forma de pagamento usada na compra.</p>
    </LegalLayout>
  );
}
