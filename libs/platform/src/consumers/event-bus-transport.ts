import { type CustomTransportStrategy, type MessageHandler, Server } from '@nestjs/microservices';
import {
  deadLetterTopic,
  type EventBus,
  GATEHOUSE_TOPIC_SPECS,
  type IncomingMessage,
  type KafkaAccess,
  type MessagingLogger,
  type SubscribeOptions,
  type Subscription,
  type TopicSpec,
  traceConsumer,
} from '@gatehouse/messaging';
import { randomBytes } from 'node:crypto';
import { hostname } from 'node:os';
import { isObservable, lastValueFrom } from 'rxjs';

/**
 * What a consumer's `@EventPattern(topic, options)` says besides its topic (docs/architecture.md
 * "Consumers"). The bus's rules hold as they are: a message is committed once the method resolved,
 * a method that throws is retried and then dead-lettered (EventBus).
 */
export interface EventConsumerOptions {
  /** The consumer group, as KAFKA_ACCESS declares it; with `ephemeral`, the prefix of the process's own group. */
  group: string;
  /** A group of this process alone, which keeps no position and is deleted when it closes (SubscribeOptions.ephemeral). */
  ephemeral?: boolean;
  /**
   * The method takes what the bus fetched from one partition at once, as an array
   * (SubscribeOptions.batchHandler); when it throws, it is called again with each message alone.
   */
  batch?: boolean;
  /** Tries per message before it is dead-lettered; the bus's default (5) when absent. */
  maxAttempts?: number;
  /** Where a group with no position starts: the oldest message, or (default) the next new one. */
  fromBeginning?: boolean;
  /**
   * Who subscribes it: the transport when the application starts (default), or its feature, at
   * the point of its own start that needs it (`EventConsumers.subscribe`): the delivery pipeline
   * joins the webhook-changed group before it reads the webhooks, and the repo events after.
   */
  startedBy?: 'transport' | 'feature';
}

/** Where a feature's consumer reads: its topic and group id when they are not the declared ones (tests give each run its own). */
export interface ConsumerPlacement {
  topic?: string;
  groupId?: string;
}

/** Starts the consumers whose options say `startedBy: 'feature'`, in the order the feature needs. */
export interface EventConsumers {
  /** Subscribes the handler of `@EventPattern(pattern)`; resolves once it has joined its group, as EventBus.subscribe. */
  subscribe(pattern: string, placement?: ConsumerPlacement): Promise<Subscription>;
}

type DeclaredConsumer = KafkaAccess['reads'][number];

export interface EventBusTransportOptions {
  /**
   * The consumers the service declares (its KAFKA_ACCESS reads): the application does not start
   * unless its handlers are exactly these. Absent: any handlers (tests).
   */
  declared?: readonly DeclaredConsumer[];
  /** Group ids to join instead of declared ones (tests give each run groups of their own). */
  groupIds?: Readonly<Record<string, string>>;
  /** Appended to an ephemeral group's prefix; default host, pid and random. */
  instanceId?: string;
  /** Wait between tries of a consumer the transport starts, while subscribing fails; default 5 s. */
  retryMs?: number;
  logger: MessagingLogger;
}

interface Binding {
  topic: string;
  options: EventConsumerOptions;
  handler: MessageHandler;
}

const DEFAULT_RETRY_MS = 5_000;
const OPTION_KEYS = new Set([
  'group',
  'ephemeral',
  'batch',
  'maxAttempts',
  'fromBeginning',
  'startedBy',
]);

/**
 * The event bus as a Nest transport (`CustomTransportStrategy`): a consumer is a controller
 * method with `@EventPattern(topic, options)`, and each such method is one subscription of the
 * bus (EventBus.subscribe), with the bus's batching, commits, retries, dead letters and
 * ephemeral groups. The method's result is awaited, and its error (passed through by
 * EventHandlerFailureFilter) is the handler's error for the bus.
 *
 * The handlers are checked once, before anything subscribes: each an event handler with valid
 * options, one per topic and group, and, when the service declares its consumers, exactly those.
 * On `listen` the transport subscribes its own handlers in the declared order, each once the one
 * before has joined, in the background: without the broker the process starts and serves, and a
 * subscription that failed is tried again every few seconds. `close` ends every subscription.
 */
