export {
  AccessTokenEntity,
  AccountLinkEntity,
  AuditLogEntryEntity,
  ConsentEntity,
  DeliveryAttemptEntity,
  DeliveryEntity,
  JobEntity,
  LeakedTokenNoticeEntity,
  OAuthAppEntity,
  OrganizationEntity,
  PersonalAccessTokenEntity,
  RefreshTokenEntity,
  SigningKeyEntity,
  TrustedPublisherEntity,
  UserEntity,
  WebhookEntity,
} from './entities';
export {
  closeDataSource,
  createDataSource,
  type DatabaseTarget,
} from './data-source/create-data-source';
export { PreparedStatement } from './data-source/prepared-statement';
export { type MigrationProgress, runMigrations } from './data-source/run-migrations';
export {
  reencryptSecrets,
  type ReencryptProgress,
  type ReencryptReport,
} from './encryption/reencrypt-secrets';
export { appendOutbox, type OutboxMessage } from './outbox/append-outbox';
export { TypeOrmOutboxStore } from './outbox/typeorm-outbox.store';
export {
  AccountRepository,
  type MembershipWithOrganization,
} from './repositories/account.repository';
export { applySeed, createSeedDeps, loadSeedFile, type SeedDocument } from './seed';
