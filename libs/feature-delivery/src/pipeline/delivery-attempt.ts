import { deliveryDeadLetteredEvent, inSpan, tracingActive } from '@gatehouse/messaging';
import { context, propagation, ROOT_CONTEXT, trace } from '@opentelemetry/api';
import {
  type Clock,
  deliveryHeaders,
  isJobTokenRepoType,
  jobTokenTtlSeconds,
  payloadBody,
} from '@gatehouse/domain';
import { ConcurrencyLimit, SecretBox } from '@gatehouse/crypto';
import type { Logger } from 'pino';
import { HttpDeliverySender } from '../http/ports/http-delivery-sender';
import { jobEnvironment } from '../jobs/job-environment';
import { JobLauncher, JobLaunchError, LaunchedJob } from '../jobs/ports/job-launcher';
import { JobTokenMinter } from '../jobs/ports/job-token-minter';
import { DeliveryMetrics } from '../metrics/delivery-metrics';
import { SubscriptionRegistry } from '../subscriptions/subscription-registry';
import type { WebhookSnapshot } from '../subscriptions/ports/webhook-snapshot';
import { type AttemptResult, type AttemptVerdict, judgeAttempt } from './attempt-verdict';
import { DeliveryIds } from './delivery-ids';
import { LEASE_SAFETY_MS, type DeliverySettings } from './delivery-settings';
import { AttemptNext, DeliveryStore } from './ports/delivery.store';
import { type DeliveryTask, laneOf } from './delivery-task';
import { AttemptJournal } from './attempt-journal';
import { RecoveryFastPath } from './recovery-fast-path';
import { type OpenedSecrets, openWebhookSecrets } from './webhook-secrets';
import { WebhookAutoDisabler } from './webhook-auto-disabler';
import { WebhookHealthTracker } from './webhook-health-tracker';

const tracer = trace.getTracer('@gatehouse/feature-delivery');

/** The active span's `traceparent`, for a Job's TRACEPARENT; undefined while tracing is off. */
function activeTraceparent(): string | undefined {
  const carrier: Record<string, string> = {};
  propagation.inject(context.active(), carrier);
  return carrier.traceparent;
}

/** The outcome of an attempt begun with its delivery whose webhook stopped before it was sent. */
const NOT_SENT_WEBHOOK_STOPPED =
  'not sent: the webhook was disabled or deleted before the request went out';

export interface DeliveryAttemptPorts {
  store: DeliveryStore;
  registry: SubscriptionRegistry;
  http: HttpDeliverySender;
  jobs: JobLauncher;
  /** Mints the token of a Job webhook that asks for one (`jobToken`), at each launch. */
  jobTokens: JobTokenMinter;
  secretBox: SecretBox;
  autoDisabler: WebhookAutoDisabler;
  /** Follows each webhook's health from its attempts, for its owner's notices. */
  health: WebhookHealthTracker;
  metrics: DeliveryMetrics;
  clock: Clock;
  ids: DeliveryIds;
  random: () => number;
  /**
   * Bounds the requests and Job launches in flight (`tuning.concurrency`). An attempt holds a slot
   * only while sending, not while its rows are written, so round trips never leave a slot idle.
   */
  sendSlots: ConcurrencyLimit;
  /** Called after an outbox write (a dead letter) so the relay publishes it now. */
  outboxWritten: () => void;
  logger: Pick<Logger, 'info' | 'warn' | 'error'>;
}

/**
 * One delivery attempt: to the webhook's current URL (POST of payload v3 with
 * `X-Webhook-Secret` and Standard Webhooks headers, `webhook-id` = the delivery id) or Job; then
 * the attempt is recorded with its outcome, the next try scheduled in `deliveries.next_attempt_at`
 * (never waited for here), or the delivery dead-lettered, which may disable the webhook. The
 * attempt's row is written before anything is sent, so every attempt that may have reached the
 * receiver is in the activity history, even when the worker dies before its outcome is known.
 * Attempts running side by side share their writes (AttemptJournal).
 */
