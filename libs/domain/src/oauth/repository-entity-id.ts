import { createHash } from 'node:crypto';

/**
 * A fine-grained grant's id for a repository (repositories live in the platform's repo services):
 * 24 hex characters, the same for the same repository in every token of every account.
 */
export function repositoryEntityId(type: string, name: string): string {
  return createHash('sha256').update(`${type}/${name}`).digest('hex').slice(0, 24);
}
