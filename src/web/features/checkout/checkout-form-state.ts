import type { ProductId } from '../../../shared/catalogue';

export interface StepOneValues {
  instagram: string;
  postLink: string;
  whatsapp: string;
  addOns: ProductId[];
  addOnLinks: Partial<Record<ProductId, string>>;
}

export type PaymentChoice = '' | 'pix' | 'credit_card' | 'debit_card';

export interface StepTwoValues {
  name: string;
  email: string;
  cpf: string;
  cep: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
  paymentMethod: PaymentChoice;
  installments: string;
  cardNumber: string;
  cardExpiry: string;
  cardCvv: string;
  cardName: string;
}

export type FieldErrors = Record<string, string>;

export const emptyStepTwo: StepTwoValues = {
  name: '',
  email: '',
  cpf: '',
  cep: '',
  street: '',
  number: '',
  neighborhood: '',
  city: '',
  state: '',
  paymentMethod: '',
  installments: '1',
  cardNumber: '',
  cardExpiry: '',
  cardCvv: '',
  cardName: '',
};

/** zod issues → { 'card.number': 'Número do cartão é obrigatório', … }, first message per field. */
export function issuesToErrors(issues: ReadonlyArray<{ path: PropertyKey[]; message: string }>): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const key = issue.path.map(String).join('.');
    errors[key] ??= issue.message;
  }
  return errors;
}
