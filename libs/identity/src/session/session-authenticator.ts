import { Inject, Injectable, Optional } from '@nestjs/common';
import { timingSafeEqualString } from '@gatehouse/crypto';
import { ApiError } from '@gatehouse/domain';
import type { FlowStore } from '@gatehouse/flow-state';
import { SHARED_FLOW_STORE } from '@gatehouse/platform';
import type { Request } from 'express';
import { orgMembershipOf, principalUserOf, userAccountOf } from '../accounts/account-mapping';
import { IDENTITY_OPTIONS, IdentityOptions } from '../identity-options';
import type { Principal } from '../principal/principal';
import { AccountReader } from '../accounts/ports/account.reader';
import { isSignedIn } from './browser-session';
import { readSessionCookie } from './session-cookie';
import { SessionStore } from './session.store';

/**
 * The header a page sends with every JSON API call it makes on the browser session: the session's
 * CSRF token (from `GET /api/session`). A cross-site page can make the browser send the cookie, but
 * it can neither read the token nor set a custom header without a CORS preflight we never answer.
 */
const CSRF_HEADER = 'x-csrf-token';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * The browser session as API credentials: the settings pages call the same JSON API as the CLI and
 * SDK, with the sign-in cookie instead of a bearer token. The principal is the user themself, with
 * the rights of their own write token.
 */
@Injectable()
export class SessionAuthenticator {
  private readonly secureCookies: boolean;
  private readonly publicOrigin: string;
  /** Null in a process without flow state: it then has no browser sessions, only bearer tokens. */
  private readonly sessions: SessionStore | null;

  constructor(
    private readonly accounts: AccountReader,
    @Inject(IDENTITY_OPTIONS) options: IdentityOptions,
    @Optional() @Inject(SHARED_FLOW_STORE) flowStore?: FlowStore,
  ) {
    this.sessions = flowStore ? new SessionStore(flowStore) : null;
    this.secureCookies = options.publicUrl.startsWith('https://');
    this.publicOrigin = new URL(options.publicUrl).origin;
  }

  /** Whether the request carries a session cookie (and no other credentials were given). */
  carriesSession(req: Request): boolean {
    return this.sessions !== null && readSessionCookie(req, this.secureCookies) !== null;
  }

  /** The signed-in user of the session cookie; 401 without a live session, 403 without the CSRF proof. */
  async authenticate(req: Request): Promise<Principal> {
    const id = readSessionCookie(req, this.secureCookies);
    const session = id === null || this.sessions === null ? null : await this.sessions.get(id);
    const loaded = id !== null && session !== null ? { id, data: session } : null;
    if (!isSignedIn(loaded))
      throw ApiError.unauthorized('Sign in again: the browser session has ended');
    const submitted = req.headers[CSRF_HEADER];
    if (typeof submitted !== 'string' || !timingSafeEqualString(submitted, loaded.data.csrfToken)) {
      throw ApiError.forbidden(
        'Requests made with the browser session need the X-CSRF-Token header of GET /api/session',
      );
    }
    if (!SAFE_METHODS.has(req.method) && !this.sameOrigin(req)) {
      throw ApiError.forbidden('Cross-site requests cannot use the browser session');
    }
    const user = await this.accounts.findUser(loaded.data.userId);
    if (!user || user.disabledAt)
      throw ApiError.unauthorized('Sign in again: the browser session has ended');
    const memberships = await this.accounts.membershipsOf(user.id);
    return {
      tokenId: 'session',
      kind: 'session',
      user: principalUserOf(user),
      scopes: [],
      role: 'write',
      clientId: null,
      grantedOrgIds: memberships.map((membership) => membership.organization.id),
      boundOrgId: null,
      memberRole: null,
      repo: null,
      displayName: 'Browser session',
      createdAt: new Date(loaded.data.authTime),
      expiresAt: null,
      account: { user: userAccountOf(user), memberships: memberships.map(orgMembershipOf) },
      appName: null,
    };
  }

  /**
   * Fetch metadata first (every current browser sends it), then `Origin`: either the public URL's
   * origin or the host the request was addressed to. No header at all is a non-browser client.
   */
  private sameOrigin(req: Request): boolean {
    const site = req.headers['sec-fetch-site'];
    if (typeof site === 'string') return site === 'same-origin' || site === 'none';
    const origin = req.headers.origin;
    if (typeof origin !== 'string') return true;
    if (origin === this.publicOrigin) return true;
    const host = req.headers['x-forwarded-host'] ?? req.headers.host;
    return (
      typeof host === 'string' &&
      URL.canParse(origin) &&
      new URL(origin).host === host.split(',')[0]!.trim()
    );
  }
}
