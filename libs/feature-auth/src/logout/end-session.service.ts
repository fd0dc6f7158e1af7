import { Injectable } from '@nestjs/common';
import { ClientLookup, isSignedIn, type LoadedSession } from '@gatehouse/identity';
import type { EndSessionRequest } from './end-session-request';
import { IdTokenHintVerifier } from './ports/id-token-hint-verifier';

/** Where an RP-initiated logout goes once the browser is signed out; null: our own page. */
export interface LogoutReturn {
  clientId: string | null;
  appName: string | null;
  postLogoutRedirectUri: string | null;
  state: string | null;
}

export type EndSessionDecision =
  | { kind: 'invalid'; message: string }
  /** The hint names the session's user (or nobody is signed in): sign out without asking. */
  | { kind: 'sign_out'; then: LogoutReturn }
  /** Someone is signed in whom the request does not name: ask them first (§2, §6). */
  | { kind: 'confirm'; then: LogoutReturn };

/**
 * RP-initiated logout (OpenID Connect RP-Initiated Logout 1.0, docs/oauth.md "Logout"): the
 * `id_token_hint` must be ours; `client_id`, when both are given, one of its audiences; a
 * `post_logout_redirect_uri` must be registered by that app, character for character, else the
 * request is refused rather than redirected (§3, an open redirector otherwise).
 */
@Injectable()
export class EndSessionService {
  constructor(
    private readonly hints: IdTokenHintVerifier,
    private readonly clients: ClientLookup,
  ) {}

  async decide(
    request: EndSessionRequest,
    session: LoadedSession | null,
  ): Promise<EndSessionDecision> {
    const hint = request.idTokenHint === null ? null : await this.hints.verify(request.idTokenHint);
    if (request.idTokenHint !== null && hint === null)
      return invalid('The id_token_hint is not an ID token this server issued.');
    if (hint && request.clientId !== null && !hint.audience.includes(request.clientId))
      return invalid('The client_id is not the audience of the id_token_hint.');
    const clientId = request.clientId ?? (hint?.audience.length === 1 ? hint.audience[0]! : null);
    const app = clientId === null ? null : await this.clients.findByClientId(clientId);
    if (request.postLogoutRedirectUri !== null) {
      if (!app)
        return invalid(
          'A post_logout_redirect_uri needs the app that registered it (client_id or id_token_hint).',
        );
      if (!app.postLogoutRedirectUris.includes(request.postLogoutRedirectUri))
        return invalid('The post_logout_redirect_uri is not registered for this app.');
    }
    const then: LogoutReturn = {
      clientId: app?.clientId ?? null,
      appName: app?.name ?? null,
      postLogoutRedirectUri: request.postLogoutRedirectUri,
      state: request.state,
    };
    if (!isSignedIn(session)) return { kind: 'sign_out', then };
    return hint?.sub === session.data.userId
      ? { kind: 'sign_out', then }
      : { kind: 'confirm', then };
  }

  /** The confirmation form's answer: its return is checked again, as on the way in. */
  async confirmed(then: LogoutReturn): Promise<EndSessionDecision> {
    return this.decide(
      {
        idTokenHint: null,
        clientId: then.clientId,
        postLogoutRedirectUri: then.postLogoutRedirectUri,
        state: then.state,
      },
      null,
    );
  }
}

function invalid(message: string): EndSessionDecision {
  return { kind: 'invalid', message };
}
