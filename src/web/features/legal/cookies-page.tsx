import { LegalLayout } from './legal-layout';

export function CookiesPage() {
  return (
    <LegalLayout title="Política de Cookies">
      <p>Cookies e armazenamento local são pequenos registros guardados no seu navegador.</p>
      <h2>Essenciais (sempre ativos)</h2>
      <ul>
        <li>A sua escolha sobre cookies (cookieConsent, guardada por 1 ano).</li>
        <li>
          Dados que você digitou para a compra (o @ e o link da publicação), para não precisar digitar de
          novo.
        </li>
        <li>
          Um identificador da visita, apagado ao fechar o navegador, para contar etapas da compra sem IP.
        </li>
      </ul>
      <h2>De medição e marketing (só com o seu consentimento)</h2>
      <p>
        Se você clicar em “Aceitar todos”, carregamos o Google Tag Manager para medir campanhas. Se clicar em
        “Rejeitar”, nada disso é carregado.
      </p>
      <h2>Como mudar de ideia</h2>
      <p>
        Apague os dados deste site nas configurações do navegador: o aviso de cookies aparecerá de novo para
        você escolher.
      </p>
    </LegalLayout>
  );
}
