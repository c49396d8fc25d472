import type { ComponentType } from 'react';
import type { PageRoute } from '../router/match';

// Vite code-splits each page module; the server preloads the chunk of the page it renders.
const pageModules = import.meta.glob<Record<string, ComponentType>>('../features/**/*-page.tsx');

/** `module` is the page file relative to src/web (the build manifest's key). */
const page = (
  path: string,
  title: string,
  description: string,
  module: string,
  exportName: string,
): PageRoute => {
  const loader = pageModules[`../${module}`];
  if (!loader) throw new Error(`no page module ${module}`);
  return { path, module, handle: { title, description }, load: () => loader().then((m) => m[exportName]!) };
};

// Every page is a lazy chunk; the server entry and the browser entry both use this table. Order matters:
// the first match wins and '*' is last.
export const routes: readonly PageRoute[] = [
  page(
    '/',
    '',
    'Seguidores, curtidas e visualizações de público brasileiro para o seu Instagram. Sem senha, com PIX ou cartão.',
    'features/landing/landing-page.tsx',
    'LandingPage',
  ),
  page(
    '/precos',
    'Preços',
    'Pacotes avulsos de seguidores, curtidas e visualizações e planos mensais.',
    'features/pricing/pricing-page.tsx',
    'PricingPage',
  ),
  page('/sobre', 'Sobre', 'Quem somos e no que acreditamos.', 'features/about/about-page.tsx', 'AboutPage'),
  page(
    '/privacidade',
    'Política de Privacidade',
    'Como tratamos seus dados (LGPD).',
    'features/legal/privacy-page.tsx',
    'PrivacyPage',
  ),
  page(
    '/termos',
    'Termos de Uso',
    'Condições de compra e uso do serviço.',
    'features/legal/terms-page.tsx',
    'TermsPage',
  ),
  page(
    '/reembolso',
    'Política de Reembolso',
    'Quando e como pedir reembolso.',
    'features/legal/refund-page.tsx',
    'RefundPage',
  ),
  page(
    '/entrega',
    'Prazos de Entrega',
    'Prazos de ativação e garantias.',
    'features/legal/delivery-page.tsx',
    'DeliveryPage',
  ),
  page(
    '/cookies',
    'Política de Cookies',
    'Quais cookies usamos e por quê.',
    'features/legal/cookies-page.tsx',
    'CookiesPage',
  ),
  page(
    '/disclaimer',
    'Aviso Legal',
    'Resultados variam e não são garantidos.',
    'features/legal/disclaimer-page.tsx',
    'DisclaimerPage',
  ),
  page(
    '/contato',
    'Contato',
    'WhatsApp, e-mail e horários de atendimento.',
    'features/legal/contact-page.tsx',
    'ContactPage',
  ),
  page(
    '/checkout',
    'Finalizar compra',
    'Finalize a sua compra.',
    'features/checkout/checkout-page.tsx',
    'CheckoutPage',
  ),
  page(
    '/success',
    'Pagamento confirmado',
    'Pagamento confirmado.',
    'features/orders/success-page.tsx',
    'SuccessPage',
  ),
  page(
    '/order/:id',
    'Detalhes do pedido',
    'Detalhes do seu pedido.',
    'features/orders/order-page.tsx',
    'OrderPage',
  ),
  page(
    '/order-details',
    'Detalhes do pedido',
    'Detalhes do seu pedido.',
    'features/orders/order-details-redirect-page.tsx',
    'OrderDetailsRedirectPage',
  ),
  page(
    '/whatsapp-payment',
    'Finalizar pelo WhatsApp',
    'Seu pedido aguarda a finalização pelo WhatsApp.',
    'features/orders/whatsapp-payment-page.tsx',
    'WhatsappPaymentPage',
  ),
  page(
    '/obrigado',
    'Obrigado pela compra',
    'Sua compra foi registrada.',
    'features/after-purchase/thank-you-page.tsx',
    'ThankYouPage',
  ),
  page(
    '/cancelado',
    'Compra não concluída',
    'Ajuda para concluir a sua compra.',
    'features/after-purchase/cancelled-page.tsx',
    'CancelledPage',
  ),
  page(
    '/login',
    'Consultar Compra',
    'Consulte o seu pedido com o e-mail e o código de compra.',
    'features/lookup/lookup-page.tsx',
    'LookupPage',
  ),
  page('/signup', 'Criar conta', 'Crie a sua conta.', 'features/accounts/signup-page.tsx', 'SignupPage'),
  page('/dashboard', 'Meu painel', 'Seus pedidos.', 'features/accounts/dashboard-page.tsx', 'DashboardPage'),
  page(
    '/verificar-email',
    'Confirmação de e-mail',
    'Confirme o seu e-mail.',
    'features/accounts/verify-email-page.tsx',
    'VerifyEmailPage',
  ),
  page(
    '/redefinir-senha',
    'Nova senha',
    'Crie uma nova senha.',
    'features/accounts/reset-password-page.tsx',
    'ResetPasswordPage',
  ),
  page(
    '/meus-dados/confirmar',
    'Seus dados pessoais',
    'Confirme o pedido sobre os seus dados.',
    'features/privacy/privacy-confirm-page.tsx',
    'PrivacyConfirmPage',
  ),
  page(
    '/admin/login',
    'Painel administrativo',
    'Acesso restrito.',
    'features/admin/admin-login-page.tsx',
    'AdminLoginPage',
  ),
  page('/admin', 'Painel', 'Acesso restrito.', 'features/admin/admin-page.tsx', 'AdminPage'),
  page(
    '/admin/seguranca',
    'Segurança do painel',
    'Acesso restrito.',
    'features/admin/admin-security-page.tsx',
    'AdminSecurityPage',
  ),
  page(
    '/admin/nota-fiscal',
    'Nota fiscal',
    'Acesso restrito.',
    'features/admin/admin-invoices-page.tsx',
    'AdminInvoicesPage',
  ),
  page(
    '*',
    'Página não encontrada',
    'Página não encontrada.',
    'features/not-found/not-found-page.tsx',
    'NotFoundPage',
  ),
];
