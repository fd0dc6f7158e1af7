import { useEffect, useState } from 'react';
import { api, segment } from '../api';
import { asFailure, Empty, ErrorNotice, Loading, useResource, When } from '../components';
import type { ApiFailure } from '../api';
import { WebhookSecretCard } from './webhook-secret-rotation';
import { ReplayFailedCard } from './webhook-replay-failed';
import {
  ActivityFilterForm,
  type ActivityFilters,
  activityFilterQuery,
  isFiltered,
  NO_ACTIVITY_FILTERS,
} from './webhook-activity-filters';
import type {
  DeliveryDetailView,
  DeliveryView,
  WebhookActivityView,
} from '@gatehouse/settings-api';

const PAGE_SIZE = 20;
const REPLAY_WATCH_MS = 120_000;

/** The webhook's deliveries, newest first, a page at a time; each opens to its request and attempts. */
export function WebhookActivity({ id }: { id: string }) {
  const base = `/api/settings/webhooks/${segment(id)}/activity`;
  const [filters, setFilters] = useState<ActivityFilters>(NO_ACTIVITY_FILTERS);
  const filterQuery = activityFilterQuery(filters);
  const first = useResource<WebhookActivityView>(`${base}?limit=${PAGE_SIZE}${filterQuery}`);
  const [older, setOlder] = useState<DeliveryView[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [loadingOlder, setLoadingOlder] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const [open, setOpen] = useState<string | null>(null);
  const [replayed, setReplayed] = useState<{ id: string; at: number } | null>(null);

  // The newest page as read (its identity changes only when it is read again): older pages start over.
  const newest = first.kind === 'ready' ? first.data : null;
  const { reload } = first;
  useEffect(() => {
    if (!newest) return;
    setOlder([]);
    setCursor(newest.nextCursor);
  }, [newest]);

  // A replay is recorded by the delivery worker a moment later: look again until it shows, for a
  // while (the Refresh button is there after that).
  useEffect(() => {
    if (!replayed || !newest || newest.deliveries.some((delivery) => delivery.id === replayed.id))
      return;
    if (Date.now() - replayed.at > REPLAY_WATCH_MS) return;
    const timer = window.setTimeout(reload, 700);
    return () => window.clearTimeout(timer);
  }, [replayed, newest, reload]);

  const loadOlder = async () => {
    if (!cursor) return;
    setLoadingOlder(true);
    try {
      const page = await api<WebhookActivityView>(
        'GET',
        `${base}?limit=${PAGE_SIZE}${filterQuery}&cursor=${encodeURIComponent(cursor)}`,
      );
      setOlder((current) => [...current, ...page.deliveries]);
      setCursor(page.nextCursor);
    } catch (error) {
      setFailure(asFailure(error));
    } finally {
      setLoadingOlder(false);
    }
  };

  const replay = async (delivery: DeliveryView) => {
    setFailure(null);
    try {
      const accepted = await api<{ id: string }>('POST', `${base}/${segment(delivery.id)}/replay`);
      setReplayed({ id: accepted.id, at: Date.now() });
      first.reload();
    } catch (error) {
      setFailure(asFailure(error));
    }
  };

  // Before the first answer there is nothing to filter; a refused filter keeps the form on screen.
  if (first.kind === 'loading' && !isFiltered(filters)) return <Loading what="deliveries" />;
  if (first.kind === 'error' && (!isFiltered(filters) || first.failure.status !== 400))
    return <ErrorNotice failure={first.failure} onRetry={first.reload} />;
  const filterForm = (
    <ActivityFilterForm
      applied={filters}
      failure={first.kind === 'error' ? first.failure : null}
      onApply={(next) => {
        setFilters(next);
        setOpen(null);
      }}
    />
  );
  if (first.kind !== 'ready')
    return (
      <section className="card">
        <h2>Recent deliveries</h2>
        {filterForm}
        {first.kind === 'loading' ? (
          <Loading what="deliveries" />
        ) : (
          <ErrorNotice failure={first.failure} />
        )}
      </section>
    );
  const deliveries = [...first.data.deliveries, ...older];
  const { triggers } = first.data;
  return (
    <>
      <section className="card">
        <div className="page-head">
          <h2>Recent deliveries</h2>
          <button type="button" className="button button-secondary" onClick={first.reload}>
            Refresh
          </button>
        </div>
        <p className="muted small">
          {triggers.used} of {triggers.limit} triggers used in the last {triggers.windowHours}{' '}
          hours.
        </p>
        {filterForm}
        {replayed && (
          <p className="notice notice-success" role="status">
            Replay queued
            {deliveries.some((delivery) => delivery.id === replayed.id)
              ? ': its new delivery is at the top of the list.'
              : '…'}
          </p>
        )}
        {failure && <ErrorNotice failure={failure} />}
        {deliveries.length === 0 ? (
          isFiltered(filters) ? (
            <Empty>No deliveries match these filters.</Empty>
          ) : (
            <Empty>No deliveries yet. They appear here when a watched repository changes.</Empty>
          )
        ) : (
          <ul className="rows deliveries">
            {deliveries.map((delivery) => (
              <li key={delivery.id} className="delivery" data-delivery-id={delivery.id}>
                <div className="row row-wrap">
                  <div className="row-main">
                    <div>
                      <code>
                        {delivery.event.scope ?? 'event'}
                        {delivery.event.action ? ` · ${delivery.event.action}` : ''}
                      </code>{' '}
                      {delivery.repo && <span className="muted">{delivery.repo}</span>}{' '}
                      {delivery.replayOf && <span className="badge">replay</span>}
                    </div>
                    <div className="small muted">
                      <When iso={delivery.createdAt} /> · {delivery.attempts}{' '}
                      {delivery.attempts === 1 ? 'attempt' : 'attempts'}
                      {delivery.durationMs !== null && ` · ${delivery.durationMs} ms`}
                      {delivery.nextAttemptAt && (
                        <>
                          {' '}
                          · next retry <When iso={delivery.nextAttemptAt} />
                        </>
                      )}
                    </div>
                  </div>
                  <DeliveryOutcome delivery={delivery} />
                  <div className="button-row">
                    <button
                      type="button"
                      className="button button-secondary"
                      aria-expanded={open === delivery.id}
                      onClick={() => setOpen(open === delivery.id ? null : delivery.id)}
                    >
                      {open === delivery.id ? 'Hide details' : 'Details'}
                    </button>
                    <button type="button" className="button" onClick={() => void replay(delivery)}>
                      Replay
                    </button>
                  </div>
                </div>
                {open === delivery.id && <DeliveryDetails base={base} id={delivery.id} />}
              </li>
            ))}
          </ul>
        )}
        {cursor && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void loadOlder()}
            disabled={loadingOlder}
          >
            {loadingOlder ? 'Loading…' : 'Load older deliveries'}
          </button>
        )}
      </section>
      <ReplayFailedCard id={id} onQueued={first.reload} />
      <WebhookSecretCard id={id} />
    </>
  );
}