export class EventBusTransport extends Server implements CustomTransportStrategy, EventConsumers {
  private readonly open = new Set<Subscription>();
  private checked?: readonly Binding[];
  private starting: Promise<void> = Promise.resolve();
  private closed = false;
  private wake?: () => void;
  private readonly instanceId: string;

  constructor(
    private readonly bus: EventBus,
    private readonly options: EventBusTransportOptions,
  ) {
    super();
    this.instanceId =
      options.instanceId ?? `${hostname()}-${process.pid}-${randomBytes(3).toString('hex')}`;
  }

  listen(callback: (error?: unknown) => void): void {
    try {
      this.verify();
    } catch (error) {
      callback(error);
      return;
    }
    this.starting = this.startOwnConsumers();
    callback();
  }

  /** Resolves once every consumer the transport starts has joined (or the transport closed). */
  whenStarted(): Promise<void> {
    return this.starting;
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wake?.();
    await Promise.allSettled([...this.open].map((subscription) => subscription.close()));
  }

  async subscribe(pattern: string, placement: ConsumerPlacement = {}): Promise<Subscription> {
    const [binding, ...others] = this.verify().filter(
      (candidate) => candidate.topic === pattern && candidate.options.startedBy === 'feature',
    );
    if (!binding)
      throw new Error(
        `No @EventPattern('${pattern}') handler with startedBy 'feature' is registered: its controller is not in a module of this application`,
      );
    if (others.length > 0)
      throw new Error(`Several handlers of '${pattern}' are started by their feature: one is`);
    return this.opened(binding, placement);
  }

  /**
   * The boot check: the handlers Nest registered, as bindings, or an error naming every problem.
   * Nest chains handlers of one pattern so that one call runs them all; each is detached here,
   * since each is a subscription of its own.
   */
  verify(): readonly Binding[] {
    if (this.checked) return this.checked;
    const bindings = checkedBindings(this.getHandlers(), this.options.declared);
    for (const binding of bindings) delete binding.handler.next;
    this.checked = bindings;
    return bindings;
  }

  on(): never {
    throw new Error('EventBusTransport has no events of its own: read EventBus.consumers()');
  }

  unwrap<T>(): T {
    return this.bus as T;
  }

  private async startOwnConsumers(): Promise<void> {
    const declared = this.options.declared ?? [];
    const rank = (binding: Binding) => declared.findIndex((consumer) => matches(binding, consumer));
    const own = this.verify()
      .filter((binding) => binding.options.startedBy !== 'feature')
      .sort((a, b) => rank(a) - rank(b));
    for (const binding of own) {
      while (!this.closed) {
        try {
          await this.bus.ensureTopics(topicSpecsOf(binding.topic));
          const subscription = await this.opened(binding, {});
          if (this.closed) await subscription.close();
          break;
        } catch (error) {
          if (this.closed) return;
          this.options.logger.warn(
            {
              err: { message: (error as Error).message },
              topic: binding.topic,
              groupId: this.groupIdOf(binding.options),
            },
            'event consumer: cannot subscribe yet; trying again',
          );
          await this.pause(this.options.retryMs ?? DEFAULT_RETRY_MS);
        }
      }
    }
  }

  private async opened(binding: Binding, placement: ConsumerPlacement): Promise<Subscription> {
    if (this.closed) throw new Error('the event bus transport is closed');
    const { options, handler } = binding;
    const topic = placement.topic ?? binding.topic;
    const groupId = placement.groupId ?? this.groupIdOf(options);
    const call = traceConsumer(
      topic,
      groupId,
      (data: IncomingMessage | readonly IncomingMessage[]) => invoke(handler, data),
    );
    const subscribe: SubscribeOptions = {
      topics: [topic],
      groupId,
      fromBeginning: options.fromBeginning,
      ephemeral: options.ephemeral,
      maxAttempts: options.maxAttempts,
      ...(options.batch
        ? { handler: (message) => call([message]), batchHandler: call }
        : { handler: call }),
    };
    const subscription = await this.bus.subscribe(subscribe);
    let closing: Promise<void> | undefined;
    const tracked: Subscription = {
      close: () => {
        closing ??= subscription.close().finally(() => this.open.delete(tracked));
        return closing;
      },
    };
    this.open.add(tracked);
    return tracked;
  }

  private groupIdOf(options: EventConsumerOptions): string {
    if (options.ephemeral) return `${options.group}${this.instanceId}`;
    return this.options.groupIds?.[options.group] ?? options.group;
  }

