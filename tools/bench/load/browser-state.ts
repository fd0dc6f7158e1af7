import { createHash, randomBytes } from 'node:crypto';
import { FlowError, StepAnswer } from './flow';

/** The cookies of one browser: every Set-Cookie kept by name, sent back on every request. */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  constructor(entries: Array<[string, string]> = []) {
    for (const [name, value] of entries) this.cookies.set(name, value);
  }

  take(answer: StepAnswer): void {
    const lines = answer.headers['set-cookie'];
    for (const line of Array.isArray(lines) ? lines : lines ? [lines] : []) {
      const [pair] = line.split(';');
      const separator = pair!.indexOf('=');
      const name = pair!.slice(0, separator).trim();
      const value = pair!.slice(separator + 1).trim();
      if (value === '' || /max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  header(): Record<string, string> {
    return this.cookies.size === 0 ? {} : { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }

  entries(): Array<[string, string]> {
    return [...this.cookies];
  }
}

const ENTITIES: Record<string, string> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'", '&#x2F;': '/', '&#x3D;': '=' };

/** The value of `<input ... name="NAME" value="...">` in a page, entities decoded as a browser would. */
export function formField(html: string, name: string): string {
  const match = new RegExp(`<input[^>]*\\bname="${name}"[^>]*\\bvalue="([^"]*)"`).exec(html);
  if (!match) throw new FlowError(`no field ${name} in the page: ${html.slice(0, 200)}`);
  return match[1]!.replace(/&(?:amp|lt|gt|quot|#39|#x2F|#x3D);/g, (entity) => ENTITIES[entity]!);
}

/** A fresh PKCE pair (RFC 7636 section 4.1-4.2, S256). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function randomState(): string {
  return randomBytes(12).toString('base64url');
}
