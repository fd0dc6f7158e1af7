import { Inject, Injectable } from '@nestjs/common';
import {
  authorizationErrorParams,
  buildAuthorizationResponseUrl,
  ConsentGrant,
  OAuthError,
} from '@gatehouse/domain';
import { RandomSource } from '@gatehouse/identity';
import type { AuthorizationCodeRecord } from '../authorization-code/authorization-code-record';
import { AuthorizationCodes } from '../authorization-code/authorization-codes';
import { AuthorizationIntent } from './authorization-intent';
import { AUTHORIZE_OPTIONS, AuthorizeOptions } from './authorize-options';

/**
 * The authorization endpoint's answers to the app (RFC 6749 §4.1.2, RFC 9207): a code bound to
 * everything the token request must prove, or an error; both with `state` and `iss`.
 */
@Injectable()
export class AuthorizationResponder {
  constructor(
    private readonly codes: AuthorizationCodes,
    private readonly random: RandomSource,
    @Inject(AUTHORIZE_OPTIONS) private readonly options: AuthorizeOptions,
  ) {}

  async success(input: {
    clientId: string;
    userId: string;
    intent: AuthorizationIntent;
    grant: ConsentGrant;
    nowMs: number;
    account?: AuthorizationCodeRecord['account'];
  }): Promise<string> {
    const { intent, grant } = input;
    const code = await this.codes.issue({
      clientId: input.clientId,
      userId: input.userId,
      redirectUri: intent.redirectUri,
      scopes: [...grant.scopes],
      orgIds: [...grant.orgIds],
      codeChallenge: intent.codeChallenge,
      nonce: intent.nonce,
      authTime: intent.authTime,
      ...(intent.sid === undefined ? {} : { sid: intent.sid }),
      issuedAt: input.nowMs,
      familyId: this.random.id(input.nowMs),
      ...(input.account ? { account: input.account } : {}),
    });
    return buildAuthorizationResponseUrl(intent.redirectUri, {
      code,
      state: intent.state,
      iss: this.options.issuer,
    });
  }

  failure(redirectUri: string, state: string | null, error: OAuthError): string {
    return buildAuthorizationResponseUrl(
      redirectUri,
      authorizationErrorParams(error, state, this.options.issuer),
    );
  }
}
