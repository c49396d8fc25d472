import { useCatalogue } from '../../lib/boot';
import { LegalLayout } from './legal-layout';
import { daysText, guaranteeSummary } from '#shared/guarantee.ts';

export function DeliveryPage() {
  const { products } = useCatalogue();
  return (
    <LegalLayout title="Prazos de Entrega">
      <p>
        A entrega começa depois da confirmação do pagamento. O processamento inicia em 1 a 24 horas; a
        implementação anunciada é de 24 horas e, em dias de alta procura, pode levar até 48 horas.
      </p>
      <table className="w-full text-left">
        <thead>
          <tr>
            <th scope="col">Serviço</th>
            <th scope="col">Ativação</th>
            <th scope="col">Garantia de reposição</th>
          </tr>
        </thead>
        <tbody>
          {products.map((product) => (
            <tr key={product.id}>
              <td>{product.name}</td>
              <td>{product.activation}</td>
              <td>{product.guaranteeDays > 0 ? daysText(product.guaranteeDays) : 'Sem garantia'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <h2>Como a entrega acontece</h2>
      <ul>
        <li>É gradual, para parecer natural ao algoritmo.</li>
        <li>O perfil precisa estar público e o @ não pode mudar durante a entrega.</li>
        <li>Pacotes de 10.000 seguidores têm entrega expressa.</li>
      </ul>
      <h2>Garantia</h2>
      <p>
        {guaranteeSummary(products)}. Se houver queda dentro do prazo de garantia, repomos sem custo. A
        garantia não cobre perfis que ficaram privados, mudaram de @ ou removeram a publicação.
      </p>
    </LegalLayout>
  );
}
