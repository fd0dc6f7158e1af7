import { type FormEvent, useState } from 'react';
import { api, apiFile, segment } from '../api';
import {
  announce,
  asFailure,
  Empty,
  ErrorNotice,
  Field,
  FormError,
  Loaded,
  NotFound,
  useResource,
  useSubmit,
  When,
  type CursorPages,
  FIRST_PAGE,
  PageButtons,
} from '../components';
import { Link, useTitle } from '../router';
import { useSession } from '../session';
import type {
  AuditEntryView,
  AuditLogPage,
  AuditLogVerification,
  TokenExchangeAppView,
} from '@gatehouse/settings-api';

/** As the table shows them: an app by name or client ID, a member by username or e-mail. */
interface Filters {
  app: string;
  member: string;
  since: string;
  until: string;
}

/** Token lifetimes the API accepts: 5 minutes to 30 days (docs/settings-api.md). */
const MIN_DURATION_SECONDS = 300;
const MAX_DURATION_SECONDS = 2_592_000;

const DURATION_WORDS: Record<string, string> = {
  tokenDurationSeconds: 'Choose a duration from 0.1 hours (6 minutes) to 720 hours (30 days).',
};

const NO_FILTERS: Filters = { app: '', member: '', since: '', until: '' };

function query(filters: Filters, extra: Record<string, string> = {}): string {
  const params = new URLSearchParams(extra);
  if (filters.app.trim()) params.set('app', filters.app.trim());
  if (filters.member.trim()) params.set('member', filters.member.trim());
  if (filters.since) params.set('since', new Date(filters.since).toISOString());
  if (filters.until) params.set('until', new Date(filters.until).toISOString());
  const text = params.toString();
  return text ? `?${text}` : '';
}

export function TokenExchangePage({ org }: { org: string }) {
  useTitle(`${org}: token exchange`);
  const base = `/api/organizations/${segment(org)}`;
  const apps = useResource<{ apps: TokenExchangeAppView[] }>(
    `${base}/settings/token-exchange-apps`,
  );
  // A saved duration is an audit entry: the log below is read again.
  const [auditVersion, setAuditVersion] = useState(0);
  const saved = () => {
    apps.reload();
    setAuditVersion((version) => version + 1);
  };
  return (
    <>
      <p className="crumbs">Organization {org}</p>
      <h1>Token exchange</h1>
      <p className="lead">
        Apps bound to {org} exchange a member’s identity for a token that acts in the organization.
        Set how long those tokens live, and read who got one.
      </p>
      <Loaded
        resource={apps}
        what="the organization’s apps"
        notFound={<NotFound what="organization" back={<Link href="/">Back to the start</Link>} />}
      >
        {({ apps: list }) => (
          <>
            <section className="card">
              <h2>Token-exchange apps</h2>
              {list.length === 0 ? (
                <Empty>This organization has no token-exchange app.</Empty>
              ) : (
                list.map((app) => (
                  <ExchangeAppRow key={app.clientId} base={base} app={app} onSaved={saved} />
                ))
              )}
            </section>
            <AuditLog
              key={auditVersion}
              base={base}
              org={org}
              appNames={new Map(list.map((app) => [app.clientId, app.name]))}
            />
          </>
        )}
      </Loaded>
    </>
  );
}

function ExchangeAppRow({
  base,
  app,
  onSaved,
}: {
  base: string;
  app: TokenExchangeAppView;
  onSaved: () => void;
}) {
  const [hours, setHours] = useState(String(app.tokenDurationSeconds / 3600));
  const save = useSubmit(DURATION_WORDS);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const seconds = Math.round(Number(hours) * 3600);
    const inRange =
      hours.trim() !== '' &&
      Number.isFinite(seconds) &&
      seconds >= MIN_DURATION_SECONDS &&
      seconds <= MAX_DURATION_SECONDS;
    if (
      !save.showProblems({
        tokenDurationSeconds: inRange ? null : DURATION_WORDS.tokenDurationSeconds,
      })
    )
      return;
    const result = await save.run(() =>
      api<{ app: TokenExchangeAppView }>(
        'PUT',
        `${base}/settings/token-exchange-apps/${segment(app.clientId)}`,
        { tokenDurationSeconds: seconds },
      ),
    );
    if (result) {
      announce(
        `Saved: new tokens of ${app.name} live ${result.app.tokenDurationSeconds / 3600} hours.`,
      );
      onSaved();
    }
  };
  return (
    <form className="exchange-app" onSubmit={submit} noValidate ref={save.formRef}>
      <div>
        <strong>{app.name}</strong> <code className="small">{app.clientId}</code>
        <div className="small muted">
          Scopes: {app.scopes.join(', ')} · updated <When iso={app.updatedAt} />
        </div>
      </div>
      <div className="inline-fields duration">
        <Field
          label={`Token duration for ${app.name} (hours)`}
          name="tokenDurationSeconds"
          type="number"
          min={0.1}
          max={720}
          step={0.5}
          value={hours}
          onChange={(event) => setHours(event.target.value)}
          hint="8 hours by default; from 5 minutes to 30 days."
          error={save.fieldError('tokenDurationSeconds')}
        />
        <button type="submit" className="button" disabled={save.busy}>
          Save
        </button>
      </div>
      <FormError failure={save.failure} fields={['tokenDurationSeconds']} />
    </form>
  );
}

/** `8 → 2` in hours: a duration in the unit the settings box shows. */
function hours(seconds: unknown): string {
  return typeof seconds === 'number' ? `${Number((seconds / 3600).toFixed(2))} h` : '?';
}

