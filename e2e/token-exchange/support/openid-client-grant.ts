import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';

export interface GrantRequest {
  clientId: string;
  clientSecret?: string;
  params: Record<string, string>;
}

export type GrantResult =
  | { ok: true; tokens: Record<string, unknown>; claims: Record<string, unknown> | null }
  | { ok: false; name: string; status: number; error: string; error_description: string };

const SCRIPT = join(__dirname, 'run-openid-client-grant.mjs');

/**
 * `openid-client`'s `genericGrantRequest` (after `discovery`) against `issuer`, run by Node itself:
 * openid-client 6 is an ES module, which Jest's CommonJS runtime cannot load.
 */
export async function openidClientGrants(
  issuer: string,
  requests: GrantRequest[],
): Promise<GrantResult[]> {
  const { stdout } = await promisify(execFile)(
    process.execPath,
    [SCRIPT, JSON.stringify({ issuer, requests })],
    { timeout: 60_000 },
  );
  return JSON.parse(stdout) as GrantResult[];
}
