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

export interface ConsentingUserRecord {
  id: string;
  username: string;
  fullname: string;
  email: string;
  avatarUrl: string | null;
  isPro: boolean;
  disabled: boolean;
  /** False until the address's confirmation link is used: no app may be authorized before. */
  emailConfirmed: boolean;
}

/** Everything a consent decision reads, for one app and one user. */
export interface ConsentContext {
  /** Null when no app is registered under the client id (metadata-document apps, or none). */
  app: AuthorizingAppRecord | null;
  /** Null without a user, or when the user is gone. */
  user: ConsentingUserRecord | null;
  /** The user's memberships, by organization name. */
  memberships: MembershipRecord[];
  /** The consent the user gave this app, if any. */
  remembered: ConsentGrant | null;
  /** Whether the user has a second factor, and which of their organizations require one. */
  twoFactor: TwoFactorStanding;
}

export interface TwoFactorStanding {
  secondFactor: boolean;
  twoFactorOrgIds: string[];
}

/**
 * Port: the app, the user, the memberships and the remembered consent in one round trip
 * (docs/benchmarks.md "Password sign-in"). The authorization endpoint reads it for each request,
 * the consent page's answer reads it again, fresh, before anything is granted.
 */
export abstract class ConsentContextReader {
  abstract read(clientId: string, userId: string | null): Promise<ConsentContext>;
}
