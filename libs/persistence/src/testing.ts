// Test doubles and helpers of this lib, for other projects' tests only (lint keeps them out of production code).
export { MembershipEntity } from './entities/accounts/membership.entity';
export { OutboxMessageEntity } from './entities/outbox/outbox-message.entity';
export { jobSecretContext } from './entities/webhooks/job.entity';
export { parseSeedDocument } from './seed/seed-schema';
