// pt-BR texts the buyer and the operator read, and the API's error codes (docs/product.md#validation-texts).
// One place, so the browser and the server say the same words.
import { panelMessages } from './messages-panel';

export const messages = {
  // Generic API errors
  invalid_input: 'Dados inválidos. Verifique as informações e tente novamente.',
  invalid_json: 'Não foi possível ler os dados enviados. Envie um JSON válido.',
  invalid_character: 'O texto enviado tem um caractere inválido. Confira e tente novamente.',
  payload_too_large: 'Os dados enviados são grandes demais.',
  not_found: 'Recurso não encontrado.',
  rate_limited: 'Muitas solicitações em pouco tempo. Aguarde um instante e tente novamente.',
  internal: 'Erro interno. Tente novamente em alguns minutos.',
  unauthenticated: 'Faça login para continuar.',
  forbidden: 'Você não tem permissão para esta ação.',
  provider_unavailable: 'O provedor de pagamento não respondeu. Tente novamente.',

  // Analytics
  unknown_stage: 'Etapa de funil desconhecida.',
  field_too_long: 'Campo grande demais.',

  // Purchase and payment (§8)
  product_unavailable: 'Produto indisponível no momento.',
  lead_failed: 'Erro ao processar. Tente novamente.',
  checkout_failed: 'Erro ao processar pedido. Tente novamente.',
  unknown_package: 'Pacote não encontrado. Escolha um pacote em nossa página de preços.',
  unknown_plan: 'Plano não encontrado. Escolha um plano em nossa página de preços.',

  // Pre-payment modal (§5)
  instagram_invalid: 'Informe um @instagram válido (ex.: @meu.perfil)',
  email_required: 'Por favor, preencha seu email',
  email_invalid: 'Por favor, informe um email válido',
  post_link_required: 'Informe o link da publicação',
  add_on_link_required: 'Informe o link da publicação que vai receber o adicional.',
  post_link_invalid: 'Informe um link válido do Instagram (ex.: https://www.instagram.com/p/...)',

  // Checkout (§5, §8)
  instagram_required: 'Instagram é obrigatório',
  whatsapp_required: 'WhatsApp é obrigatório',
  whatsapp_invalid: 'Informe um WhatsApp válido com DDD (ex.: (11) 9 1234-5678)',
  name_required: 'Nome completo é obrigatório',
  checkout_email_required: 'E-mail é obrigatório',
  cpf_required: 'CPF é obrigatório',
  cpf_invalid: 'CPF inválido. Confira os números.',
  cnpj_required: 'CNPJ é obrigatório',
  cnpj_invalid: 'CNPJ inválido. Confira os números.',
  company_name_required: 'Razão social é obrigatória',
  card_number_required: 'Número do cartão é obrigatório',
  card_number_invalid: 'Número do cartão inválido',
  card_expiry_required: 'Validade é obrigatória',
  card_expiry_invalid: 'Validade inválida ou vencida',
  card_cvv_required: 'CVV é obrigatório',
  card_cvv_invalid: 'O CVV tem 3 ou 4 dígitos',
  card_name_required: 'Nome do titular é obrigatório',
  cep_invalid: 'CEP inválido (use 00000-000)',
  state_invalid: 'UF inválida (ex.: SP)',
  address_required: 'Para pagar com cartão, preencha CEP, rua, número, bairro, cidade e UF',
  payment_method_required: 'Escolha a forma de pagamento',
  installments_invalid: 'Escolha de 1 a 12 parcelas',
  idempotency_key_required: 'Cabeçalho Idempotency-Key ausente ou inválido.',
  idempotency_conflict:
    'Esta tentativa de compra já foi usada com outros dados. Recarregue a página e tente novamente.',
  order_not_found: 'Pedido não encontrado',
  invoice_not_requestable: 'A nota fiscal deste pedido não pode ser pedida agora.',
  order_load_failed: 'Erro ao carregar detalhes do pedido',
  order_id_missing: 'ID do pedido não encontrado na URL',
  session_or_order_missing: 'Session ID ou Pedido ID não encontrado na URL',
  purchase_load_failed: 'Não foi possível carregar os dados da compra',
  order_already_paid: 'Este pedido já está pago.',
  order_not_payable: 'Este pedido não pode ser pago por aqui. Fale com o suporte pelo WhatsApp.',
  pix_failed: 'Falha ao gerar Pix. Tente novamente.',
  plan_methods: 'Planos mensais aceitam PIX ou cartão de crédito.',
  pix_error: 'Erro ao processar pagamento PIX',
  card_failed: 'Erro ao criar pagamento com cartão',
  card_processing_failed: 'Erro ao processar pagamento com cartão',
  card_declined: 'Transação não autorizada. Confira os dados do cartão ou use outro cartão.',
  saving_order: 'Salvando seu pedido...',
  processing_payment: 'Processando pagamento...',
  processing: 'Processando...',
  sandbox_only: 'Disponível apenas no modo de testes (sandbox).',
  payment_in_progress: 'Processando pagamento...',
  order_payment_busy:
    'Já estamos processando um pagamento deste pedido. Aguarde alguns segundos e atualize a página antes de tentar de novo.',
  order_paid_meanwhile:
    'Este pedido foi pago enquanto você o cancelava: o pagamento foi registrado. Para desfazer a venda, use "Reembolsar".',
  payment_not_found: 'Cobrança não encontrada.',
  no_payment: 'Este pedido não tem cobrança para simular.',
  not_refundable: 'Só pedidos pagos podem ser reembolsados.',
  subscription_not_found: 'Assinatura não encontrada.',
  plan_not_found: 'Este pedido não é de um plano mensal.',
  charge_cpf_required: 'Informe o CPF do cliente para gerar a cobrança: o intermediador exige.',
  invalid_webhook_token: 'Token de webhook inválido.',
  metrics_closed: 'As métricas exigem o token de METRICS_TOKEN ou um endereço de METRICS_ALLOW_FROM.',
  invalid_webhook_signature: 'Assinatura de webhook inválida.',
  webhook_verification_refused: 'Verificação do webhook recusada.',
  whatsapp_template_invalid:
    'Nome de modelo inválido: use letras minúsculas, números e _ (como no Gerenciador do WhatsApp).',
  orders_rate_limited: 'Muitos pedidos em pouco tempo. Aguarde alguns minutos e tente novamente.',
  unpaid_orders_limited:
    'Há vários pedidos não pagos com este e-mail. Pague um deles (Consultar Compra) ou aguarde uma hora.',
  card_attempts_limited: 'Muitas tentativas com cartão. Por segurança, aguarde uma hora ou pague com PIX.',

  // Lookup (§8)
  lookup_required: 'E-mail e código de compra são obrigatórios',
  lookup_not_found: 'Nenhum pedido encontrado para este e-mail e código',
  lookup_invalid: 'E-mail ou código de compra inválidos',
  lookup_failed: 'Erro ao consultar pedido. Tente novamente.',
  lookup_rate_limited: 'Muitas consultas em pouco tempo. Aguarde alguns minutos e tente novamente.',

  // Accounts (§8 'Signup', issue 4)
  email_taken: 'Este e-mail já está cadastrado. Tente fazer login.',
  password_too_short: 'A senha deve ter pelo menos 8 caracteres',
  operator_password_too_short: 'A senha do administrador deve ter pelo menos 10 caracteres',
  password_blank: 'A senha não pode ficar em branco nem ter só espaços',
  operator_password_weak:
    'Senha fácil de adivinhar. Evite senhas comuns, sequências (12345, abcde), datas e o nome da loja: uma frase de quatro palavras ou mais funciona bem.',
  operator_password_same: 'A nova senha precisa ser diferente da atual',
  passwords_differ: 'As senhas não coincidem',
  password_required: 'Senha é obrigatória',
  // The same words whether the address was new or taken (ADR 028): either way its mailbox got an e-mail.
  signup_done:
    'Conta criada! Enviamos um e-mail para confirmar o endereço: veja a sua caixa de entrada. Redirecionando para o dashboard...',
  login_failed: 'E-mail ou senha incorretos.',
  login_rate_limited: 'Muitas tentativas de login. Aguarde alguns minutos e tente novamente.',
  token_invalid: 'Link inválido ou expirado. Peça um novo.',
  reset_requested: 'Se houver uma conta com este e-mail, enviamos um link para redefinir a senha.',
  password_changed: 'Senha alterada! Faça login com a nova senha.',
  email_verified: 'E-mail confirmado!',
  email_verified_set_password: 'E-mail confirmado! Por segurança, defina uma nova senha para entrar.',
  account_emails_limited:
    'Já enviamos vários e-mails para este endereço. Aguarde e tente de novo mais tarde.',

  // The operator's panel: its own file
  ...panelMessages,

  // Payment outcomes the buyer reads
  card_outcome_unknown:
    'Não conseguimos confirmar o pagamento com a operadora. Não pague de novo: estamos verificando e avisamos por e-mail.',
  payment_outcome_unknown:
    'Estamos confirmando um pagamento deste pedido com a operadora. Aguarde alguns minutos antes de tentar de novo.',
  payment_in_analysis:
    'O pagamento com cartão está em análise pela operadora. Não pague de novo: avisamos por e-mail quando terminar.',
  card_risk_reproved:
    'A análise de risco da operadora não aprovou o pagamento com cartão. Nada foi cobrado: pague com PIX ou com outro cartão.',
  // LGPD (issue 13)
  account_delete_wrong_password: 'Senha incorreta. Digite a senha da sua conta para confirmar a exclusão.',
  account_delete_operator: 'A conta da administração não pode ser excluída por aqui.',
  account_deleted: 'Sua conta e seus dados pessoais foram excluídos.',
  privacy_link_invalid: 'Este link não é válido ou já foi usado. Peça um novo à loja.',
  privacy_request_erased: 'Seus dados pessoais foram excluídos.',
  // Coupons (issue 13)
  coupon_invalid: 'Informe o código do cupom (letras, números, - ou _).',
  coupon_unknown: 'Cupom não encontrado. Confira o código.',
  coupon_not_accepted: 'Este cupom não pode ser usado neste pedido. Confira o código ou continue sem cupom.',
  coupon_not_started: 'Este cupom ainda não está valendo.',
  coupon_expired: 'Este cupom expirou.',
  coupon_used_up: 'Este cupom já foi usado o número máximo de vezes.',
  coupon_used_by_email: 'Este cupom já foi usado o número máximo de vezes com este e-mail.',
  coupon_below_minimum: 'Este cupom vale para pedidos a partir de',
  coupon_not_for_item: 'Este cupom não vale para este produto.',
  coupon_code_taken: 'Já existe um cupom com este código.',
  coupon_not_found: 'Cupom não encontrado.',
  invoice_not_found: 'Nota fiscal não encontrada.',
  invoice_not_retryable: 'Só uma nota fiscal com erro pode ser tentada de novo.',
  // The database could not be reached (issue 14 §2); the shop's text for a server that cannot answer.
  service_unavailable: 'Sistema temporariamente indisponível. Tente novamente em alguns minutos.',
  // Refunds (issue 12)
  refund_amount_invalid: 'Informe um valor entre R$ 0,01 e o valor ainda não reembolsado.',
  refund_reason_required: 'Informe o motivo do reembolso.',
  refund_failed: 'O intermediador recusou o reembolso:',
  provider_busy:
    'O intermediador pediu uma pausa (muitas chamadas em pouco tempo). Nada foi feito: tente de novo em alguns minutos.',
  refund_via_button:
    'Use "Reembolsar": o pedido fica Reembolsado quando o intermediador confirma o reembolso.',
  idempotency_key_missing: 'Falta o cabeçalho Idempotency-Key.',
  // Delivery (issue 11)
  delivery_not_found: 'Entrega não encontrada.',
  delivery_link_not_needed: 'Esta entrega não precisa de um novo link.',
  delivery_action_invalid: 'Esta ação não vale para a entrega no estado em que ela está.',
  refill_unavailable: 'A reposição não está disponível para este pedido.',
  refill_too_soon: 'Você já pediu uma reposição nas últimas 24 horas. Tente de novo depois.',
  fulfilment_unavailable: 'Não foi possível falar com o fornecedor agora. Tente novamente em alguns minutos.',

  // Writes on an order need proof beyond its id (ADR 026)
  order_code_required: 'Digite o código de compra que enviamos por e-mail.',
  order_proof_required: 'Para alterar este pedido, digite o código de compra que enviamos por e-mail.',
  order_code_wrong: 'Código de compra incorreto. Confira o código no e-mail do pedido e tente novamente.',
  order_code_limited: 'Muitas tentativas com o código de compra. Aguarde 15 minutos e tente novamente.',
  order_writes_limited:
    'Muitas alterações neste pedido em pouco tempo. Aguarde alguns minutos e tente novamente.',

  // 404
  page_not_found: 'Página não encontrada',
} as const;

export type MessageCode = keyof typeof messages;
