/**
 * What a browser keeps between requests, for the tests and the bench's load generator that act
 * as one without a browser: its cookies, and the form values it sends back.
 */

/** The cookies of one browser: every Set-Cookie kept by name, sent back on every request. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(entries: Array<[string, string]> = []) {
    for (const [name, value] of entries) this.cookies.set(name, value);
  }

  /** Keeps what a response's `Set-Cookie` lines set, and forgets what they expire. */
  take(setCookie: string | readonly string[] | undefined): void {
    for (const line of typeof setCookie === 'string' ? [setCookie] : (setCookie ?? [])) {
      const [pair] = line.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line))
        this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** The `Cookie` request header, or no header when the jar is empty. */
  header(): Record<string, string> {
    return this.cookies.size === 0
      ? {}
      : { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  entries(): Array<[string, string]> {
    return [...this.cookies];
  }
}

const ENTITIES: Record<string, string> = {
  '&amp;': '&',
  '&lt;': '<',
  '&gt;': '>',
  '&quot;': '"',
  '&#39;': "'",
  '&#x2F;': '/',
  '&#x3D;': '=',
};

/** An attribute value of a page as a browser reads it: the entities an HTML escaper writes, decoded. */
export function decodeAttribute(value: string): string {
  return value.replace(/&(?:amp|lt|gt|quot|#39|#x2F|#x3D);/g, (entity) => ENTITIES[entity]!);
}
