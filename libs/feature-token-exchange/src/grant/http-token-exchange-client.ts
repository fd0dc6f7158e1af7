import { Inject, Injectable, OnModuleDestroy } from '@nestjs/common';
import { oauthErrorStatus, ServerError, TemporarilyUnavailable } from '@gatehouse/domain';
import type { TokenResponseBody } from '@gatehouse/identity';
import { InternalServiceRoute, LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import type { TokenExchangeRequest } from '../exchange/token-exchange-request';
import { oauthErrorOf } from './oauth-error-of';
import { TokenExchangeClient } from './token-exchange-client';

export interface HttpTokenExchangeClientOptions {
  /** GATEHOUSE_TOKEN_EXCHANGE_URL, e.g. `http://token-exchange:3001`. */
  url: string;
  /** GATEHOUSE_INTERNAL_TOKEN. */
  internalToken: string;
  /** Deadline of one exchange call; default 10 s. */
  timeoutMs?: number;
}

export const HTTP_TOKEN_EXCHANGE_CLIENT_OPTIONS = Symbol(
  'gatehouse.httpTokenExchangeClientOptions',
);

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The distributed shape: `POST {url}/internal/token-exchange` with the internal bearer token over
 * kept-alive connections. An OAuth error the service answers is re-raised as the same error, so
 * `/oauth/token` answers the same code, description and status. Anything else (unreachable,
 * refused internal token, a body that is not an answer) is the server's failure, logged here:
 * 503 temporarily_unavailable when the service cannot be reached, 500 server_error otherwise.
 */
@Injectable()
export class HttpTokenExchangeClient extends TokenExchangeClient implements OnModuleDestroy {
  private readonly route: InternalServiceRoute;

  constructor(
    @Inject(HTTP_TOKEN_EXCHANGE_CLIENT_OPTIONS) options: HttpTokenExchangeClientOptions,
    @Inject(LOGGER) private readonly logger: Logger,
  ) {
    super();
    this.route = new InternalServiceRoute(
      options.url,
      '/internal/token-exchange',
      options.internalToken,
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
  }

  async exchange(exchangeRequest: TokenExchangeRequest): Promise<TokenResponseBody> {
    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await this.route.post(exchangeRequest));
    } catch (error) {
      this.logger.error(
        { err: error, endpoint: this.route.endpoint },
        'token-exchange service unreachable',
      );
      throw new TemporarilyUnavailable(
        'Token exchange is temporarily unavailable',
        (error as Error).message,
      );
    }
    if (status === 200 && isTokenResponse(body)) return body;
    const relayed = oauthErrorOf(body);
    if (relayed && oauthErrorStatus(relayed.code) === status) throw relayed;
    this.logger.error(
      { endpoint: this.route.endpoint, status, body: describeBody(body) },
      'unexpected answer from the token-exchange service',
    );
    throw new ServerError('Token exchange failed', `token-exchange service answered ${status}`);
  }

  async onModuleDestroy(): Promise<void> {
    await this.route.close();
  }
}

function isTokenResponse(body: unknown): body is TokenResponseBody {
  const candidate = body as Partial<TokenResponseBody> | null;
  return typeof candidate?.access_token === 'string' && typeof candidate.expires_in === 'number';
}

/** What of an unexpected body may be logged: the error code alone (a token body is never logged). */
function describeBody(body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? `error ${error.slice(0, 200)}` : typeof body;
}
