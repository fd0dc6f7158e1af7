import { ApiError } from '@gatehouse/domain';

const PREFIX = 'seq:';

/** The opaque cursor of the next page: the last entry's `seq`, base64url-wrapped. */
export function encodeAuditCursor(seq: number): string {
  return Buffer.from(`${PREFIX}${seq}`, 'utf8').toString('base64url');
}

export function decodeAuditCursor(cursor: string): number {
  const text = /^[A-Za-z0-9_-]{1,64}$/.test(cursor)
    ? Buffer.from(cursor, 'base64url').toString('utf8')
    : '';
  const seq = text.startsWith(PREFIX) ? Number(text.slice(PREFIX.length)) : NaN;
  if (!Number.isSafeInteger(seq) || seq < 1) throw ApiError.badRequest('Invalid cursor', 'cursor');
  return seq;
}
