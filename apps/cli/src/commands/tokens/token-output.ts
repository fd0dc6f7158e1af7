import type { PersonalTokenView } from '@gatehouse/settings-api';

const ROLE: Record<PersonalTokenView['role'], string> = {
  read: 'read',
  write: 'write',
  fineGrained: 'fine-grained',
};

function lastUsed(token: PersonalTokenView): string {
  if (!token.lastUsedAt) return 'never';
  const where = [token.lastUsedFrom?.client, token.lastUsedFrom?.address].filter(Boolean);
  return where.length > 0 ? `${token.lastUsedAt} (${where.join(', ')})` : token.lastUsedAt;
}

function expiry(token: PersonalTokenView): string {
  if (token.expired) return `expired ${token.expiresAt}`;
  return token.expiresAt ?? 'never';
}

/** `gatehouse tokens list`: one row per token, columns padded to their widest cell. */
export function tokensTable(tokens: readonly PersonalTokenView[]): string {
  if (tokens.length === 0) return 'No access tokens.';
  const rows = [
    ['ID', 'NAME', 'ROLE', 'PREVIEW', 'LAST USED', 'EXPIRES'],
    ...tokens.map((token) => [
      token.id,
      token.name,
      ROLE[token.role],
      token.preview ?? '-',
      lastUsed(token),
      expiry(token),
    ]),
  ];
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => (column === row.length - 1 ? cell : cell.padEnd(widths[column]!)))
        .join('  '),
    )
    .join('\n');
}

/** A token as a line of prose: `“deploy” (fine-grained, hf_…abcd)`. */
export function tokenLabel(token: PersonalTokenView): string {
  return `“${token.name}” (${ROLE[token.role]}${token.preview ? `, ${token.preview}` : ''})`;
}