  private pause(ms: number): Promise<void> {
    return new Promise((resume) => {
      const timer = setTimeout(resume, ms);
      timer.unref();
      this.wake = () => {
        clearTimeout(timer);
        resume();
      };
    });
  }
}

/** Calls a handler Nest wrapped (pipes, interceptors, filters) and settles when it has: a result given as an Observable is run to its end. */
async function invoke(handler: MessageHandler, data: unknown): Promise<void> {
  const result: unknown = await handler(data);
  if (isObservable(result)) await lastValueFrom(result, { defaultValue: undefined });
}

/** A topic and its dead-letter topic, with the spec Gatehouse gives it when it is one of its own. */
function topicSpecsOf(topic: string): TopicSpec[] {
  const known = (name: string) =>
    GATEHOUSE_TOPIC_SPECS.find((spec) => spec.topic === name) ?? { topic: name };
  return [known(topic), known(deadLetterTopic(topic))];
}

function checkedBindings(
  handlers: Map<string, MessageHandler>,
  declared: readonly DeclaredConsumer[] | undefined,
): Binding[] {
  const problems: string[] = [];
  const bindings: Binding[] = [];
  for (const [topic, head] of handlers) {
    for (let handler: MessageHandler | undefined = head; handler; handler = handler.next) {
      if (!handler.isEventHandler) {
        problems.push(
          `${topic}: a @MessagePattern handler; the bus carries events, which have no reply: use @EventPattern`,
        );
        continue;
      }
      const options = consumerOptionsOf(handler.extras);
      if (typeof options === 'string') problems.push(`${topic}: ${options}`);
      else bindings.push({ topic, options, handler });
    }
  }
  const perGroup = new Map<string, number>();
  for (const { topic, options } of bindings) {
    const key = `${topic} in group ${options.group}`;
    perGroup.set(key, (perGroup.get(key) ?? 0) + 1);
  }
  for (const [key, count] of perGroup)
    if (count > 1)
      problems.push(
        `${key}: ${count} handlers; a group gets each message once, so each would see only some`,
      );
  if (declared) {
    for (const consumer of declared)
      if (!bindings.some((binding) => matches(binding, consumer)))
        problems.push(
          `${consumer.topic} in group ${consumer.group}${consumer.ephemeralGroups ? ' (ephemeral)' : ''}: declared for this service, but no @EventPattern handler consumes it`,
        );
    for (const binding of bindings)
      if (!declared.some((consumer) => matches(binding, consumer)))
        problems.push(
          `${binding.topic} in group ${binding.options.group}${binding.options.ephemeral ? ' (ephemeral)' : ''}: handled, but not among the consumers declared for this service (KAFKA_ACCESS)`,
        );
  }
  if (problems.length > 0)
    throw new Error(
      `The event consumers of this process are not as they must be:\n- ${[...new Set(problems)].join('\n- ')}`,
    );
  return bindings;
}

/** Whether a handler consumes what a service declares it reads. */
function matches(binding: Binding, consumer: DeclaredConsumer): boolean {
  return (
    binding.topic === consumer.topic &&
    binding.options.group === consumer.group &&
    Boolean(binding.options.ephemeral) === Boolean(consumer.ephemeralGroups)
  );
}

/** The options of an `@EventPattern`, or what is wrong with them. */
function consumerOptionsOf(
  extras: Record<string, unknown> | undefined,
): EventConsumerOptions | string {
  const given = extras ?? {};
  const unknown = Object.keys(given).filter((key) => !OPTION_KEYS.has(key));
  if (unknown.length > 0)
    return `unknown @EventPattern option ${unknown.join(', ')} (EventConsumerOptions: ${[...OPTION_KEYS].join(', ')})`;
  const { group, ephemeral, batch, maxAttempts, fromBeginning, startedBy } = given;
  if (typeof group !== 'string' || group === '')
    return 'its @EventPattern options name no consumer group ({ group })';
  for (const [name, value] of Object.entries({ ephemeral, batch, fromBeginning }))
    if (value !== undefined && typeof value !== 'boolean') return `${name} must be true or false`;
  if (maxAttempts !== undefined && !(Number.isInteger(maxAttempts) && (maxAttempts as number) >= 1))
    return 'maxAttempts must be a whole number of at least 1';
  if (startedBy !== undefined && startedBy !== 'transport' && startedBy !== 'feature')
    return "startedBy must be 'transport' or 'feature'";
  return given as unknown as EventConsumerOptions;
}
