import { createHash, randomBytes } from 'node:crypto';
import { decodeAttribute } from '@gatehouse/testing';
import { FlowError } from './flow';

/** The value of `<input ... name="NAME" value="...">` in a page, entities decoded as a browser would. */
export function formField(html: string, name: string): string {
  const match = new RegExp(`<input[^>]*\\bname="${name}"[^>]*\\bvalue="([^"]*)"`).exec(html);
  if (!match) throw new FlowError(`no field ${name} in the page: ${html.slice(0, 200)}`);
  return decodeAttribute(match[1]!);
}

/** A fresh PKCE pair (RFC 7636 section 4.1-4.2, S256). */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(32).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

export function randomState(): string {
  return randomBytes(12).toString('base64url');
}
