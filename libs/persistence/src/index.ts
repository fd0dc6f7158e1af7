export * from './entities';
export { ALL_ENTITIES } from './entities/all-entities';
export { ALL_MIGRATIONS } from './migrations/all-migrations';
export * from './data-source/create-data-source';
export * from './data-source/run-migrations';
export * from './outbox/append-outbox';
export * from './outbox/typeorm-outbox.store';
export * from './repositories/account.repository';
export * from './repositories/oauth-app.repository';
