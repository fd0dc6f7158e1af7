import type { WebhookNoticesPage } from '@gatehouse/settings-api';
import { segment } from '../api';
import { ErrorNotice, useResource, When } from '../components';
import { Link } from '../router';

const STATE_WORDS = {
  failing: 'failing',
  failing_long: 'failing for days',
  disabled: 'disabled after failing',
} as const;

/**
 * The settings home's list of the owner's webhooks that fail or were disabled, each linking to
 * its page (docs/settings.md "When a webhook fails"). Nothing while there are none, or while they
 * load.
 */
export function WebhookNotices() {
  const notices = useResource<WebhookNoticesPage>('/api/settings/webhooks/notices');
  if (notices.kind === 'loading') return null;
  if (notices.kind === 'error')
    return <ErrorNotice failure={notices.failure} onRetry={notices.reload} />;
  const list = notices.data.notices.filter((notice) => notice.state !== 'healthy');
  if (list.length === 0) return null;
  return (
    <section className="notice notice-error" aria-labelledby="webhook-notices-heading">
      <h2 id="webhook-notices-heading">Webhooks that need you</h2>
      <ul>
        {list.map((notice) => (
          <li key={notice.webhookId} className="break">
            <Link href={`/settings/webhooks/${segment(notice.webhookId)}`}>{notice.target}</Link>:{' '}
            {STATE_WORDS[notice.state as keyof typeof STATE_WORDS]}
            {notice.failingSince && (
              <>
                {' '}
                since <When iso={notice.failingSince} />
              </>
            )}
            {notice.lastError && <>. Last error: {notice.lastError}</>}
          </li>
        ))}
      </ul>
    </section>
  );
}
