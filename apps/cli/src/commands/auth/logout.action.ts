import type { CliIo } from '../../cli-io';
import type { AuthDeps } from './auth-deps';
import { deleteTokenFile, readTokenFile, StoredToken, tokenFilePath } from './token-file';

type Revocation =
  { kind: 'revoked' } | { kind: 'nothing_to_revoke' } | { kind: 'failed'; reason: string };

/**
 * `gatehouse auth logout`: revokes the OAuth grant at `/oauth/revoke` (RFC 7009; the refresh
 * token takes its access tokens with it) when the server can be reached, then deletes the token
 * file whatever the server said. A personal access token is only forgotten: it belongs to the
 * user's settings, not to this login.
 */
export async function logout(io: CliIo, deps: AuthDeps): Promise<void> {
  const path = tokenFilePath(deps.env, deps.homedir);
  const stored = await readTokenFile(path);
  if (!stored) {
    io.out('Not logged in.');
    return;
  }
  const revocation = await revoke(stored, deps);
  await deleteTokenFile(path);
  if (revocation.kind === 'failed') {
    io.err(
      `The server at ${stored.endpoint} could not revoke the token (${revocation.reason}); it stays valid until it expires.`,
    );
  }
  io.out(`Logged out of ${stored.endpoint}.`);
}

async function revoke(stored: StoredToken, deps: AuthDeps): Promise<Revocation> {
  const token =
    stored.refreshToken ?? (stored.accessToken.startsWith('hf_oauth_') ? stored.accessToken : null);
  if (token === null) return { kind: 'nothing_to_revoke' };
  try {
    const res = await deps.fetch(`${stored.endpoint}/oauth/revoke`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'application/json' },
      body: new URLSearchParams({ token, client_id: stored.clientId }).toString(),
      signal: AbortSignal.timeout(10_000),
    });
    return res.ok ? { kind: 'revoked' } : { kind: 'failed', reason: `it answered ${res.status}` };
  } catch (error) {
    return { kind: 'failed', reason: error instanceof Error ? error.message : String(error) };
  }
}
