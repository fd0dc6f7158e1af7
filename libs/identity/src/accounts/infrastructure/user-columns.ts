import type { UserRecord } from '../ports/account-records';

/**
 * The user's columns a joined token read selects, prefixed `u_` so they cannot clash with the
 * token's own; the query must alias the users table `u`. Pair with `userRecordOf`.
 */
export const USER_COLUMNS = `u.id AS u_id, u.username AS u_username, u.email AS u_email, u.fullname AS u_fullname,
  u.is_pro AS u_is_pro, u.avatar_url AS u_avatar_url, u.disabled_at AS u_disabled_at`;

/** The row shape `USER_COLUMNS` gives; `u_id` is null when a LEFT JOIN found no user. */
export interface UserColumns {
  u_id: string | null;
  u_username: string;
  u_email: string;
  u_fullname: string;
  u_is_pro: boolean;
  u_avatar_url: string | null;
  u_disabled_at: Date | null;
}

export function userRecordOf(row: UserColumns): UserRecord | null {
  if (row.u_id === null) return null;
  return {
    id: row.u_id,
    username: row.u_username,
    email: row.u_email,
    fullname: row.u_fullname,
    isPro: row.u_is_pro,
    avatarUrl: row.u_avatar_url,
    disabledAt: row.u_disabled_at,
  };
}
