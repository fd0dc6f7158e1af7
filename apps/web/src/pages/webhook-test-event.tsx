import { useEffect, useState } from 'react';
import type { DeliveryView, TestEventAccepted } from '@gatehouse/settings-api';
import { api, segment } from '../api';
import { ErrorNotice, useSubmit } from '../components';

/** How often, and how long, the page asks for the test delivery's outcome. */
const POLL_MS = 1_000;
const FOLLOW_MS = 60_000;

/** The outcome of a test delivery, in words; null while it is on its way. */
function outcomeOf(delivery: DeliveryView): string | null {
  if (delivery.status === 'succeeded')
    return `Delivered: HTTP ${delivery.statusCode ?? ''} in ${delivery.durationMs ?? 0} ms.`;
  if (delivery.status === 'pending' && delivery.attempts === 0) return null;
  const why =
    delivery.error ??
    (delivery.statusCode !== null ? `the receiver answered HTTP ${delivery.statusCode}` : null);
  if (delivery.status === 'retrying') return `Failed: ${why ?? 'no answer'}. It will be retried.`;
  if (delivery.status === 'pending') return null;
  return `Failed: ${why ?? delivery.status}.`;
}

/**
 * "Send a test event" (docs/settings.md "Webhooks"): a `ping` payload through the real pipeline;
 * the page follows the delivery the API names until it has an outcome, and says it.
 */
export function SendTestEvent({ id, disabled }: { id: string; disabled: boolean }) {
  const path = `/api/settings/webhooks/${segment(id)}`;
  const submit = useSubmit();
  const [deliveryId, setDeliveryId] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<string | null>(null);

  useEffect(() => {
    if (!deliveryId) return;
    let stopped = false;
    const deadline = Date.now() + FOLLOW_MS;
    const poll = async () => {
      while (!stopped && Date.now() < deadline) {
        try {
          const delivery = await api<DeliveryView>(
            'GET',
            `${path}/activity/${segment(deliveryId)}`,
          );
          const words = outcomeOf(delivery);
          if (words && !stopped) {
            setOutcome(words);
            if (delivery.status !== 'retrying') return;
          }
        } catch {
          // Not recorded by the worker yet: ask again.
        }
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
      if (!stopped)
        setOutcome((current) => current ?? 'No outcome yet: see the Activity tab in a while.');
    };
    void poll();
    return () => {
      stopped = true;
    };
  }, [deliveryId, path]);

  const send = () =>
    void submit
      .run(() => api<TestEventAccepted>('POST', `${path}/test`))
      .then((accepted) => {
        if (!accepted) return;
        setOutcome(null);
        setDeliveryId(accepted.id);
      });

  return (
    <section className="card" aria-labelledby="test-event-heading">
      <h2 id="test-event-heading">Test</h2>
      <p className="hint">
        Sends a <code>ping</code> event, signed like every delivery, to check the receiver.
      </p>
      {submit.failure && <ErrorNotice failure={submit.failure} />}
      <div className="button-row">
        <button
          type="button"
          className="button button-secondary"
          onClick={send}
          disabled={submit.busy || disabled}
        >
          Send a test event
        </button>
      </div>
      <p role="status" className="break">
        {deliveryId ? (outcome ?? 'Sending…') : ''}
      </p>
    </section>
  );
}