export class DeliveryAttempt {
  private readonly journal: AttemptJournal;
  private readonly recovery: RecoveryFastPath;
  /** Per lane, when the last attempt to take its turn will have sent its request. */
  private readonly lastSendOfLane = new Map<string, Promise<void>>();
  /** Secrets opened per webhook snapshot: a changed webhook is a new snapshot, opened again. */
  private readonly openedSecrets = new WeakMap<WebhookSnapshot, OpenedSecrets>();

  constructor(
    private readonly ports: DeliveryAttemptPorts,
    private readonly settings: DeliverySettings,
  ) {
    this.journal = new AttemptJournal(ports.store);
    this.recovery = new RecoveryFastPath(ports, settings.leaseMs);
  }

  /**
   * Runs one attempt. The dispatcher starts a lane's attempts in order; each takes its place in
   * its lane's send order at once and calls `laneFree`, so the lane's next attempt may write its
   * row meanwhile, but sends only after this one's request is answered (first attempts for one
   * webhook and one repository still go out in event order). Once its outcome is handed to the
   * journal it calls `placeFree`: the attempt that takes its place begins in the same statement
   * (or a later one), so its row is never written before this one has its outcome.
   */
  async run(
    task: DeliveryTask,
    laneFree: () => void = () => undefined,
    placeFree: () => void = () => undefined,
  ): Promise<void> {
    const lane = laneOf(task);
    const previousSent = this.lastSendOfLane.get(lane);
    let markSent: () => void = () => undefined;
    const sent = new Promise<void>((resolve) => (markSent = resolve));
    this.lastSendOfLane.set(lane, sent);
    laneFree();
    try {
      await this.traced(task, () => this.attemptInTurn(task, previousSent, markSent, placeFree));
    } finally {
      markSent();
      if (this.lastSendOfLane.get(lane) === sent) this.lastSendOfLane.delete(lane);
    }
  }

  /**
   * Runs the attempt in a span (`webhook delivery attempt`) of the repo event's trace when the
   * intake was traced (the request to the receiver, a child of it, carries `traceparent`; a Job
   * gets `TRACEPARENT`), of a trace of its own otherwise. No-op spans while tracing is off.
   */
  private traced(task: DeliveryTask, attempt: () => Promise<void>): Promise<void> {
    if (!tracingActive()) return attempt();
    const parent = task.trace ? propagation.extract(ROOT_CONTEXT, task.trace) : ROOT_CONTEXT;
    return inSpan(
      tracer,
      'webhook delivery attempt',
      {
        attributes: {
          'gatehouse.delivery.id': task.deliveryId,
          'gatehouse.webhook.id': task.webhookId,
        },
      },
      parent,
      attempt,
    );
  }

  private async attemptInTurn(
    task: DeliveryTask,
    previousSent: Promise<void> | undefined,
    markSent: () => void,
    placeFree: () => void,
  ): Promise<void> {
    const { registry, clock } = this.ports;
    // Renewals have been failing (the database is away): another worker may soon claim it.
    if (task.lease.getTime() - clock.now() < LEASE_SAFETY_MS) return;
    const webhook = await registry.deliverable(task.webhookId);
    // Gone or disabled: the registry has cancelled its pending deliveries, this one included.
    if (!webhook) return this.notSent(task);
    const target = webhook.target.kind;
    const body = task.body ?? payloadBody(task.payload);
    const begun = task.begun ?? (await this.begin(task));
    // The lease was lost (cancelled, or taken over by another worker): nothing is sent.
    if (!begun) return;
    const { attemptId, attemptNo } = begun;
    await previousSent;
    const startedAt = clock.now();
    const { result, launched } = await this.ports.sendSlots.run(() =>
      this.attempt(webhook, task, body, attemptNo),
    );
    markSent();
    const finishedAt = clock.now();
    const durationMs = Math.max(0, finishedAt - startedAt);
    const verdict = judgeAttempt(result, {
      attemptNo,
      scheduleSeconds: this.settings.retryScheduleSeconds,
      now: finishedAt,
      random: this.ports.random(),
    });

    const recording = this.journal.record(task, {
      attemptId,
      startedAt: new Date(startedAt),
      durationMs,
      statusCode: verdict.statusCode,
      error: verdict.error,
      responseExcerpt: verdict.responseExcerpt,
      next: this.nextOf(task, verdict, finishedAt, attemptNo),
      now: new Date(finishedAt),
    });
    placeFree();
    const recorded = await recording;
    const { metrics } = this.ports;
    metrics.attempt(target, verdict.error === null ? 'success' : 'failure', durationMs);
    if (launched && recorded) await this.followJobRun(task, launched, startedAt);
    if (!recorded || !recorded.applied) return;

    const { decision } = verdict;
    await this.ports.health.observe(
      task.webhookId,
      verdict.error === null
        ? { kind: 'attempt_succeeded' }
        : { kind: 'attempt_failed', at: finishedAt, error: verdict.error },
    );
    if (verdict.error !== null) this.recovery.failed(task.webhookId, finishedAt);
    if (decision.status === 'succeeded') {
      metrics.delivery('succeeded', target);
      await this.recovery.succeeded(task.webhookId, attemptNo > 1, finishedAt);
      if (task.eventTime !== undefined && attemptNo === 1)
        metrics.delivered(target, task.eventTime, finishedAt);
    } else if (decision.status === 'retrying') {
      metrics.delivery('retry_scheduled', target);
    } else {
      metrics.delivery('failed', target);
      this.ports.outboxWritten();
      this.ports.logger.warn(
        {
          deliveryId: task.deliveryId,
          webhookId: task.webhookId,
          reason: decision.reason,
          error: verdict.error,
        },
        'delivery dead-lettered',
      );
      await this.ports.autoDisabler.afterDeadLetter(task.webhookId, verdict.disableWebhook);
    }
  }

