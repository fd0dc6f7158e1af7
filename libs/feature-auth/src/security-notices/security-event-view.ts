import type { SecurityEventView } from '@gatehouse/settings-api';
import type { SecurityEventRecord } from './ports/security-event.store';

/** Each event in its owner's words. */
function describe(event: SecurityEventRecord): string {
  const { details } = event;
  switch (event.kind) {
    case 'new_browser_sign_in':
      return `Signed in from a new browser: ${details.device ?? 'a browser'} at ${details.address ?? 'an unknown address'}`;
    case 'password_changed':
      return 'Password changed';
    case 'email_changed':
      return `E-mail address changed to ${details.email ?? 'a new address'}`;
    case 'factor_added':
      return `Second factor added: ${details.factor ?? 'a factor'}`;
    case 'factor_removed':
      return `Second factor removed: ${details.factor ?? 'a factor'}`;
    case 'token_revoked_as_leaked':
      return `Token "${details.token ?? 'unnamed'}" revoked: it was reported leaked`;
    case 'token_revoked_by_organization':
      return `Token "${details.token ?? 'unnamed'}" revoked by ${details.revokedBy ?? 'an administrator'} of the organization ${details.organization ?? ''}`.trimEnd();
  }
}

export function securityEventView(event: SecurityEventRecord): SecurityEventView {
  return {
    id: event.id,
    kind: event.kind,
    description: describe(event),
    createdAt: event.createdAt.toISOString(),
  };
}