/** What a settings change changed, old to new; null for an entry that changes nothing. */
function change(entry: AuditEntryView): string | null {
  const { detail } = entry;
  if ('tokenDurationSeconds' in detail)
    return `Token duration ${hours(detail.previousSeconds)} → ${hours(detail.tokenDurationSeconds)}`;
  if ('policy' in detail && 'previousPolicy' in detail)
    return `Policy ${String(detail.previousPolicy)} → ${String(detail.policy)}`;
  return null;
}

function AuditLog({
  base,
  org,
  appNames,
}: {
  base: string;
  org: string;
  appNames: ReadonlyMap<string, string>;
}) {
  const [draft, setDraft] = useState<Filters>(NO_FILTERS);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState<CursorPages>(FIRST_PAGE);
  const log = useResource<AuditLogPage>(
    `${base}/audit-log${query(filters, { limit: '25', ...(page.cursor ? { cursor: page.cursor } : {}) })}`,
  );
  const verification = useResource<AuditLogVerification>(`${base}/audit-log/verify`);
  const { user } = useSession();
  // An administrator's change names its actor; an exchange names the member (the subject) it was for.
  const who = (entry: AuditEntryView): string => {
    if (entry.actorUserId)
      return entry.actorUserId === user.id ? `${user.name} (you)` : entry.actorUserId;
    return typeof entry.detail.username === 'string' && entry.subject
      ? `${entry.detail.username} (${entry.subject})`
      : (entry.subject ?? '—');
  };
  const [exportFailure, setExportFailure] = useState<ReturnType<typeof asFailure> | null>(null);

  const apply = (event: FormEvent) => {
    event.preventDefault();
    setFilters(draft);
    setPage(FIRST_PAGE);
  };
  const download = async (format: 'json' | 'csv') => {
    setExportFailure(null);
    try {
      const url = URL.createObjectURL(
        await apiFile(`${base}/audit-log/export${query(filters, { format })}`),
      );
      const link = document.createElement('a');
      link.href = url;
      link.download = `${org}-audit-log.${format}`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    } catch (error) {
      setExportFailure(asFailure(error));
    }
  };

  return (
    <section className="card">
      <div className="page-head">
        <h2>Audit log</h2>
        <span aria-live="polite">
          {verification.kind === 'ready' &&
            (verification.data.intact ? (
              <span className="badge badge-ok">
                Chain verified ({verification.data.checked}{' '}
                {verification.data.checked === 1 ? 'entry' : 'entries'})
              </span>
            ) : (
              <span className="badge badge-bad">
                Chain broken at entry {verification.data.brokenAt.seq ?? '?'}
              </span>
            ))}
          {verification.kind === 'error' && (
            <span className="badge badge-bad">
              Verification failed: {verification.failure.message}
            </span>
          )}
        </span>
      </div>
      <form className="filters" onSubmit={apply} noValidate>
        <Field
          label="App (name or client ID)"
          name="app"
          value={draft.app}
          onChange={(event) => setDraft({ ...draft, app: event.target.value })}
        />
        <Field
          label="Member (username or e-mail)"
          name="member"
          value={draft.member}
          onChange={(event) => setDraft({ ...draft, member: event.target.value })}
        />
        <Field
          label="From"
          name="since"
          type="datetime-local"
          value={draft.since}
          onChange={(event) => setDraft({ ...draft, since: event.target.value })}
        />
        <Field
          label="Until"
          name="until"
          type="datetime-local"
          value={draft.until}
          onChange={(event) => setDraft({ ...draft, until: event.target.value })}
        />
        <div className="button-row">
          <button type="submit" className="button">
            Filter
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void download('json')}
          >
            Export JSON
          </button>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => void download('csv')}
          >
            Export CSV
          </button>
        </div>
      </form>
      {exportFailure && <ErrorNotice failure={exportFailure} />}
      <Loaded resource={log} what="the audit log">
        {(data) =>
          data.entries.length === 0 ? (
            <Empty>No entries match.</Empty>
          ) : (
            <>
              <div className="table-wrap">
                <table className="table-stack">
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">What</th>
                      <th scope="col">App</th>
                      <th scope="col">Who</th>
                      <th scope="col">Scopes</th>
                      <th scope="col">From</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.entries.map((entry) => (
                      <tr key={entry.id}>
                        <td data-label="When">
                          <When iso={entry.createdAt} />
                        </td>
                        <td data-label="What">
                          <code>{entry.action}</code>{' '}
                          <span
                            className={`badge badge-${entry.outcome === 'success' ? 'ok' : 'bad'}`}
                          >
                            {entry.errorCode ?? entry.outcome}
                          </span>
                          {change(entry) && <div className="small">{change(entry)}</div>}
                        </td>
                        <td data-label="App" className="break">
                          {entry.clientId === null ? (
                            '—'
                          ) : appNames.has(entry.clientId) ? (
                            <span title={entry.clientId}>{appNames.get(entry.clientId)}</span>
                          ) : (
                            <code>{entry.clientId}</code>
                          )}
                        </td>
                        <td data-label="Who" className="break">
                          {who(entry)}
                        </td>
                        <td data-label="Scopes">
                          {typeof entry.detail.scope === 'string'
                            ? entry.detail.scope
                            : Array.isArray(entry.detail.scopes)
                              ? entry.detail.scopes.join(' ')
                              : '—'}
                        </td>
                        <td data-label="From">
                          {typeof entry.detail.ip === 'string'
                            ? entry.detail.ip
                            : typeof entry.detail.address === 'string'
                              ? entry.detail.address
                              : '—'}
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <PageButtons pages={page} setPages={setPage} nextCursor={data.nextCursor} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}
