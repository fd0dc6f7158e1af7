/**
 * Told when an account signs in from a browser it never signed in from (KnownDevices did not know
 * it): the owner gets a security notice (docs/security.md "Security notices").
 */
export abstract class NewBrowserNotice {
  abstract tell(userId: string, browser: { device: string; address: string }): Promise<void>;
}
