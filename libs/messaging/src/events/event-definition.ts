import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import { OutgoingMessage } from '../event-bus/event-bus';
import { InvalidEventError } from './invalid-event.error';
import { withActiveTraceContext } from '../tracing/message-trace-context';

/** What every event on the wire looks like (the message value, as JSON). */
interface EventEnvelope<TType extends string = string, TData = unknown> {
  /** Unique per event: consumers deduplicate redeliveries by it. */
  id: string;
  type: TType;
  version: number;
  /** When the fact happened, ISO 8601 UTC. */
  time: string;
  data: TData;
}

/** Message headers that repeat the envelope's identity, for routing without parsing the value. */
export const EVENT_HEADERS = {
  id: 'gatehouse-event-id',
  type: 'gatehouse-event-type',
  version: 'gatehouse-event-version',
} as const;

/**
 * The event type a message's headers name, read without parsing its value, so a consumer of one
 * type on a shared topic passes over the others without decoding them. Undefined when the producer
 * set no such header: decode those to learn what they are.
 */
export function headerEventType(message: { headers?: Record<string, string> }): string | undefined {
  return message.headers?.[EVENT_HEADERS.type];
}

interface EncodeOptions {
  /** Partitioning key; see each event's documentation for what it is. */
  key: string;
  id?: string;
  time?: Date;
  headers?: Record<string, string>;
}

export interface EventDefinition<TType extends string, TSchema extends z.ZodType> {
  readonly type: TType;
  readonly version: number;
  readonly schema: TSchema;
  /** Validates `data` (a producer bug throws) and wraps it into a message. */
  encode(data: z.input<TSchema>, options: EncodeOptions): OutgoingMessage;
  /** Parses and validates a message value; throws InvalidEventError. */
  decode(message: { value: string }): EventEnvelope<TType, z.output<TSchema>>;
}

const envelopeSchema = z.object({
  id: z.string().min(1),
  type: z.string().min(1),
  version: z.number().int().positive(),
  time: z.iso.datetime({ offset: true }),
  data: z.unknown(),
});

/** Declares one version of one event type. */
export function defineEvent<TType extends string, TSchema extends z.ZodType>(definition: {
  type: TType;
  version: number;
  schema: TSchema;
}): EventDefinition<TType, TSchema> {
  const { type, version, schema } = definition;
  return {
    type,
    version,
    schema,
    encode(data, options) {
      const parsed = schema.safeParse(data);
      if (!parsed.success) {
        throw new InvalidEventError(
          'invalid_data',
          `Refusing to publish an invalid ${type} v${version} event`,
          {
            type,
            version,
            issues: z.prettifyError(parsed.error),
          },
        );
      }
      const id = options.id ?? randomUUID();
      const envelope: EventEnvelope = {
        id,
        type,
        version,
        time: (options.time ?? new Date()).toISOString(),
        data: parsed.data,
      };
      return {
        key: options.key,
        value: JSON.stringify(envelope),
        headers: {
          ...withActiveTraceContext(options.headers),
          [EVENT_HEADERS.id]: id,
          [EVENT_HEADERS.type]: type,
          [EVENT_HEADERS.version]: String(version),
        },
      };
    },
    decode(message) {
      const envelope = parseEnvelope(message.value);
      if (envelope.type !== type) {
        throw new InvalidEventError(
          'unexpected_type',
          `Expected a ${type} event, got ${envelope.type}`,
          {
            type: envelope.type,
            version: envelope.version,
          },
        );
      }
      if (envelope.version !== version) {
        throw new InvalidEventError(
          'unknown_version',
          `No definition for ${type} v${envelope.version} (this consumer reads v${version})`,
          {
            type,
            version: envelope.version,
          },
        );
      }
      return { ...envelope, type, data: validateData(schema, envelope) };
    },
  };
}

/**
 * Decodes a message into whichever of `definitions` matches its type and version, for consumers
 * that read several event types or versions from one topic.
 */
export function decodeEvent<TDefinitions extends readonly EventDefinition<string, z.ZodType>[]>(
  message: { value: string },
  definitions: TDefinitions,
): DecodedEvent<TDefinitions[number]> {
  const envelope = parseEnvelope(message.value);
  const sameType = definitions.filter((definition) => definition.type === envelope.type);
  if (sameType.length === 0) {
    throw new InvalidEventError('unexpected_type', `Unexpected event type ${envelope.type}`, {
      type: envelope.type,
      version: envelope.version,
    });
  }
  const definition = sameType.find((candidate) => candidate.version === envelope.version);
  if (!definition) {
    throw new InvalidEventError(
      'unknown_version',
      `No definition for ${envelope.type} v${envelope.version}`,
      {
        type: envelope.type,
        version: envelope.version,
      },
    );
  }
  return { ...envelope, data: validateData(definition.schema, envelope) } as DecodedEvent<
    TDefinitions[number]
  >;
}

export type DecodedEvent<TDefinition> =
  TDefinition extends EventDefinition<infer TType, infer TSchema>
    ? EventEnvelope<TType, z.output<TSchema>>
    : never;

function parseEnvelope(value: string): EventEnvelope {
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    throw new InvalidEventError('malformed', 'Event value is not JSON');
  }
  const parsed = envelopeSchema.safeParse(json);
  if (!parsed.success) {
    throw new InvalidEventError('malformed', 'Event value is not an event envelope', {
      issues: z.prettifyError(parsed.error),
    });
  }
  return parsed.data;
}

function validateData<TSchema extends z.ZodType>(
  schema: TSchema,
  envelope: EventEnvelope,
): z.output<TSchema> {
  const parsed = schema.safeParse(envelope.data);
  if (!parsed.success) {
    throw new InvalidEventError(
      'invalid_data',
      `Invalid data in ${envelope.type} v${envelope.version} event ${envelope.id}`,
      {
        type: envelope.type,
        version: envelope.version,
        issues: z.prettifyError(parsed.error),
      },
    );
  }
  return parsed.data;
}
