import type { WebhookHealthView } from '@gatehouse/settings-api';
import { api, segment } from '../api';
import { announce, ErrorNotice, useResource, useSubmit, When } from '../components';

/** The heading of a notice, in the owner's words. */
const HEALTH_HEADINGS: Record<Exclude<WebhookHealthView['state'], 'healthy'>, string> = {
  failing: 'This webhook is failing',
  failing_long: 'This webhook has been failing for days',
  disabled: 'This webhook was disabled because it kept failing',
};

/**
 * What the owner is told on a webhook's page when its endpoint fails (docs/settings.md "When a
 * webhook fails"): since when, the last error in plain words and, once it was disabled, one click
 * to enable it again. A webhook disabled before health was kept shows its stored reason the same
 * way. Nothing while it is healthy, or while its health loads.
 */
export function WebhookHealthNotice({
  id,
  disabledReason,
  onChanged,
}: {
  id: string;
  disabledReason: string | null;
  onChanged: () => void;
}) {
  const path = `/api/settings/webhooks/${segment(id)}`;
  const health = useResource<{ health: WebhookHealthView }>(`${path}/health`);
  const action = useSubmit();
  if (health.kind === 'loading') return null;
  if (health.kind === 'error')
    return <ErrorNotice failure={health.failure} onRetry={health.reload} />;
  const { state, failingSince, lastError, disabled } = health.data.health;
  const shown = state === 'healthy' ? (disabledReason ? 'disabled' : null) : state;
  if (!shown) return null;

  const reEnable = () =>
    void action
      .run(() => api('POST', `${path}/enable`))
      .then((result) => {
        if (result === undefined) return;
        announce('Webhook enabled again.');
        health.reload();
        onChanged();
      });
  const error = lastError ?? disabledReason;
  return (
    <section
      className={`notice ${shown === 'failing' ? 'notice-warning' : 'notice-error'}`}
      aria-labelledby="webhook-health-heading"
    >
      <h2 id="webhook-health-heading">{HEALTH_HEADINGS[shown]}</h2>
      <p>
        {failingSince ? (
          <>
            Every delivery since <When iso={failingSince} /> has failed.{' '}
          </>
        ) : null}
        {shown === 'disabled'
          ? 'It gets no deliveries until you enable it again; replay what it missed from its activity.'
          : 'Gatehouse keeps retrying on its schedule and disables it after 5 days without a success.'}
      </p>
      {error && (
        <p className="break">
          <strong>Last error:</strong> {error}
        </p>
      )}
      {action.failure && <ErrorNotice failure={action.failure} />}
      {disabled && (
        <p>
          <button type="button" className="button" onClick={reEnable} disabled={action.busy}>
            Re-enable
          </button>
        </p>
      )}
    </section>
  );
}
