// pt-BR texts of the spec's error catalogue (§5, §8) and the API's error codes. One place, so the
// browser and the server say the same words.
export const messages = {
  // Generic API errors
  invalid_input: 'Dados inválidos. Verifique as informações e tente novamente.',
  invalid_json: 'Não foi possível ler os dados enviados. Envie um JSON válido.',
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
  post_link_invalid: 'Informe um link válido do Instagram (ex.: https://www.instagram.com/p/...)',

  // 404
  page_not_found: 'Página não encontrada',
} as const;

export type MessageCode = keyof typeof messages;
