import type { ProductId } from '../../../shared/catalogue';

export interface StepOneValues {
  instagram: string;
  postLink: string;
  whatsapp: string;
  whatsappUpdates: boolean;
  addOns: ProductId[];
  addOnLinks: Partial<Record<ProductId, string>>;
  /** "Precisa de nota em nome de empresa?" and, when ticked, the company. */
  companyInvoice: boolean;
  cnpj: string;
  companyName: string;
}

/** Step 1 as the order takes it: the company only when the box is ticked. */
export function stepOneRequest({ companyInvoice, cnpj, companyName, ...rest }: StepOneValues) {
  return { ...rest, ...(companyInvoice ? { company: { cnpj, name: companyName } } : {}) };
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
  companyInvoice: false,
  cnpj: '',
  companyName: '',
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
