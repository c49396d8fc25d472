// What the other pages of the panel use from the invoices' folder: the list's count for "Início".
export { adminInvoices } from './admin-invoices-api';
