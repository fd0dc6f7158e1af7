// Test doubles and helpers of this lib, for other projects' tests only (lint keeps them out of production code).
export { PrincipalInvalidator } from './principal/principal-invalidator';
export { type IssueTokenRequest } from './tokens/issue-token-request';
export { OutboxWriter } from './transactions/ports/outbox.writer';
export { InMemoryAccounts } from './testing/in-memory-account.reader';
export { ImmediateTransactionRunner } from './testing/in-memory-transaction-runner';
export { RecordingOutbox } from './testing/in-memory-outbox.writer';
export { TypeOrmTransactionRunner } from './transactions/infrastructure/typeorm-transaction-runner';
export { PredictableRandom } from './testing/predictable-random';
export { InMemoryClientLookup } from './testing/in-memory-client-lookup';
export {
  createIdentityTestKit,
  type IdentityTestKit,
  TEST_ENCRYPTION_KEY,
} from './testing/identity-test-kit';
export { InMemoryIssuedTokenWriter } from './testing/in-memory-issued-token.writer';
export { anOAuthAppRecord } from './testing/oauth-app-builders';
export { aFineGrainedGrant, aPersonalTokenRecord } from './testing/personal-token-builders';
export { TokenUsageRecorder } from './principal/token-usage-recorder';
