import { Topics } from './topics';

// What each service of the distributed shape does on Kafka, declared once. Each service's outbox
// relay publishes only the topics that service writes, so its Kafka user needs Write on those and
// nothing else; the Strimzi KafkaUsers of k8s/kafka-users grant exactly this, and tools/manifests
// holds them to it (docs/operations.md "Kafka ACLs").

export type GatehouseService = 'auth' | 'token-exchange' | 'webhook-management' | 'delivery-worker';

/**
 * Consumer group ids: the shared group of every service's principal cache, the `auth` processes'
 * group revoking reported leaked tokens, the one telling their owners by e-mail, the one sending
 * account mail, the one telling owners of failing webhooks, the one POSTing back-channel logout
 * tokens to apps, the one noting on an account what others did to its tokens (a group per topic
 * and purpose: members of one group must subscribe alike), and the delivery workers'.
 */
export const ConsumerGroups = {
  principalCache: 'gatehouse.principal-cache',
  leakedCredentials: 'gatehouse.leaked-credentials',
  mailer: 'gatehouse.mailer',
  accountMailer: 'gatehouse.account-mailer',
  webhookNoticeMailer: 'gatehouse.webhook-notice-mailer',
  backchannelLogout: 'gatehouse.backchannel-logout',
  securityNotices: 'gatehouse.security-notices',
  /** The prefix of each process's own group following app changes (one ephemeral group per process). */
  clientCache: 'gatehouse.client-cache.',
  deliveryWorker: 'gatehouse-delivery-worker',
} as const;

/**
 * The groups of a delivery worker whose base group id is `groupId`: repo events shared by every
 * worker, replays likewise, and one ephemeral group per process (`<prefix><instance>`) that reads
 * every webhook change and is deleted when the process stops.
 */
export function deliveryConsumerGroups(groupId: string): {
  repoEvents: string;
  replays: string;
  webhookChangesPrefix: string;
} {
  return {
    repoEvents: groupId,
    replays: `${groupId}.replays`,
    webhookChangesPrefix: `${groupId}.webhooks.`,
  };
}

interface TopicReader {
  topic: string;
  group: string;
  /** `group` is the prefix of ephemeral groups, one per process, which the process deletes when it stops. */
  ephemeralGroups?: true;
}

export interface KafkaAccess {
  /** Topics the service publishes to, through its outbox or directly. */
  writes: readonly string[];
  /** Topics it consumes, each in its group; it also writes each one's dead-letter topic (`deadLetterTopic`). */
  reads: readonly TopicReader[];
}

const principalCache: TopicReader = {
  topic: Topics.tokenEvents,
  group: ConsumerGroups.principalCache,
};
/** App changes, read by every process that authenticates clients, each in a group of its own. */
const clientCache: TopicReader = {
  topic: Topics.appEvents,
  group: ConsumerGroups.clientCache,
  ephemeralGroups: true,
};
const delivery = deliveryConsumerGroups(ConsumerGroups.deliveryWorker);

export const KAFKA_ACCESS: Readonly<Record<GatehouseService, KafkaAccess>> = {
  // Token events of sign-ins, refreshes and revocations; the principal cache follows revocations.
  // Leaked-token reports go from its request handler to its own consumer, through its outbox;
  // so do account mail and account events (sign-outs, for back-channel logout). App changes go
  // from its settings (outbox) to every process's client cache.
  auth: {
    writes: [
      Topics.tokenEvents,
      Topics.leakedCredentials,
      Topics.accountMail,
      Topics.accountEvents,
      Topics.appEvents,
    ],
    reads: [
      principalCache,
      clientCache,
      { topic: Topics.leakedCredentials, group: ConsumerGroups.leakedCredentials },
      { topic: Topics.tokenEvents, group: ConsumerGroups.mailer },
      { topic: Topics.accountMail, group: ConsumerGroups.accountMailer },
      { topic: Topics.webhookNotices, group: ConsumerGroups.webhookNoticeMailer },
      { topic: Topics.accountEvents, group: ConsumerGroups.backchannelLogout },
      { topic: Topics.tokenEvents, group: ConsumerGroups.securityNotices },
    ],
  },
  // The audit feed, the tokens it issues, the personal tokens its administrators revoke, and the
  // token-exchange apps they change (duration, secret).
  'token-exchange': {
    writes: [Topics.audit, Topics.tokenEvents, Topics.appEvents],
    reads: [principalCache, clientCache],
  },
  // Webhook changes and replay requests (outbox), and repo events posted to POST /internal/events.
  'webhook-management': {
    writes: [Topics.webhookChanged, Topics.deliveryReplay, Topics.repoEvents],
    reads: [principalCache],
  },
  // Dead-lettered deliveries, webhooks it disables and the notices of failing webhooks (outbox).
  'delivery-worker': {
    writes: [Topics.deliveryDeadLetter, Topics.webhookChanged, Topics.webhookNotices],
    reads: [
      { topic: Topics.repoEvents, group: delivery.repoEvents },
      { topic: Topics.deliveryReplay, group: delivery.replays },
      { topic: Topics.webhookChanged, group: delivery.webhookChangesPrefix, ephemeralGroups: true },
    ],
  },
};