  private async begin(
    task: DeliveryTask,
  ): Promise<{ attemptId: string; attemptNo: number } | null> {
    const begunAt = this.ports.clock.now();
    const attemptId = this.ports.ids.next(begunAt);
    const begun = await this.journal.begin(task, attemptId, new Date(begunAt));
    return begun && { attemptId, attemptNo: begun.attemptNo };
  }

  /**
   * An attempt begun with its delivery's insert whose webhook was disabled or deleted before the
   * request went out: its row says it was not sent (the cancelled delivery itself is left as it is).
   */
  private async notSent(task: DeliveryTask): Promise<void> {
    if (!task.begun) return;
    const now = this.ports.clock.now();
    await this.journal.record(task, {
      attemptId: task.begun.attemptId,
      startedAt: new Date(now),
      durationMs: 0,
      statusCode: null,
      error: NOT_SENT_WEBHOOK_STOPPED,
      responseExcerpt: null,
      next: { status: 'retrying', nextAttemptAt: new Date(now) },
      now: new Date(now),
    });
  }

  private async attempt(
    webhook: WebhookSnapshot,
    task: DeliveryTask,
    body: string,
    attemptNo: number,
  ): Promise<{ result: AttemptResult; launched?: LaunchedJob }> {
    let secrets = this.openedSecrets.get(webhook);
    try {
      if (!secrets)
        this.openedSecrets.set(
          webhook,
          (secrets = openWebhookSecrets(this.ports.secretBox, webhook)),
        );
    } catch (error) {
      this.ports.logger.error(
        { err: error, webhookId: webhook.id },
        'a webhook secret does not open with this encryption key',
      );
      return {
        result: {
          kind: 'not_sendable',
          message: 'the webhook secret could not be read; set it again',
        },
      };
    }
    if (webhook.target.kind === 'url') {
      const now = this.ports.clock.now();
      const previous = secrets.previous && now < secrets.previous.untilMs ? secrets.previous : null;
      const headers = deliveryHeaders({
        messageId: task.deliveryId,
        timestampSeconds: Math.floor(now / 1000),
        body,
        secret: secrets.secret,
        previousSecret: previous?.secret ?? null,
        signingKeys: secrets.key ? [secrets.key, ...(previous ? [previous.key] : [])] : undefined,
        userAgent: this.settings.userAgent,
      });
      const result = await this.ports.http.post({ url: webhook.target.url, headers, body });
      if (result.kind === 'failed' && result.detail)
        this.ports.logger.warn(
          {
            webhookId: webhook.id,
            deliveryId: task.deliveryId,
            error: result.error,
            detail: result.detail,
          },
          'delivery attempt refused',
        );
      return { result: { kind: 'http', result } };
    }
    const repo = task.payload.repo as { name: string; type: string };
    try {
      const jobToken = await this.mintJobToken(webhook, task, repo);
      const variables = jobEnvironment({
        spec: webhook.target.spec,
        payloadBody: body,
        repo,
        webhookSecret: secrets.secret,
        webhookSecrets: secrets.jobSecrets,
        traceparent: activeTraceparent(),
        jobToken,
      });
      const launched = await this.ports.jobs.launch({
        deliveryId: task.deliveryId,
        webhookId: webhook.id,
        attemptNo,
        spec: webhook.target.spec,
        ...variables,
      });
      return { result: { kind: 'job_started' }, launched };
    } catch (error) {
      const permanent = error instanceof JobLaunchError && error.permanent;
      const message =
        error instanceof JobLaunchError ? error.message : 'the Job could not be started';
      return { result: { kind: 'job_not_started', message, permanent } };
    }
  }

