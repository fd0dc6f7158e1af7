import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import {
  classifyOutboundFailure,
  guardedAgent,
  outboundRequest,
  readCappedBody,
} from '@gatehouse/platform';
import type { Dispatcher } from 'undici';
import {
  DEFAULT_JWKS_FETCH_LIMITS,
  JwksFetchLimits,
  TOKEN_EXCHANGE_OPTIONS,
  TokenExchangeServiceOptions,
} from '../token-exchange-options';

/** A JSON Web Key Set (RFC 7517 §5), as fetched: its keys are checked by jose when used. */
export interface JsonWebKeySet {
  keys: Array<Record<string, unknown>>;
}

/** The JWKS of a CI provider could not be had; `message` is for logs. */
export class JwksUnavailableError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'JwksUnavailableError';
  }
}

/** Port: fetches a JWKS document (jose's remote key set calls it; caching and refetch are jose's). */
export abstract class JwksFetcher {
  abstract fetch(uri: string): Promise<JsonWebKeySet>;
}

/**
 * Fetches JWKS documents the way outbound requests on a third party's behalf must be made:
 * https only (plain http too when loopback targets are allowed, for development and tests), no
 * credentials in the URL, special-use addresses refused (the outbound guard, at connect time), no
 * redirects followed, a deadline on the whole request and a cap on the body size.
 */
@Injectable()
export class SafeJwksFetcher extends JwksFetcher implements OnModuleDestroy {
  private readonly limits: JwksFetchLimits;
  private readonly agent: Dispatcher;

  constructor(
    @Inject(TOKEN_EXCHANGE_OPTIONS)
    private readonly options: Pick<TokenExchangeServiceOptions, 'allowLoopbackTargets' | 'jwks'>,
  ) {
    super();
    this.limits = { ...DEFAULT_JWKS_FETCH_LIMITS, ...options.jwks };
    this.agent = guardedAgent({
      allowLoopback: options.allowLoopbackTargets,
      connectTimeoutMs: this.limits.timeoutMs,
      agent: { headersTimeout: this.limits.timeoutMs, bodyTimeout: this.limits.timeoutMs },
    });
  }

  async fetch(uri: string): Promise<JsonWebKeySet> {
    const url = this.checkedUrl(uri);
    let body: string;
    try {
      const response = await outboundRequest(url, {
        method: 'GET',
        dispatcher: this.agent,
        headers: {
          accept: 'application/jwk-set+json, application/json',
          'user-agent': 'gatehouse',
        },
        signal: AbortSignal.timeout(this.limits.timeoutMs),
      });
      if (response.statusCode !== 200) {
        await response.body.dump();
        throw new JwksUnavailableError(
          `JWKS ${uri} answered ${response.statusCode} (redirects are not followed)`,
        );
      }
      const read = await readCappedBody(
        response.body,
        this.limits.maxBytes,
        response.headers['content-length'],
      );
      if (!read.complete)
        throw new JwksUnavailableError(`JWKS ${uri} is larger than ${this.limits.maxBytes} bytes`);
      body = read.bytes.toString('utf8');
    } catch (error) {
      if (error instanceof JwksUnavailableError) throw error;
      const failure = classifyOutboundFailure(error);
      if (failure.kind === 'address_refused')
        throw new JwksUnavailableError(
          `JWKS URL ${uri} points at a refused address (${failure.refusal.reason})`,
        );
      throw new JwksUnavailableError(`JWKS ${uri} could not be fetched: ${describe(error)}`);
    }
    return parseJwks(body, uri);
  }

  async onModuleDestroy(): Promise<void> {
    await this.agent.close();
  }

  private checkedUrl(uri: string): URL {
    let url: URL;
    try {
      url = new URL(uri);
    } catch {
      throw new JwksUnavailableError(`JWKS URL ${uri} is not a URL`);
    }
    const allowedProtocols = this.options.allowLoopbackTargets ? ['https:', 'http:'] : ['https:'];
    if (!allowedProtocols.includes(url.protocol))
      throw new JwksUnavailableError(`JWKS URL ${uri} must use https`);
    if (url.username || url.password)
      throw new JwksUnavailableError(`JWKS URL ${uri} must not carry credentials`);
    return url;
  }
}

function parseJwks(body: string, uri: string): JsonWebKeySet {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new JwksUnavailableError(`JWKS ${uri} is not JSON`);
  }
  const keys = (parsed as { keys?: unknown } | null)?.keys;
  if (
    !Array.isArray(keys) ||
    !keys.every((key) => typeof key === 'object' && key !== null && !Array.isArray(key))
  ) {
    throw new JwksUnavailableError(`JWKS ${uri} has no keys array`);
  }
  return { keys: keys as Array<Record<string, unknown>> };
}

function describe(error: unknown): string {
  if (error instanceof Error) {
    const cause = (error as Error & { cause?: unknown }).cause;
    return cause instanceof Error ? `${error.message} (${cause.message})` : error.message;
  }
  return String(error);
}
