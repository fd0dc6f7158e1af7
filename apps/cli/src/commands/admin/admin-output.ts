import type { AdminMemberView, AdminUsersPage, AdminUserView } from '@gatehouse/settings-api';

const table = (rows: string[][]): string => {
  const widths = rows[0]!.map((_, column) => Math.max(...rows.map((row) => row[column]!.length)));
  return rows
    .map((row) =>
      row
        .map((cell, column) => cell.padEnd(widths[column]!))
        .join('  ')
        .trimEnd(),
    )
    .join('\n');
};

const state = (user: AdminUserView) =>
  [
    user.disabledAt ? 'disabled' : 'active',
    user.emailConfirmedAt ? 'confirmed' : 'unconfirmed',
    ...(user.platformAdmin ? ['admin'] : []),
  ].join(',');

/** `gatehouse admin users ls`: one line per user, and the cursor of the next page. */
export function usersTable(page: AdminUsersPage): string {
  if (page.users.length === 0) return 'No users.';
  const lines = table([
    ['ID', 'USERNAME', 'E-MAIL', 'STATE'],
    ...page.users.map((user) => [user.id, user.username, user.email, state(user)]),
  ]);
  return page.next ? `${lines}\nMore: --after ${page.next}` : lines;
}

/** `gatehouse admin users info` and the answer of a change. */
export function userLines(user: AdminUserView): string {
  return [
    `${user.username} (${user.id})`,
    `  e-mail:    ${user.email} (${user.emailConfirmedAt ? `confirmed ${user.emailConfirmedAt}` : 'not confirmed'})`,
    `  name:      ${user.fullname}`,
    `  state:     ${user.disabledAt ? `disabled since ${user.disabledAt}` : 'active'}`,
    `  admin:     ${user.platformAdmin ? 'platform administrator' : 'no'}`,
    `  created:   ${user.createdAt}`,
  ].join('\n');
}

/** `gatehouse admin orgs members`. */
export function membersTable(members: AdminMemberView[]): string {
  if (members.length === 0) return 'No members.';
  return table([['USERNAME', 'ROLE'], ...members.map((member) => [member.username, member.role])]);
}