  /**
   * The token of a Job webhook that asks for one: minted for the webhook's owner, limited to the
   * event's repository, living as long as the Job may run. A failed mint fails the launch
   * (JobLaunchError), so the Job never starts without the token it asked for.
   */
  private async mintJobToken(
    webhook: WebhookSnapshot,
    task: DeliveryTask,
    repo: { name: string; type: string },
  ): Promise<string | null> {
    const access = webhook.jobToken;
    if (access === 'none' || webhook.target.kind !== 'job') return null;
    if (!isJobTokenRepoType(repo.type))
      throw new JobLaunchError(
        `the Job token could not be minted: a ${repo.type} cannot be a token's repository`,
        true,
      );
    const minted = await this.ports.jobTokens.mint({
      userId: webhook.ownerId,
      webhookId: webhook.id,
      deliveryId: task.deliveryId,
      repo: { type: repo.type, name: repo.name },
      access,
      ttlSeconds: jobTokenTtlSeconds(webhook.target.spec.timeoutSeconds),
    });
    return minted.token;
  }

  private nextOf(
    task: DeliveryTask,
    verdict: AttemptVerdict,
    now: number,
    attemptNo: number,
  ): AttemptNext {
    const { decision } = verdict;
    switch (decision.status) {
      case 'succeeded':
        return { status: 'succeeded' };
      case 'retrying':
        return { status: 'retrying', nextAttemptAt: new Date(now + decision.delayMs) };
      case 'failed': {
        const message = deliveryDeadLetteredEvent.encode(
          {
            deliveryId: task.deliveryId,
            webhookId: task.webhookId,
            eventId: task.eventId,
            attempts: attemptNo,
            lastStatusCode: verdict.statusCode,
            lastError: verdict.error,
            reason: decision.reason,
            failedAt: new Date(now).toISOString(),
          },
          { key: task.webhookId, id: `${task.deliveryId}-dead`, time: new Date(now) },
        );
        return {
          status: 'failed',
          deadLetter: { topic: this.settings.deadLetterTopic, ...message },
        };
      }
    }
  }

  /** A `job_runs` row per started Job; a followed run (local process) is updated when it ends. */
  private async followJobRun(
    task: DeliveryTask,
    launched: LaunchedJob,
    startedAt: number,
  ): Promise<void> {
    const id = this.ports.ids.next(startedAt);
    const { store, clock, logger } = this.ports;
    try {
      await store.recordJobRun({
        id,
        deliveryId: task.deliveryId,
        webhookId: task.webhookId,
        launcher: launched.launcher,
        externalId: launched.externalId,
        status: launched.exit ? 'running' : 'created',
        startedAt: new Date(startedAt),
      });
    } catch (error) {
      logger.warn({ err: error, deliveryId: task.deliveryId }, 'could not record the Job run');
      return;
    }
    launched.exit
      ?.then((exit) => store.finishJobRun(id, exit.status, exit.exitCode, new Date(clock.now())))
      .catch((error: unknown) =>
        logger.warn({ err: error, jobRunId: id }, 'could not record the end of a Job run'),
      );
  }
}