function DeliveryDetails({ base, id }: { base: string; id: string }) {
  const detail = useResource<DeliveryDetailView>(`${base}/${segment(id)}`);
  if (detail.kind === 'loading') return <Loading what="the delivery" />;
  if (detail.kind === 'error')
    return <ErrorNotice failure={detail.failure} onRetry={detail.reload} />;
  const delivery = detail.data;
  return (
    <div className="details">
      {delivery.request ? (
        <>
          <h3>Request</h3>
          <p className="small">
            <code>
              {delivery.request.method} {delivery.request.url}
            </code>
          </p>
          <pre className="code" aria-label="Request headers">
            {Object.entries(delivery.request.headers)
              .map(([name, value]) => `${name}: ${value}`)
              .join('\n')}
          </pre>
          <h4>Body, exactly as signed</h4>
          <pre className="code break" aria-label="Body as signed" data-testid="signed-body">
            {delivery.request.body}
          </pre>
        </>
      ) : (
        <p className="small">Delivered to a Job: the payload is its WEBHOOK_PAYLOAD variable.</p>
      )}
      <h3>Payload</h3>
      <pre className="code" aria-label="Payload">
        {JSON.stringify(delivery.payload, null, 2)}
      </pre>
      <h3>Attempts</h3>
      {delivery.attemptLog.length === 0 ? (
        <p className="muted small">No attempt yet.</p>
      ) : (
        <ol className="attempts">
          {delivery.attemptLog.map((attempt) => (
            <li key={attempt.attempt}>
              <When iso={attempt.startedAt} /> ·{' '}
              {attempt.statusCode !== null
                ? `HTTP ${attempt.statusCode}`
                : (attempt.error ?? 'no answer')}{' '}
              · {attempt.durationMs} ms
              {attempt.response && <pre className="code small">{attempt.response}</pre>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}

export function DeliveryOutcome({
  delivery,
}: {
  delivery: { status: string; statusCode: number | null; error: string | null };
}) {
  const ok = delivery.status === 'succeeded';
  const text =
    delivery.statusCode !== null
      ? `HTTP ${delivery.statusCode}`
      : (delivery.error ?? delivery.status);
  return (
    <span
      className={`badge badge-${ok ? 'ok' : delivery.status === 'pending' || delivery.status === 'retrying' ? 'off' : 'bad'}`}
    >
      {text}
    </span>
  );
}
