import { createHash } from 'node:crypto';

/**
 * The `_id` of a repository in a fine-grained token's scoped entry: 24 hex characters, the same
 * for the same repository in every token (repositories live in the platform's repo services; the
 * access policy matches them by `<type>/<owner>/<name>`).
 */
export function repositoryEntityId(type: string, name: string): string {
  return createHash('sha256').update(`${type}/${name}`).digest('hex').slice(0, 24);
}
