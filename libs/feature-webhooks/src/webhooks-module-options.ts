import type { NetworkConfig, WebhooksConfig } from '@gatehouse/config';
import { DEFAULT_TRIGGER_LIMIT_POLICY, type TriggerLimitPolicy } from '@gatehouse/domain';
import type { HostResolver } from './webhooks/ports/host-resolver';

/** What `WebhooksModule.forRoot` takes, straight from the app's configuration. */
export interface WebhooksModuleOptions {
  /** GATEHOUSE_ENCRYPTION_KEY: seals webhook secrets and Job webhook secrets. */
  encryptionKey: string;
  webhooks: WebhooksConfig;
  network: NetworkConfig;
  /** Replaces the system resolver of the URL check (tests; deployments with a resolver of their own). */
  hostResolver?: HostResolver;
}

/** The rules the use cases apply, derived once from the options. */
export interface WebhooksSettings {
  maxWebhooksPerUser: number;
  /** GATEHOUSE_ALLOW_LOOPBACK_TARGETS: loopback URLs (and plain http to them) are accepted. */
  allowLoopbackTargets: boolean;
  /** The per-webhook trigger limit the delivery worker enforces; the activity view reports usage against it. */
  triggerLimit: TriggerLimitPolicy;
  /** GATEHOUSE_JOB_LAUNCHER is not `disabled`: the delivery worker starts Jobs. */
  jobsEnabled: boolean;
}

export const WEBHOOKS_SETTINGS = Symbol('gatehouse.webhooksSettings');

export function webhooksSettingsOf(
  options: Pick<WebhooksModuleOptions, 'webhooks' | 'network'>,
): WebhooksSettings {
  return {
    maxWebhooksPerUser: options.webhooks.maxWebhooksPerUser,
    allowLoopbackTargets: options.network.allowLoopbackTargets,
    triggerLimit: { ...DEFAULT_TRIGGER_LIMIT_POLICY, limit: options.webhooks.dailyTriggerLimit },
    jobsEnabled: options.webhooks.jobsEnabled,
  };
}
