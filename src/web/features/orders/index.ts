// The orders feature's public surface: what other features (checkout, lookup, accounts, after-purchase,
// admin) may use. Other features import from here, never from a file of this folder (eslint.config.js).
export { rememberContact } from './checkout-contact';
export { InvoiceLinks } from './invoice-links';
export { keepOrderToken, orderPath, orderToken } from './order-access';
export { serviceTitle } from './order-details';
export { OrderError } from './order-error';
export { PaymentNotice } from './payment-notice';
export { PlanMonthList } from './plan-month-list';
export { PlanPanel } from './plan-panel';
export { SessionProvesOrder } from './purchase-code';
export { useLiveOrder } from './use-order';
