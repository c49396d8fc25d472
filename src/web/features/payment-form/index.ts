// The payment-form feature's public surface: the payment parts the checkout and the order's page share.
// Other features import from here, never from a file of this folder (eslint.config.js).
export { afterPaying, paidPage, type AfterPaying } from './after-paying';
export { CardFields } from './card-fields';
export { InstalmentSelect } from './instalment-select';
export { methodTitle, PaymentMethodChoice } from './payment-method-choice';
export { pollPayment } from './payment-api';
export { emptyPayment, type PaymentChoice, type PaymentValues } from './payment-values';
export { PixCopyField } from './pix-copy-field';
export { PixView } from './pix-view';
