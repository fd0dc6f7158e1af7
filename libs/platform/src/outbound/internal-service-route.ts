import { outboundRequest } from './undici-parts';
import { internalServiceAgent } from './internal-service-agent';

/** What another service answered: its status and its body as JSON (undefined when it is not JSON). */
export interface InternalServiceAnswer {
  status: number;
  body: unknown;
}

/**
 * One internal route of another Gatehouse service (`{url}{path}`), POSTed as JSON with the
 * internal bearer token over kept-alive connections (internalServiceAgent). `post` throws only
 * when the service could not be reached within the deadline; whatever it answered is returned as
 * it came, for the caller to judge.
 */
export class InternalServiceRoute {
  readonly endpoint: string;
  private readonly agent = internalServiceAgent();

  constructor(
    url: string,
    path: string,
    private readonly internalToken: string,
    private readonly timeoutMs: number,
  ) {
    this.endpoint = `${url.replace(/\/+$/, '')}${path}`;
  }

  async post(body: unknown): Promise<InternalServiceAnswer> {
    const response = await outboundRequest(this.endpoint, {
      method: 'POST',
      dispatcher: this.agent,
      headers: {
        authorization: `Bearer ${this.internalToken}`,
        'content-type': 'application/json',
        accept: 'application/json',
      },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
    return {
      status: response.statusCode,
      body: await response.body.json().catch(() => undefined),
    };
  }

  /** Closes the kept-alive connections (at shutdown). */
  close(): Promise<void> {
    return this.agent.close();
  }
}
