/** What a completed sign-in leaves a browser and an app with. */
export interface Credentials {
  cookies: Array<[string, string]>;
  accessToken: string;
  refreshToken?: string;
}

/** Credentials shared by the connections of a run: read in turn, or taken and given back (rotation). */
export class CredentialPool {
  private readonly items: Credentials[] = [];
  private cursor = 0;

  get size(): number {
    return this.items.length;
  }

  add(credentials: Credentials): void {
    this.items.push(credentials);
  }

  /** The next one in turn; every connection may use it at the same time. */
  next(): Credentials | undefined {
    if (this.items.length === 0) return undefined;
    this.cursor = (this.cursor + 1) % this.items.length;
    return this.items[this.cursor];
  }

  /** Removes the oldest one: for a single-use refresh token. */
  take(): Credentials | undefined {
    return this.items.shift();
  }

  /** Empties the pool, handing over everything in it: for a parent that uses the credentials itself. */
  takeAll(): Credentials[] {
    this.cursor = 0;
    return this.items.splice(0);
  }
}
