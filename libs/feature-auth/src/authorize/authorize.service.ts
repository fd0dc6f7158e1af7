import { Inject, Injectable } from '@nestjs/common';
import {
  AccessDenied,
  AuthorizationParams,
  authorizationClientId,
  Clock,
  ConsentRequired,
  LoginRequired,
  OAuthError,
  validateAuthorizationRequest,
} from '@gatehouse/domain';
import { CLOCK } from '@gatehouse/platform';
import { consentingAccount } from '../consent/consent-outcome';
import { ConsentService, EMAIL_UNCONFIRMED } from '../consent/consent.service';
import { ConsentContext, ConsentContextReader } from '../consent/ports/consent-context.reader';
import type { SignedInSession } from '@gatehouse/identity';
import { AUTHORIZATION_INTENT, AuthorizationIntent } from './authorization-intent';
import { AuthorizationResponder } from './authorization-responder';
import { AuthorizingClientResolver, ResolvedClient } from './authorizing-client-resolver';

/**
 * `error_page`: the client or redirect URI cannot be trusted, show the error, never redirect.
 * `redirect`: to the app (a code or an error) or to the consent page.
 * `sign_in`: nobody usable is signed in (`endSession`: the session's user is gone or disabled), or
 * the app asks for a fresh sign-in (`reauthenticate`: `prompt=login`, or `max_age` passed).
 */
export type AuthorizeOutcome =
  | { kind: 'error_page'; error: OAuthError }
  | { kind: 'redirect'; location: string }
  | { kind: 'sign_in'; endSession: boolean; reauthenticate: boolean }
  /** The user has not confirmed their e-mail address: the page says so and offers a new link. */
  | { kind: 'confirm_email' };

/** The authorization endpoint (RFC 6749 §4.1.1, OIDC Core §3.1.2), for GET and POST alike. */
@Injectable()
export class AuthorizeService {
  constructor(
    private readonly clients: AuthorizingClientResolver,
    private readonly consents: ConsentService,
    private readonly responder: AuthorizationResponder,
    private readonly contexts: ConsentContextReader,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  /**
   * The request is checked in full before anyone is asked to sign in. The app, the session's user,
   * the user's memberships and remembered consent are read together, in one statement.
   * `requester`: the rate-limit key of the caller's address (a metadata-document fetch spends its budget).
   */
  async authorize(
    params: AuthorizationParams,
    session: SignedInSession | null,
    requester: string,
  ): Promise<AuthorizeOutcome> {
    const clientId = authorizationClientId(params);
    let client: ResolvedClient | null = null;
    let context: ConsentContext | null = null;
    try {
      if (clientId !== null) {
        context = await this.contexts.read(clientId, session?.data.userId ?? null);
        client = await this.clients.resolve(clientId, {
          scopeRequested: typeof params.scope === 'string' && params.scope.trim() !== '',
          registered: context.app,
          requester,
        });
      }
    } catch (error) {
      if (error instanceof OAuthError) return { kind: 'error_page', error };
      throw error;
    }
    const validated = validateAuthorizationRequest(params, client?.authorizing ?? null);
    if (validated.kind === 'error_page') return validated;
    if (validated.kind === 'redirect_error') {
      return {
        kind: 'redirect',
        location: this.responder.failure(validated.redirectUri, validated.state, validated.error),
      };
    }
    const { request } = validated;
    const refuse = (error: OAuthError): AuthorizeOutcome => ({
      kind: 'redirect',
      location: this.responder.failure(request.redirectUri, request.state, error),
    });
    const user = session ? (context?.user ?? null) : null;
    if (!session || !context || !user || user.disabled) {
      // A session whose user is gone or disabled is ended on the way to the sign-in page.
      return request.prompt.none
        ? refuse(new LoginRequired('The user is not signed in'))
        : { kind: 'sign_in', endSession: session !== null, reauthenticate: false };
    }
    if (
      request.prompt.login ||
      signedInTooLongAgo(this.clock.now() - session.data.authTime, request.maxAgeSeconds)
    ) {
      return request.prompt.none
        ? refuse(new LoginRequired('The user signed in longer ago than max_age allows'))
        : { kind: 'sign_in', endSession: false, reauthenticate: true };
    }

    const intent: AuthorizationIntent = {
      redirectUri: request.redirectUri,
      state: request.state,
      nonce: request.nonce,
      codeChallenge: request.codeChallenge,
      authTime: session.data.authTime,
      ...(session.data.sid === undefined ? {} : { sid: session.data.sid }),
    };
    try {
      const start = await this.consents.begin(
        {
          userId: user.id,
          client: client!.display,
          scopes: request.scopes,
          requiredOrgIds: request.orgIds,
          intent: { kind: AUTHORIZATION_INTENT, payload: intent },
        },
        { alwaysAsk: request.prompt.consent, neverAsk: request.prompt.none },
        context,
      );
      if (start.kind === 'ask') return { kind: 'redirect', location: start.location };
      if (start.kind === 'unconfirmed')
        return request.prompt.none
          ? refuse(new AccessDenied(EMAIL_UNCONFIRMED))
          : { kind: 'confirm_email' };
      if (start.kind === 'must_ask')
        return refuse(new ConsentRequired('The user has not consented to this request'));
      const account = consentingAccount(user, context);
      const location = await this.responder.success({
        clientId: request.clientId,
        userId: user.id,
        intent,
        grant: start.grant,
        nowMs: this.clock.now(),
        account,
      });
      return { kind: 'redirect', location };
    } catch (error) {
      if (!(error instanceof OAuthError)) throw error;
      return refuse(error);
    }
  }
}

/**
 * OIDC Core §3.1.2.1: `max_age` is the most seconds since the user last authenticated; compared in
 * milliseconds, so 1.9 s is past `max_age=1`, and `max_age=0` always asks again (as `prompt=login`).
 */
function signedInTooLongAgo(elapsedMs: number, maxAgeSeconds: number | null): boolean {
  if (maxAgeSeconds === null) return false;
  return maxAgeSeconds === 0 || elapsedMs > maxAgeSeconds * 1000;
}
