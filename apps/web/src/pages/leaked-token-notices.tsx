import { api, segment } from '../api';
import { ErrorNotice, useResource, useSubmit, When } from '../components';
import type { LeakedTokenNoticeView } from '@gatehouse/settings-api';

const KIND_LABELS: Record<LeakedTokenNoticeView['tokenKind'], string> = {
  personal: 'Access token',
  access: 'OAuth access token',
  refresh: 'OAuth refresh token',
};

function describe(notice: LeakedTokenNoticeView): string {
  const name = notice.tokenName ?? notice.clientId ?? 'an app';
  return notice.tokenKind === 'personal'
    ? `${KIND_LABELS.personal} “${name}”`
    : `${KIND_LABELS[notice.tokenKind]} of ${name}`;
}

/**
 * The user's tokens reported leaked (docs/security.md "Leaked tokens"), shown above their tokens
 * until dismissed: each was found somewhere public and has been revoked. Nothing while there are
 * none, or while they load.
 */
export function LeakedTokenNotices() {
  const notices = useResource<LeakedTokenNoticeView[]>('/api/settings/token-notices');
  const dismissal = useSubmit();
  if (notices.kind === 'loading') return null;
  if (notices.kind === 'error')
    return <ErrorNotice failure={notices.failure} onRetry={notices.reload} />;
  if (notices.data.length === 0) return null;

  const dismiss = async (id: string) => {
    await dismissal.run(() => api('DELETE', `/api/settings/token-notices/${segment(id)}`));
    notices.reload();
  };

  return (
    <section className="notice notice-error" aria-labelledby="leaked-tokens-heading">
      <h2 id="leaked-tokens-heading">Tokens found in public, and revoked</h2>
      <p>
        A secret scanner reported these tokens where anyone could read them. They no longer work:
        create new ones where you need them, and keep them out of code and notebooks you share.
      </p>
      {dismissal.failure && <ErrorNotice failure={dismissal.failure} />}
      <ul>
        {notices.data.map((notice) => (
          <li key={notice.id}>
            {describe(notice)}, revoked <When iso={notice.revokedAt} />{' '}
            <button
              type="button"
              className="button button-secondary"
              onClick={() => void dismiss(notice.id)}
              disabled={dismissal.busy}
              aria-label={`Dismiss the notice about ${describe(notice)}`}
            >
              Dismiss
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
