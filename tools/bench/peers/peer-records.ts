import { createHash } from 'node:crypto';

/** An account of oidc-provider's peer, stored on Redis by the bench, as Gatehouse stores a user row. */
export interface PeerAccount {
  sub: string;
  name: string;
  passwordHash: string;
}

export const peerAccountKey = (prefix: string, login: string) => `${prefix}account:${login}`;

/** The bare server's record of a token: under the token's SHA-256, as Gatehouse keeps only hashes. */
export const bareTokenKey = (prefix: string, token: string) =>
  `${prefix}bare-token:${createHash('sha256').update(token).digest('hex')}`;
