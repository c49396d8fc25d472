// One Drizzle schema for PGlite and PostgreSQL, one file per domain. Timestamps are timestamptz (stored UTC).
export * from './analytics';
export * from './admin';
export * from './rate-limits';
export * from './orders';
export * from './payments';
export * from './subscriptions';
export * from './accounts';
export * from './jobs';
export * from './fulfilment';
export * from './leads';
export * from './coupons';
export * from './privacy';
export * from './catalogue';
export * from './secrets';
export * from './shop-texts';
export * from './invoices';
export * from './whatsapp';
