import type { ConsentGrant } from '@gatehouse/domain';
import type { MembershipRecord } from '@gatehouse/identity';

/** A registered app as the authorization endpoint needs it. */
export interface AuthorizingAppRecord {
  clientId: string;
  name: string;
  redirectUris: string[];
  scopes: string[];
  hasSecret: boolean;
}

interface AuthorizingUserRecord {
  id: string;
  username: string;
  fullname: string;
  email: string;
  avatarUrl: string | null;
  isPro: boolean;
  disabled: boolean;
}

/** Everything an authorization request reads, for one app and the signed-in user. */
export interface AuthorizeContext {
  /** Null when no app is registered under the client id (metadata-document apps, or none). */
  app: AuthorizingAppRecord | null;
  /** Null without a user, or when the session's user is gone. */
  user: AuthorizingUserRecord | null;
  /** The user's memberships, by organization name. */
  memberships: MembershipRecord[];
  /** The consent the user gave this app, if any. */
  remembered: ConsentGrant | null;
}

/**
 * Port: the app, the user, the memberships and the remembered consent of an authorization
 * request in one round trip (docs/benchmarks.md "Returning sign-in"), so a returning user's
 * authorize costs one statement.
 */
export abstract class AuthorizeContextReader {
  abstract read(clientId: string, userId: string | null): Promise<AuthorizeContext>;
}
