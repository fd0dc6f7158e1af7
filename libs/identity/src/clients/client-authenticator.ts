import { Inject, Injectable, Optional } from '@nestjs/common';
import { hashToken, timingSafeEqualString } from '@gatehouse/crypto';
import {
  authenticateClient,
  DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
  InvalidClient,
  isClientIdMetadataUrl,
  parseBasicAuthorization,
  presentedClient,
  RateLimited,
  rateLimitKeyOf,
} from '@gatehouse/domain';
import { FailureCounter, FlowStore } from '@gatehouse/flow-state';
import { FLOW_STORE } from '@gatehouse/platform';
import type { OAuthAppRecord } from './ports/oauth-app-record';
import type { TokenRequestContext } from '../grants/token-request-context';
import { AuthenticatedClient, ClientAuthenticationOptions } from './authenticated-client';
import { ClientLookup } from './ports/client-lookup';

/**
 * Client authentication at the token, revocation and device endpoints (docs/oauth.md "Client authentication", RFC 6749 §2.3):
 * `client_secret_basic`, `client_secret_post`, or `none` for public apps. Apps whose client ID is a
 * metadata-document URL are public (docs/oauth.md "Apps"). Failures are invalid_client (401).
 *
 * Wrong secrets are counted per client and address: after CLIENT_SECRET_FAILURES_ALLOWED in a
 * window that client answers that address 429 until the window ends, whatever it presents.
 * Client secrets are too long to guess; the limit keeps anyone from trying at full speed, and
 * keying on the address keeps a guesser from locking the real app out.
 */
@Injectable()
export class ClientAuthenticator {
  private readonly secretFailures: FailureCounter | null;

  constructor(
    private readonly clients: ClientLookup,
    @Optional() @Inject(FLOW_STORE) flowStore?: FlowStore,
  ) {
    this.secretFailures = flowStore
      ? new FailureCounter(flowStore, 'client-secret-failures:')
      : null;
  }

  authenticate(
    ctx: TokenRequestContext,
    options: ClientAuthenticationOptions & { allowMissingClientId: true },
  ): Promise<AuthenticatedClient | null>;
  authenticate(
    ctx: TokenRequestContext,
    options?: ClientAuthenticationOptions,
  ): Promise<AuthenticatedClient>;
  async authenticate(
    ctx: TokenRequestContext,
    options: ClientAuthenticationOptions = {},
  ): Promise<AuthenticatedClient | null> {
    const presented = presentedClient({
      basic: parseBasicAuthorization(ctx.authorization),
      bodyClientId: ctx.params.client_id,
      bodyClientSecret: ctx.params.client_secret,
    });
    const clientId = presented.clientId ?? options.clientIdFromGrant ?? null;
    if (clientId === null) {
      if (options.allowMissingClientId) return null;
      throw new InvalidClient('client_id is required');
    }

    const app = await this.clients.findByClientId(clientId);
    if (!app) {
      if (!isClientIdMetadataUrl(clientId))
        throw new InvalidClient('Unknown client', `client_id ${clientId} is not registered`);
      const { method } = authenticateClient({
        presented,
        app: { clientId, hasSecret: false },
        secretMatches: false,
      });
      return {
        clientId,
        method,
        kind: 'metadata_document',
        app: null,
        accessTokenTtlSeconds: DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
        scopes: [],
      };
    }

    const failureKey = `${hashToken(app.clientId)}:${rateLimitKeyOf(ctx.ip)}`;
    if (presented.secret !== null) await this.refuseWhileLimited(failureKey);
    const matches = secretMatches(presented.secret, app);
    if (presented.secret !== null && !matches && app.clientSecretHash !== null) {
      await this.secretFailures?.record(failureKey, CLIENT_SECRET_FAILURE_WINDOW_MS);
    }
    const { method } = authenticateClient({
      presented,
      app: { clientId: app.clientId, hasSecret: app.clientSecretHash !== null },
      secretMatches: matches,
      pkceBoundCode: options.pkceBoundCode,
    });
    return {
      clientId: app.clientId,
      method,
      kind: 'registered',
      app,
      accessTokenTtlSeconds: app.accessTokenTtlSeconds ?? DEFAULT_ACCESS_TOKEN_TTL_SECONDS,
      scopes: [...app.scopes],
    };
  }

  private async refuseWhileLimited(failureKey: string): Promise<void> {
    const waitMs = await this.secretFailures?.blockedForMs(
      failureKey,
      CLIENT_SECRET_FAILURES_ALLOWED,
      CLIENT_SECRET_FAILURE_WINDOW_MS,
    );
    if (waitMs) {
      throw new RateLimited(
        'Too many failed client authentications from your address; try again later',
        waitMs / 1000,
        `key ${failureKey}`,
      );
    }
  }
}

/** Wrong client secrets allowed per client and address in a window. */
export const CLIENT_SECRET_FAILURES_ALLOWED = 10;
const CLIENT_SECRET_FAILURE_WINDOW_MS = 10 * 60_000;

function secretMatches(secret: string | null, app: OAuthAppRecord): boolean {
  if (secret === null || app.clientSecretHash === null) return false;
  return timingSafeEqualString(hashToken(secret), app.clientSecretHash);
}
