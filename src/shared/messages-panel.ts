// pt-BR texts only the operator reads, in the panel and its sign-in; part of `messages` (messages.ts).
export const panelMessages = {
  // Admin login (§8)
  admin_wrong_credentials: '❌ E-mail ou senha incorretos. Tentativa {n}/5. Verifique suas credenciais.',
  admin_too_many: '❌ Muitas tentativas de login. Acesso bloqueado por 5 minutos.',
  admin_blocked: '❌ Acesso bloqueado. Tente novamente em {n} segundos.',
  admin_not_allowed: '❌ Acesso não autorizado. Apenas administradores têm permissão.',
  admin_credentials_required: '❌ Credenciais inválidas. Verifique e-mail e senha.',
  admin_code_step: 'Digite o código de 6 dígitos do aplicativo autenticador ou um código de recuperação.',
  admin_code_wrong: '❌ Senha ou código incorretos. Tentativa {n}/3 com esta senha.',
  admin_code_restart: '❌ Senha ou código incorretos. Entre com a senha de novo.',
  admin_code_expired: 'O tempo para digitar o código acabou. Entre com a senha de novo.',
  admin_code_blocked: '❌ Muitos códigos errados nesta conta. Tente novamente em {n} segundos.',
  admin_password_change_required: 'Troque a senha inicial antes de usar o painel.',
  admin_two_factor_required: 'Ative a verificação em duas etapas antes de usar o painel.',
  admin_current_password_wrong: 'Senha atual incorreta.',
  admin_password_changed: 'Senha alterada. As outras sessões do painel foram encerradas.',
  admin_two_factor_code_wrong:
    'Código incorreto ou já usado. Confira o horário do celular e digite o código atual.',
  admin_two_factor_not_started: 'Comece a configuração de novo: gere um novo código QR.',
  admin_two_factor_password_required: 'Digite a sua senha para trocar o aplicativo autenticador.',

  // Admin panel (§8)
  admin_load_failed: 'Erro ao carregar dados do painel. Tente recarregar a página.',
  admin_status_failed: 'Erro ao atualizar status do pedido',
  admin_payment_status_failed: 'Erro ao atualizar status de pagamento',
  admin_note_failed: 'Erro ao salvar observação',
  job_not_found: 'Esta tarefa não está mais entre as que falharam.',
  // "E-mails enviados" (issue 46 §3)
  email_not_found: 'E-mail não encontrado.',
  emails_through_smtp:
    'Os e-mails saem pelo servidor SMTP (SMTP_URL): leia-os na caixa de entrada de quem os recebeu.',
  // Catalogue in the panel (issue 13)
  shop_claim_invalid:
    'Preencha cada número e texto (números até 12 caracteres, textos até 40; /sobre até 60).',
  catalogue_price_invalid: 'Informe um valor a partir de R$ 0,01.',
  catalogue_amount_invalid: 'Informe uma quantidade inteira maior que zero.',
  catalogue_service_invalid: 'Código de serviço inválido (letras, números, - ou _).',
  catalogue_delay_invalid: 'Escolha um dos atrasos que o painel aceita (0 a 600 minutos).',
  catalogue_amount_taken: 'Já existe um pacote com esta quantidade para este produto.',
  catalogue_last_available: 'Deixe ao menos um pacote disponível para cada produto.',
  catalogue_package_not_found: 'Pacote não encontrado.',
  // The panel's "Nota fiscal" (issue 27)
  fiscal_needs_asaas:
    'A nota fiscal é emitida pelo Asaas: esta parte do painel funciona com PAYMENT_PROVIDER=asaas.',
  fiscal_unavailable:
    'O Asaas não respondeu agora. Confira o que ele tem (recarregue esta parte) e tente de novo em alguns minutos.',
  fiscal_refused: 'O Asaas recusou o pedido:',
  invoicing_incomplete: 'Falta informação para ligar a nota fiscal.',
} as const;
