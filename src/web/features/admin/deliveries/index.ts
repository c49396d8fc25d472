// What the other pages of the panel use from the deliveries' folder.
export { AdminDeliveriesRow } from './admin-deliveries-row';
