// Provider-facing PIX status display (spec §4 'PIX provider status display').
export type PixDisplayTone = 'amber' | 'green' | 'grey';

export function pixStatusDisplay(providerStatus: string): { label: string; tone: PixDisplayTone } {
  switch (providerStatus) {
    case 'PENDING':
      return { label: 'Aguardando Pagamento', tone: 'amber' };
    case 'RECEIVED':
      return { label: 'Pagamento Recebido', tone: 'green' };
    case 'CONFIRMED':
      return { label: 'Pagamento Confirmado', tone: 'green' };
    default:
      return { label: 'Status Desconhecido', tone: 'grey' };
  }
}
