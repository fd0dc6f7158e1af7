import { CookieJar, decodeAttribute } from '@gatehouse/testing';

/**
 * A browser without a browser, for integration tests of the pages: keeps cookies, never follows
 * redirects (tests assert each 303), sends forms, reads hidden fields back from the HTML. Every
 * request comes from `address` (X-Forwarded-For, which the test app believes from 127.0.0.1 as
 * a service believes its gateway: TEST_TRUSTED_PROXIES), so rate-limit counters of one test are
 * its own.
 */
export class CookieBrowser {
  private readonly cookies = new CookieJar();

  /** `userAgent`: the User-Agent header it sends (fetch's own when absent). */
  constructor(
    private readonly base: string,
    public address: string,
    private readonly userAgent?: string,
  ) {}

  /** The same browser, cookies and all, from now on on another network. */
  moveTo(address: string): void {
    this.address = address;
  }

  /** The value of one of the browser's cookies, or undefined. */
  cookie(name: string): string | undefined {
    return new Map(this.cookies.entries()).get(name);
  }

  async get(path: string): Promise<Response> {
    return this.send(path, { method: 'GET' });
  }

  async post(path: string, form: Record<string, string | string[]>): Promise<Response> {
    const body = new URLSearchParams();
    for (const [name, value] of Object.entries(form))
      for (const item of [value].flat()) body.append(name, item);
    return this.send(path, {
      method: 'POST',
      body: body.toString(),
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    });
  }

  /** Signs in through the sign-in page, as a user would. */
  async signIn(login: string, password: string): Promise<void> {
    const page = await (await this.get('/oauth/login')).text();
    const res = await this.post('/oauth/login', {
      csrf_token: hiddenField(page, 'csrf_token'),
      return_to: '/oauth/login',
      login,
      password,
    });
    if (res.status !== 303) throw new Error(`sign-in answered ${res.status}`);
  }

  /** Any request with the browser's cookies, e.g. the settings pages' JSON API calls. */
  async request(path: string, init: RequestInit = {}): Promise<Response> {
    return this.send(path, init);
  }

  private async send(path: string, init: RequestInit): Promise<Response> {
    const headers = new Headers(init.headers);
    headers.set('X-Forwarded-For', this.address);
    if (this.userAgent !== undefined) headers.set('User-Agent', this.userAgent);
    for (const [name, value] of Object.entries(this.cookies.header())) headers.set(name, value);
    const res = await fetch(new URL(path, this.base), { ...init, headers, redirect: 'manual' });
    this.cookies.take(res.headers.getSetCookie());
    return res;
  }
}

/** The value of a hidden input in a page, as a browser submits it (entities decoded). */
export function hiddenField(html: string, name: string): string {
  const match = new RegExp(`<input type="hidden" name="${name}" value="([^"]*)">`).exec(html);
  if (!match) throw new Error(`no hidden field ${name} in the page`);
  return decodeAttribute(match[1]!);
}
