import { type FormEvent, useState } from 'react';
import { api, type ApiFailure, segment } from '../api';
import { asFailure, ErrorNotice, Field } from '../components';

interface FailedCount {
  failed: number;
  since: string;
}

/** `datetime-local` text for a moment, in the browser's zone. */
function localInput(ms: number): string {
  const date = new Date(ms);
  const pad = (value: number) => String(value).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

const plural = (count: number, one: string, many: string) => `${count} ${count === 1 ? one : many}`;

/** "Replay all failed since …": the count first, in a confirmation, then how many were queued. */
export function ReplayFailedCard({ id, onQueued }: { id: string; onQueued: () => void }) {
  const base = `/api/settings/webhooks/${segment(id)}/activity/replay-failed`;
  const [since, setSince] = useState(() => localInput(Date.now() - 24 * 3_600_000));
  const [counted, setCounted] = useState<FailedCount | null>(null);
  const [queued, setQueued] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<ApiFailure | null>(null);
  const query = () => `?since=${encodeURIComponent(new Date(since).toISOString())}`;

  const count = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    setQueued(null);
    if (!since || Number.isNaN(new Date(since).getTime())) {
      setFailure(asFailure(new Error('Choose the time to replay failed deliveries from.')));
      return;
    }
    setBusy(true);
    try {
      setCounted(await api<FailedCount>('GET', `${base}${query()}`));
    } catch (error) {
      setFailure(asFailure(error));
    } finally {
      setBusy(false);
    }
  };

  const replay = async () => {
    setFailure(null);
    setBusy(true);
    try {
      const accepted = await api<{ queued: number }>('POST', `${base}${query()}`);
      setCounted(null);
      setQueued(accepted.queued);
      onQueued();
    } catch (error) {
      setFailure(asFailure(error));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card">
      <h2>Replay failed deliveries</h2>
      <form onSubmit={count} noValidate>
        <Field
          label="Failed since"
          name="replaySince"
          type="datetime-local"
          value={since}
          onChange={(event) => {
            setSince(event.target.value);
            setCounted(null);
          }}
        />
        {!counted && (
          <button type="submit" className="button button-secondary" disabled={busy}>
            Replay all failed since…
          </button>
        )}
      </form>
      {counted &&
        (counted.failed === 0 ? (
          <p className="notice" role="status">
            No failed delivery since then is waiting for a replay.
          </p>
        ) : (
          <div className="notice" role="group" aria-label="Confirm the replay">
            <p>
              {plural(counted.failed, 'failed delivery', 'failed deliveries')} since then will be
              sent again to the current URL and secret, oldest first; each counts against the
              trigger limit.
            </p>
            <div className="button-row">
              <button
                type="button"
                className="button"
                disabled={busy}
                onClick={() => void replay()}
              >
                Replay {plural(counted.failed, 'delivery', 'deliveries')}
              </button>
              <button
                type="button"
                className="button button-secondary"
                onClick={() => setCounted(null)}
              >
                Cancel
              </button>
            </div>
          </div>
        ))}
      {queued !== null && (
        <p className="notice notice-success" role="status">
          Queued {plural(queued, 'replay', 'replays')}: they appear at the top of Recent deliveries.
        </p>
      )}
      {failure && <ErrorNotice failure={failure} />}
    </section>
  );
}
