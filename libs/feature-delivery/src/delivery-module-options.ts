import type { DeliveryConfig, NetworkConfig } from '@gatehouse/config';
import { DEFAULT_AUTO_DISABLE_WINDOW_MS } from '@gatehouse/domain';
import { ConsumerGroups, Topics } from '@gatehouse/messaging';
import type { DeliveryTopics } from './delivery-pipeline';
import type { JobLauncherChoice } from './jobs/configured-job-launcher';
import type { JobTokenMinterChoice } from './jobs/configured-job-token-minter';
import {
  DEFAULT_KUBERNETES_JOB_SETTINGS,
  type KubernetesJobSettings,
} from './jobs/kubernetes-job-manifest';
import { inClusterNamespace } from './jobs/kubernetes-namespace';
import { DEFAULT_LOCAL_JOB_USER } from './jobs/infrastructure/local-process-job-launcher';
import { DEFAULT_PRUNE_INTERVAL_MS } from './pipeline/delivery-pruner';
import { DEFAULT_LEASE_MS, DEFAULT_USER_AGENT } from './pipeline/delivery-settings';

const MIN_LEASE_MS = 4_000;

/** Knobs with sensible defaults; tests shorten them. */
interface DeliveryTuning {
  /** Attempts in flight per process. */
  concurrency: number;
  /** Queued attempts above which the consumers wait. */
  queueHighWaterMark: number;
  leaseMs: number;
  pollIntervalMs: number;
  claimBatchSize: number;
  membershipRefreshMs: number;
  shutdownGraceMs: number;
  autoDisableAfterMs: number;
  retriesGaugeIntervalMs: number;
  /** How often finished deliveries past their retention are pruned. */
  pruneIntervalMs: number;
}

const DEFAULT_DELIVERY_TUNING: DeliveryTuning = {
  concurrency: 64,
  queueHighWaterMark: 1_000,
  leaseMs: DEFAULT_LEASE_MS,
  pollIntervalMs: 1_000,
  claimBatchSize: 100,
  membershipRefreshMs: 30_000,
  shutdownGraceMs: 10_000,
  autoDisableAfterMs: DEFAULT_AUTO_DISABLE_WINDOW_MS,
  retriesGaugeIntervalMs: 15_000,
  pruneIntervalMs: DEFAULT_PRUNE_INTERVAL_MS,
};

export const DEFAULT_DELIVERY_TOPICS: DeliveryTopics = {
  repoEvents: Topics.repoEvents,
  webhookChanged: Topics.webhookChanged,
  deadLetter: Topics.deliveryDeadLetter,
  replays: Topics.deliveryReplay,
  webhookNotices: Topics.webhookNotices,
};

export const DEFAULT_DELIVERY_GROUP_ID = ConsumerGroups.deliveryWorker;
const DEFAULT_RETENTION_DAYS = 30;

