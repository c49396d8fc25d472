import type { ProductId } from '#shared/catalogue.ts';
import { emptyPayment, type PaymentValues } from '../payment-form';

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

/** Step 2: who pays, the billing address and the payment. */
export interface StepTwoValues extends PaymentValues {
  name: string;
  email: string;
  cpf: string;
  cep: string;
  street: string;
  number: string;
  neighborhood: string;
  city: string;
  state: string;
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
  ...emptyPayment,
};
