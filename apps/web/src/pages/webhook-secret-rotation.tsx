import { useId, useState } from 'react';
import { api, segment } from '../api';
import {
  ConfirmButton,
  ErrorNotice,
  FormError,
  Loading,
  OnceValue,
  useResource,
  useSubmit,
  When,
} from '../components';

/** The overlaps offered, in seconds (the API takes 0 to 7 days). */
const OVERLAPS = [
  { seconds: 3_600, label: '1 hour' },
  { seconds: 86_400, label: '24 hours' },
  { seconds: 3 * 86_400, label: '3 days' },
  { seconds: 7 * 86_400, label: '7 days' },
  { seconds: 0, label: 'No overlap: switch now' },
] as const;
const DEFAULT_OVERLAP = 86_400;

interface Rotated {
  secret: string;
  previousSecretUntil: string | null;
}

/**
 * "Rotate secret" of a URL webhook (docs/settings.md "Webhooks"): Gatehouse makes a new secret
 * that signs at once while, for the overlap chosen, deliveries keep the old one in
 * X-Webhook-Secret, so the receiver keeps working until it is given the new one. Asks once more
 * before it acts, then shows the new secret once.
 */
function WebhookSecretRotation({ id, hasSecret }: { id: string; hasSecret: boolean }) {
  const overlapId = useId();
  const [overlap, setOverlap] = useState<number>(DEFAULT_OVERLAP);
  const [rotated, setRotated] = useState<Rotated | null>(null);
  const { busy, failure, run } = useSubmit();
  const chosen = OVERLAPS.find((option) => option.seconds === overlap)!;

  const rotate = async () => {
    setRotated(null);
    const answer = await run(() =>
      api<Rotated>('POST', `/api/settings/webhooks/${segment(id)}/rotate-secret`, {
        overlapSeconds: hasSecret ? overlap : 0,
      }),
    );
    if (answer) setRotated(answer);
  };

  return (
    <section className="card" aria-labelledby={`${overlapId}-heading`}>
      <h2 id={`${overlapId}-heading`}>Secret</h2>
      <p className="small">
        {hasSecret
          ? 'Rotating makes a new secret. During the overlap, deliveries keep the old secret in X-Webhook-Secret and carry a webhook-signature made with each, so your receiver keeps working until you give it the new one.'
          : 'This webhook has no secret: rotating gives it one, used from the next delivery.'}
      </p>
      {hasSecret && (
        <div className="field">
          <label htmlFor={overlapId}>Keep sending the old secret for</label>
          <select
            id={overlapId}
            value={overlap}
            onChange={(event) => setOverlap(Number(event.target.value))}
          >
            {OVERLAPS.map((option) => (
              <option key={option.seconds} value={option.seconds}>
                {option.label}
              </option>
            ))}
          </select>
        </div>
      )}
      <FormError failure={failure} fields={[]} />
      <div className="button-row">
        <ConfirmButton
          label="Rotate secret"
          confirmLabel={
            !hasSecret
              ? 'Set a new secret'
              : overlap === 0
                ? 'Rotate now: receivers with the old secret start failing'
                : `Rotate: the old secret goes out ${chosen.label} more`
          }
          onConfirm={() => void rotate()}
          busy={busy}
        />
      </div>
      {rotated && (
        <>
          <OnceValue
            label="The new secret:"
            value={rotated.secret}
            note="Copy it to your receiver now; it is shown once here."
          />
          <p className="small" role="status">
            {rotated.previousSecretUntil ? (
              <>
                Deliveries carry the old secret in X-Webhook-Secret until{' '}
                <When iso={rotated.previousSecretUntil} />, then the new one.
              </>
            ) : (
              'Deliveries carry the new secret from now on.'
            )}
          </p>
        </>
      )}
    </section>
  );
}

/** The Secret card of a webhook's page: loads the webhook, and offers rotation to a URL webhook. */
export function WebhookSecretCard({ id }: { id: string }) {
  const webhook = useResource<{ webhook: { url: string | null; secret?: string | null } }>(
    `/api/settings/webhooks/${segment(id)}`,
  );
  if (webhook.kind === 'loading') return <Loading what="the webhook secret" />;
  if (webhook.kind === 'error')
    return <ErrorNotice failure={webhook.failure} onRetry={webhook.reload} />;
  if (webhook.data.webhook.url === null) return null;
  return <WebhookSecretRotation id={id} hasSecret={Boolean(webhook.data.webhook.secret)} />;
}
