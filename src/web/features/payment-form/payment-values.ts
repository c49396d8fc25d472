/** How the buyer pays: '' until a method is chosen. */
export type PaymentChoice = '' | 'pix' | 'credit_card' | 'debit_card';

/** The payment part of a form: the checkout's step 2 and "Pagar agora" on the order's page. */
export interface PaymentValues {
  paymentMethod: PaymentChoice;
  installments: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvv: string;
  cardName: string;
}

export const emptyPayment: PaymentValues = {
  paymentMethod: '',
  installments: '1',
  cardNumber: '',
  cardExpiry: '',
  cardCvv: '',
  cardName: '',
};
