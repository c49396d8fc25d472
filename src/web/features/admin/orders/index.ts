// What the other pages of the panel use from the orders' folder: the filters in the URL.
export { AdminFilters } from './admin-filters';
export { useAdminFilters } from './use-admin-filters';
