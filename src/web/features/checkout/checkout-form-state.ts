import type { ProductId } from '../../../shared/catalogue';

export interface StepOneValues {
  instagram: string;
  postLink: string;
  whatsapp: string;
  whatsappUpdates: boolean;
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

export const emptyStepOne: StepOneValues = {
  instagram: '',
  postLink: '',
  whatsapp: '',
  whatsappUpdates: false,
  addOns: [],
  addOnLinks: {},
};

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
