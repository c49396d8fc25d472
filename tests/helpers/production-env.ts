/**
 * NODE_ENV=production for a demo shop that passes the go-live checks (src/server/config-go-live.ts):
 * test payments and the simulated panel, both allowed, and a shop identity of its own.
 */
export const productionDemoEnv = {
  NODE_ENV: 'production',
  ALLOW_SANDBOX_PAYMENTS: '1',
  ALLOW_SANDBOX_FULFILMENT: '1',
  PUBLIC_URL: 'https://loja-demo.example.com.br',
  SHOP_LEGAL_NAME: 'Loja Demo LTDA',
  SHOP_CNPJ: '12.345.678/0001-95',
  SHOP_ADDRESS: 'Rua A, 1 – Centro, Campinas – SP, 13000-000',
  SHOP_WHATSAPP: '5519988887777',
  SHOP_SUPPORT_EMAIL: 'ajuda@loja-demo.example.com.br',
  ADMIN_EMAIL: 'dona@loja-demo.example.com.br',
  MAIL_FROM: 'Loja Demo <nao-responda@loja-demo.example.com.br>',
  SMTP_URL: 'smtp://127.0.0.1:2525',
};