export interface DeliveryModuleOptions {
  /** GATEHOUSE_PUBLIC_URL: base of the repository URLs in payloads. */
  publicUrl: string;
  /** GATEHOUSE_ENCRYPTION_KEY: opens webhook and Job secrets. */
  encryptionKey: string;
  /** GATEHOUSE_ALLOW_LOOPBACK_TARGETS. */
  allowLoopbackTargets: boolean;
  /** GATEHOUSE_DELIVERY_RETRY_SCHEDULE (seconds). */
  retryScheduleSeconds: readonly number[];
  /** GATEHOUSE_DELIVERY_TIMEOUT_MS. */
  timeoutMs: number;
  /** GATEHOUSE_WEBHOOK_DAILY_TRIGGER_LIMIT. */
  dailyTriggerLimit: number;
  /** GATEHOUSE_WEBHOOK_FAILING_NOTICE_DAYS; default 3. */
  failingNoticeDays?: number;
  /** GATEHOUSE_JOB_LAUNCHER, or a launcher of the caller's (tests). */
  jobLauncher: JobLauncherChoice;
  /**
   * Where the tokens of Job webhooks are minted (`jobToken`): token-exchange over HTTP
   * (GATEHOUSE_TOKEN_EXCHANGE_URL with GATEHOUSE_INTERNAL_TOKEN), in this process (the
   * all-in-one), or a minter of the caller's (tests). Absent: a launch that needs a token fails.
   */
  jobTokens?: JobTokenMinterChoice;
  /** GATEHOUSE_DELIVERY_RETENTION_DAYS: how long finished deliveries stay in the activity history; default 30. */
  retentionDays?: number;
  /** GATEHOUSE_LOCAL_JOB_USER: who `local` Jobs run as when the worker runs as root; default 65534:65534. */
  localJobUser?: { uid: number; gid: number };
  kubernetes?: Partial<KubernetesJobSettings>;
  topics?: Partial<DeliveryTopics>;
  /** Consumer group shared by every replica; default `gatehouse-delivery-worker`. */
  groupId?: string;
  /** Names this process's own webhook-changed consumer group; default host, pid and random. */
  instanceId?: string;
  /**
   * Start the pipeline after the application has started (its port open: liveness answers at
   * once, readiness says `delivery` is not running yet) and keep trying while the broker or the
   * database is away. Default false: start-up waits for the pipeline (tests, the all-in-one).
   */
  startInBackground?: boolean;
  userAgent?: string;
  tuning?: Partial<DeliveryTuning>;
}

/** The options from an app's typed configuration (delivery-worker or all-in-one). */
export function deliveryModuleOptionsOf(
  config: {
    http: { publicUrl: string };
    delivery: DeliveryConfig;
    network: NetworkConfig;
  },
  encryptionKey: string,
): DeliveryModuleOptions {
  return {
    publicUrl: config.http.publicUrl,
    encryptionKey,
    allowLoopbackTargets: config.network.allowLoopbackTargets,
    retryScheduleSeconds: config.delivery.retryScheduleSeconds,
    timeoutMs: config.delivery.timeoutMs,
    dailyTriggerLimit: config.delivery.dailyTriggerLimit,
    failingNoticeDays: config.delivery.failingNoticeDays,
    jobLauncher: config.delivery.jobLauncher,
    localJobUser: config.delivery.localJobUser,
    retentionDays: config.delivery.retentionDays,
    ...(config.delivery.kubernetesJobNamespace
      ? { kubernetes: { namespace: config.delivery.kubernetesJobNamespace } }
      : {}),
  };
}

export interface ResolvedDeliveryOptions extends DeliveryModuleOptions {
  topics: DeliveryTopics;
  groupId: string;
  userAgent: string;
  tuning: DeliveryTuning;
  retentionDays: number;
  kubernetes: KubernetesJobSettings;
  localJobUser: { uid: number; gid: number };
}

export function resolveDeliveryOptions(options: DeliveryModuleOptions): ResolvedDeliveryOptions {
  const tuning = { ...DEFAULT_DELIVERY_TUNING, ...options.tuning };
  // Renewed every quarter of its period, a lease must leave an attempt LEASE_SAFETY_MS to start in.
  if (tuning.leaseMs < MIN_LEASE_MS)
    throw new RangeError(
      `the delivery lease (${tuning.leaseMs} ms) must be at least ${MIN_LEASE_MS} ms`,
    );
  return {
    ...options,
    topics: { ...DEFAULT_DELIVERY_TOPICS, ...options.topics },
    groupId: options.groupId ?? DEFAULT_DELIVERY_GROUP_ID,
    userAgent: options.userAgent ?? DEFAULT_USER_AGENT,
    tuning,
    retentionDays: options.retentionDays ?? DEFAULT_RETENTION_DAYS,
    localJobUser: options.localJobUser ?? DEFAULT_LOCAL_JOB_USER,
    // Jobs go to GATEHOUSE_KUBERNETES_JOB_NAMESPACE, else to the worker's own namespace; its Role must be bound there.
    kubernetes: {
      ...DEFAULT_KUBERNETES_JOB_SETTINGS,
      namespace: inClusterNamespace() ?? DEFAULT_KUBERNETES_JOB_SETTINGS.namespace,
      ...options.kubernetes,
    },
  };
}
