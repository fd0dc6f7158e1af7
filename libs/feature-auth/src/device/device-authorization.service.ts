import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  Clock,
  formatUserCode,
  RateLimited,
  rateLimitKeyOf,
  resolveRequestedScopes,
  ServerError,
  UnauthorizedClient,
} from '@gatehouse/domain';
import { FlowStore, RateLimiter } from '@gatehouse/flow-state';
import { ClientAuthenticator, RandomSource, TokenRequestContext } from '@gatehouse/identity';
import { CLOCK, FLOW_STORE } from '@gatehouse/platform';
import { DeviceAuthorizations } from './device-authorizations';
import { DEVICE_FLOW_OPTIONS, ResolvedDeviceFlowOptions } from './device-flow-options';
import { UserCodeGenerator } from './user-code-generator';

/** RFC 8628 §3.2. */
export interface DeviceAuthorizationResponse {
  device_code: string;
  user_code: string;
  verification_uri: string;
  verification_uri_complete: string;
  expires_in: number;
  interval: number;
}

// 20^8 codes and at most a few thousand live at once: a collision is rare, ten in a row is a fault.
const USER_CODE_DRAWS = 10;

/**
 * `POST /oauth/device` (RFC 8628 §3.1, docs/oauth.md "Device flow"): authenticates the client as the token endpoint
 * does (Basic for apps with a secret, `client_id` alone for public apps), resolves the scopes
 * (the app's own when none are asked), and starts a device authorization. The device code has
 * 256 random bits and is stored only as its SHA-256 (RFC 8628 §5.2). Starts are limited per
 * client address: each one stores state until it expires, and nothing authenticates a public app.
 */
@Injectable()
export class DeviceAuthorizationService {
  private readonly starts: RateLimiter;

  constructor(
    private readonly clients: ClientAuthenticator,
    private readonly authorizations: DeviceAuthorizations,
    private readonly random: RandomSource,
    private readonly userCodes: UserCodeGenerator,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(DEVICE_FLOW_OPTIONS) private readonly options: ResolvedDeviceFlowOptions,
    @Inject(FLOW_STORE) store: FlowStore,
  ) {
    this.starts = new RateLimiter(store, 'device-starts:');
  }

  async start(request: TokenRequestContext): Promise<DeviceAuthorizationResponse> {
    const { startsPerAddress, startWindowSeconds } = this.options.limits;
    const admitted = await this.starts.hit(
      rateLimitKeyOf(request.ip),
      startsPerAddress,
      startWindowSeconds * 1000,
    );
    if (!admitted.allowed) {
      throw new RateLimited(
        'Too many device authorizations from your address; try again later',
        admitted.resetMs / 1000,
        `address ${request.ip}`,
      );
    }
    const client = await this.clients.authenticate(request);
    if (!client.app) {
      // Nothing vouches for a metadata document's name without a redirect back to its site,
      // and the device flow has none: a phisher could show any name (RFC 8628 §5.4).
      throw new UnauthorizedClient(
        'Apps identified by a client ID metadata document cannot use the device flow',
      );
    }
    const scopes = resolveRequestedScopes(request.params.scope, client.scopes);
    const nowMs = this.clock.now();
    const deviceCode = this.random.token('');
    const deviceCodeHash = hashToken(deviceCode);
    const expiresAt = nowMs + this.options.deviceCodeTtlSeconds * 1000;
    const polling = { intervalSeconds: this.options.pollIntervalSeconds, lastPolledAt: null };

    for (let draw = 0; draw < USER_CODE_DRAWS; draw += 1) {
      const userCode = this.userCodes.next();
      const authorization = {
        clientId: client.clientId,
        clientName: client.app.name,
        scopes,
        userCode,
        createdAt: nowMs,
        expiresAt,
      };
      if (!(await this.authorizations.create(deviceCodeHash, authorization, polling, nowMs)))
        continue;
      const verificationUri = this.options.verificationUri;
      const shown = formatUserCode(userCode);
      return {
        device_code: deviceCode,
        user_code: shown,
        verification_uri: verificationUri,
        verification_uri_complete: `${verificationUri}?user_code=${shown}`,
        expires_in: this.options.deviceCodeTtlSeconds,
        interval: this.options.pollIntervalSeconds,
      };
    }
    throw new ServerError(
      'Could not allocate a user code, try again',
      `${USER_CODE_DRAWS} user codes in a row were taken`,
    );
  }
}
