/** An app to tell of a user's sign-out (OpenID Connect Back-Channel Logout 1.0 §2.2). */
export interface BackchannelLogoutApp {
  clientId: string;
  backchannelLogoutUri: string;
  sessionRequired: boolean;
}

/** The apps a user granted (a consent) that registered a back-channel logout URI. */
export abstract class BackchannelLogoutAppReader {
  abstract appsOf(userId: string): Promise<BackchannelLogoutApp[]>;
}
