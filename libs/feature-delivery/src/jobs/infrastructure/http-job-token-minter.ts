import type { OnModuleDestroy } from '@nestjs/common';
import type { JobTokenRequest, MintedJobToken } from '@gatehouse/domain';
import { InternalServiceRoute } from '@gatehouse/platform';
import { JobLaunchError } from '../ports/job-launcher';
import { JobTokenMinter } from '../ports/job-token-minter';

export interface HttpJobTokenMinterOptions {
  /** GATEHOUSE_TOKEN_EXCHANGE_URL, e.g. `http://token-exchange:3001`. */
  url: string;
  /** GATEHOUSE_INTERNAL_TOKEN. */
  internalToken: string;
  /** Deadline of one mint; default 10 s. */
  timeoutMs?: number;
}

const DEFAULT_TIMEOUT_MS = 10_000;

/**
 * The distributed shape: `POST {url}/internal/job-tokens` with the internal bearer token. A 4xx
 * answer (the owner is gone or disabled, the request is refused) is a permanent launch failure
 * with the service's message; anything else (unreachable, 5xx, a body that is not a token) may
 * pass, so the delivery is tried again. The token itself is never part of an error or a log.
 */
export class HttpJobTokenMinter extends JobTokenMinter implements OnModuleDestroy {
  private readonly route: InternalServiceRoute;

  constructor(options: HttpJobTokenMinterOptions) {
    super();
    this.route = new InternalServiceRoute(
      options.url,
      '/internal/job-tokens',
      options.internalToken,
      options.timeoutMs ?? DEFAULT_TIMEOUT_MS,
    );
  }

  async mint(mintRequest: JobTokenRequest): Promise<MintedJobToken> {
    let status: number;
    let body: unknown;
    try {
      ({ status, body } = await this.route.post(mintRequest));
    } catch (error) {
      throw new JobLaunchError(
        `the Job token could not be minted: token-exchange unreachable (${(error as Error).message})`,
        false,
      );
    }
    if (status === 201 && isMintedJobToken(body)) return body;
    const message = errorMessageOf(body);
    if (status >= 400 && status < 500 && status !== 401 && status !== 429)
      throw new JobLaunchError(`the Job token could not be minted: ${message}`, true);
    throw new JobLaunchError(
      `the Job token could not be minted: token-exchange answered ${status}`,
      false,
    );
  }

  /** Nest calls it on the provider at shutdown: the kept-alive connections are closed. */
  onModuleDestroy(): Promise<void> {
    return this.route.close();
  }
}

function isMintedJobToken(body: unknown): body is MintedJobToken {
  const candidate = body as Partial<MintedJobToken> | null;
  return typeof candidate?.token === 'string' && typeof candidate.expiresAt === 'string';
}

/** The API error's public message (`{"error": message}`), cut short. */
function errorMessageOf(body: unknown): string {
  const error = (body as { error?: unknown } | null)?.error;
  return typeof error === 'string' ? error.slice(0, 200) : 'refused';
}
