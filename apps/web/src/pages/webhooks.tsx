import { type FormEvent, type KeyboardEvent, useEffect, useState } from 'react';
import type { SourceJobsPage, TokenEntityType } from '@gatehouse/settings-api';
import { api, segment } from '../api';
import {
  announce,
  ConfirmButton,
  Empty,
  ErrorNotice,
  Field,
  FormError,
  Loaded,
  MaskedSecret,
  NotFound,
  useResource,
  useSubmit,
  When,
} from '../components';
import { Link, navigate, useTitle } from '../router';
import { entityNameProblem } from './token-form-state';
import { DeliveryOutcome, WebhookActivity } from './webhook-activity';
import { WebhookHealthNotice } from './webhook-health-notice';
import { SendTestEvent } from './webhook-test-event';

export interface Webhook {
  id: string;
  url: string | null;
  job: { id?: string; secrets?: string[] } | null;
  watched: { type: string; name: string }[];
  domains: string[];
  secret: string | null;
  jobToken?: string;
  disabled: boolean;
  disabledReason: string | null;
  createdAt?: string;
  updatedAt?: string;
}

interface ActivityPage {
  deliveries: {
    status: string;
    statusCode: number | null;
    error: string | null;
    createdAt: string;
  }[];
}

const WATCHED_TYPES = ['model', 'dataset', 'space', 'user', 'org'];
const DOMAINS = [
  { value: 'repo', label: 'Repository changes (commits, tags, settings)' },
  { value: 'discussion', label: 'Discussions and pull requests' },
];
const JOB_TOKENS = [
  { value: 'none', label: 'None' },
  { value: 'read', label: 'Read the repository of the event' },
  { value: 'write', label: 'Read and write the repository of the event' },
];
/** The webhook form's problems in its own words: also used for what the API rejects, by field. */
const WEBHOOK_WORDS: Record<string, string> = {
  watched: 'Name what to watch: a repository as owner/name, or a user or organization by its name.',
  domains: 'Tick at least one kind of event.',
  url: 'Enter the URL to deliver to, like https://example.com/webhook.',
  jobSourceId: 'Pick one of your Jobs.',
  secrets: 'Write Job secrets as NAME=value, one per line.',
  jobToken: 'Pick a Job token from the list.',
  secret: 'Use a secret of at most 1,000 characters.',
};

function isHttpUrl(value: string): boolean {
  try {
    return ['https:', 'http:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** A watched row's name problem as the person types (the same rule as the token form's entries). */
function watchedProblem(item: { type: string; name: string }): string | null {
  return entityNameProblem(item.type as TokenEntityType, item.name);
}

const WEBHOOK_FIELDS = [
  'watched',
  'domains',
  'url',
  'secret',
  'secrets',
  'jobSourceId',
  'jobToken',
];

function webhookState(webhook: Webhook): { label: string; tone: 'ok' | 'off' | 'bad' } {
  if (!webhook.disabled) return { label: 'Enabled', tone: 'ok' };
  if (webhook.disabledReason) return { label: 'Disabled by failures', tone: 'bad' };
  return { label: 'Disabled', tone: 'off' };
}

export function WebhooksPage() {
  useTitle('Webhooks');
  const webhooks = useResource<Webhook[]>('/api/settings/webhooks');
  return (
    <>
      <div className="page-head">
        <h1>Webhooks</h1>
        <Link href="/settings/webhooks/new" className="button">
          New webhook
        </Link>
      </div>
      <p className="lead">
        A webhook watches repositories, users or organizations and receives their changes by HTTP
        POST, or starts a Job.
      </p>
      <Loaded resource={webhooks} what="your webhooks">
        {(list) =>
          list.length === 0 ? (
            <Empty>
              No webhooks yet. <Link href="/settings/webhooks/new">Create one</Link> to be told when
              a repository changes.
            </Empty>
          ) : (
            <ul className="rows">
              {list.map((webhook) => (
                <WebhookRow key={webhook.id} webhook={webhook} />
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}

function WebhookRow({ webhook }: { webhook: Webhook }) {
  const last = useResource<ActivityPage>(
    `/api/settings/webhooks/${segment(webhook.id)}/activity?limit=1`,
  );
  const state = webhookState(webhook);
  const latest = last.kind === 'ready' ? last.data.deliveries[0] : undefined;
  return (
    <li className="row row-wrap">
      <div className="row-main">
        <Link href={`/settings/webhooks/${segment(webhook.id)}`} className="row-title">
          {webhook.url ?? `Job ${webhook.job?.id ?? ''}`}
        </Link>
        <div className="muted small">
          Watching {webhook.watched.map((item) => `${item.type} ${item.name}`).join(', ')}
        </div>
        <div className="small">
          Last delivery:{' '}
          {last.kind === 'loading' ? (
            <span className="muted">…</span>
          ) : latest ? (
            <>
              <DeliveryOutcome delivery={latest} /> <When iso={latest.createdAt} />
            </>
          ) : (
            <span className="muted">none yet</span>
          )}
        </div>
      </div>
      <span className={`badge badge-${state.tone}`}>{state.label}</span>
    </li>
  );
}

interface FormValues {
  watched: { type: string; name: string }[];
  domains: string[];
  target: 'url' | 'job';
  url: string;
  jobSourceId: string;
  secret: string;
  /** Editing: a new secret replaces the kept one; empty keeps it. */
  replaceSecret: boolean;
  jobSecrets: string;
  jobToken: string;
}

function valuesOf(webhook: Webhook | null): FormValues {
  return {
    watched: webhook?.watched.length
      ? webhook.watched.map((item) => ({ ...item }))
      : [{ type: 'model', name: '' }],
    domains: webhook?.domains ?? ['repo', 'discussion'],
    target: webhook?.job ? 'job' : 'url',
    url: webhook?.url ?? '',
    jobSourceId: webhook?.job?.id ?? '',
    secret: '',
    replaceSecret: !webhook?.secret,
    jobSecrets: '',
    jobToken: webhook?.jobToken ?? 'none',
  };
}

/** `NAME=value` lines into the API's `secrets` object. */
function jobSecretsOf(text: string): Record<string, string> {
  const secrets: Record<string, string> = {};
  for (const line of text.split('\n')) {
    const separator = line.indexOf('=');
    if (line.trim() === '' || separator < 1) continue;
    secrets[line.slice(0, separator).trim()] = line.slice(separator + 1);
  }
  return secrets;
}

function WebhookForm({
  webhook,
  submitLabel,
  submit,
  onSubmit,
}: {
  webhook: Webhook | null;
  submitLabel: string;
  submit: ReturnType<typeof useSubmit>;
  onSubmit: (body: Record<string, unknown>) => void;
}) {
  const [values, setValues] = useState<FormValues>(() => valuesOf(webhook));
  const sourceJobs = useResource<SourceJobsPage>('/api/settings/webhooks/source-jobs');
  // A Job webhook already made stays editable; a new Job target is offered only where Jobs run.
  const jobsOff =
    sourceJobs.kind === 'ready' && !sourceJobs.data.jobsEnabled && values.target !== 'job';
  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) =>
    setValues((current) => ({ ...current, [key]: value }));
  const setWatched = (index: number, change: Partial<{ type: string; name: string }>) =>
    set(
      'watched',
      values.watched.map((item, position) => (position === index ? { ...item, ...change } : item)),
    );

  const [focusRow, setFocusRow] = useState<number | null>(null);
  useEffect(() => {
    if (focusRow !== null) document.getElementById(`watched-name-${focusRow}`)?.focus();
  }, [focusRow]);
  const addRow = () => {
    set('watched', [...values.watched, { type: 'model', name: '' }]);
    setFocusRow(values.watched.length);
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const secrets = jobSecretsOf(values.jobSecrets);
    const watched = values.watched.filter((item) => item.name.trim() !== '');
    const rowProblems = Object.fromEntries(
      values.watched.map((item, index) => [
        `watched.${index}`,
        item.name.trim() === '' ? null : watchedProblem(item),
      ]),
    );
    const clean = submit.showProblems({
      ...rowProblems,
      watched: watched.length === 0 ? WEBHOOK_WORDS.watched : null,
      domains: values.domains.length === 0 ? WEBHOOK_WORDS.domains : null,
      url: values.target === 'url' && !isHttpUrl(values.url.trim()) ? WEBHOOK_WORDS.url : null,
      jobSourceId:
        values.target === 'job' && !/^[0-9a-f]{24}$/i.test(values.jobSourceId.trim())
          ? WEBHOOK_WORDS.jobSourceId
          : null,
    });
    if (!clean) return;
    onSubmit({
      watched: watched.map((item) => ({ type: item.type, name: item.name.trim() })),
      domains: values.domains,
      ...(values.replaceSecret ? { secret: values.secret } : {}),
      ...(values.target === 'url'
        ? { url: values.url.trim() }
        : {
            jobSourceId: values.jobSourceId.trim(),
            ...(Object.keys(secrets).length ? { secrets } : {}),
            jobToken: values.jobToken,
          }),
    });
  };

  return (
    <form onSubmit={send} noValidate className="card" ref={submit.formRef}>
      <fieldset className="field">
        <legend>Watched</legend>
        <p className="hint">
          Repositories (owner/name), or every repository of a user or organization.
        </p>
        {values.watched.map((item, index) => {
          const problem =
            submit.fieldError(`watched.${index}`) ??
            (item.name.trim() !== '' ? watchedProblem(item) : null);
          return (
            <div key={index} className="watched-row">
              <div className="inline-fields">
                <label className="visually-hidden" htmlFor={`watched-type-${index}`}>
                  Watched item {index + 1} type
                </label>
                <select
                  id={`watched-type-${index}`}
                  value={item.type}
                  onChange={(event) => setWatched(index, { type: event.target.value })}
                >
                  {WATCHED_TYPES.map((type) => (
                    <option key={type} value={type}>
                      {type}
                    </option>
                  ))}
                </select>
                <label className="visually-hidden" htmlFor={`watched-name-${index}`}>
                  Watched item {index + 1} name
                </label>
                <input
                  id={`watched-name-${index}`}
                  name={`watched.${index}`}
                  value={item.name}
                  placeholder={item.type === 'user' || item.type === 'org' ? 'name' : 'owner/name'}
                  aria-invalid={problem ? true : undefined}
                  aria-describedby={problem ? `watched-problem-${index}` : undefined}
                  onChange={(event) => setWatched(index, { name: event.target.value })}
                />
                {values.watched.length > 1 && (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() =>
                      set(
                        'watched',
                        values.watched.filter((_item, position) => position !== index),
                      )
                    }
                    aria-label={`Remove watched item ${index + 1}`}
                  >
                    Remove
                  </button>
                )}
              </div>
              {problem && (
                <p className="field-error" id={`watched-problem-${index}`}>
                  {problem}
                </p>
              )}
            </div>
          );
        })}
        <button type="button" className="button button-secondary" onClick={addRow}>
          Add another
        </button>
        {submit.fieldError('watched') && (
          <p className="field-error">{submit.fieldError('watched')}</p>
        )}
      </fieldset>
      <fieldset className="field">
        <legend>Events</legend>
        {DOMAINS.map((domain) => (
          <label key={domain.value} className="choice">
            <input
              type="checkbox"
              aria-invalid={submit.fieldError('domains') ? true : undefined}
              checked={values.domains.includes(domain.value)}
              onChange={() =>
                set(
                  'domains',
                  values.domains.includes(domain.value)
                    ? values.domains.filter((item) => item !== domain.value)
                    : [...values.domains, domain.value],
                )
              }
            />{' '}
            {domain.label}
          </label>
        ))}
        {submit.fieldError('domains') && (
          <p className="field-error">{submit.fieldError('domains')}</p>
        )}
      </fieldset>
      <fieldset className="field">
        <legend>Deliver to</legend>
        <label className="choice">
          <input
            type="radio"
            name="target"
            checked={values.target === 'url'}
            onChange={() => set('target', 'url')}
          />{' '}
          A URL (HTTP POST)
        </label>
        <label className="choice">
          <input
            type="radio"
            name="target"
            checked={values.target === 'job'}
            onChange={() => set('target', 'job')}
            disabled={jobsOff}
            aria-describedby={jobsOff ? 'jobs-disabled-note' : undefined}
          />{' '}
          A Job (the payload in its environment)
        </label>
        {sourceJobs.kind === 'ready' && !sourceJobs.data.jobsEnabled && (
          <p className="hint" id="jobs-disabled-note">
            Jobs are disabled on this server: a Job webhook would start nothing. Deliver to a URL
            instead.
          </p>
        )}
      </fieldset>
      {values.target === 'url' ? (
        <Field
          label="Webhook URL"
          name="url"
          type="url"
          value={values.url}
          onChange={(event) => set('url', event.target.value)}
          placeholder="https://example.com/webhook"
          error={submit.fieldError('url')}
        />
      ) : (
        <>
          <SourceJobChoice
            jobs={sourceJobs}
            value={values.jobSourceId}
            onChange={(id) => set('jobSourceId', id)}
            error={submit.fieldError('jobSourceId')}
          />
          <Field
            label="Job secrets"
            name="secrets"
            textarea
            rows={2}
            value={values.jobSecrets}
            onChange={(event) => set('jobSecrets', event.target.value)}
            hint="NAME=value, one per line; kept encrypted and shown by name only."
            error={submit.fieldError('secrets')}
          />
          <div className="field">
            <label htmlFor="jobToken">Job token</label>
            <select
              id="jobToken"
              value={values.jobToken}
              onChange={(event) => set('jobToken', event.target.value)}
            >
              {JOB_TOKENS.map((choice) => (
                <option key={choice.value} value={choice.value}>
                  {choice.label}
                </option>
              ))}
            </select>
            <p className="hint">
              A token limited to the repository of each event, passed to the Job as HF_TOKEN and
              expiring with the Job&apos;s timeout.
            </p>
            {submit.fieldError('jobToken') && (
              <p className="field-error">{submit.fieldError('jobToken')}</p>
            )}
          </div>
        </>
      )}
      {webhook?.secret && (
        <fieldset className="field">
          <legend>Secret</legend>
          <MaskedSecret label="The webhook's secret" value={webhook.secret} />
          <label className="choice">
            <input
              type="checkbox"
              checked={values.replaceSecret}
              onChange={(event) => set('replaceSecret', event.target.checked)}
            />{' '}
            Replace the secret (receivers checking it fail until they have the new one)
          </label>
        </fieldset>
      )}
      {values.replaceSecret && (
        <Field
          label={webhook?.secret ? 'New secret' : 'Secret'}
          name="secret"
          type="password"
          value={values.secret}
          onChange={(event) => set('secret', event.target.value)}
          hint={
            webhook?.secret
              ? 'Leave empty to remove the secret.'
              : 'Sent as X-Webhook-Secret and used to sign each delivery. Leave empty for none.'
          }
          autoComplete="new-password"
          error={submit.fieldError('secret')}
        />
      )}
      <FormError failure={submit.failure} fields={WEBHOOK_FIELDS} />
      <button type="submit" className="button" disabled={submit.busy}>
        {submit.busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

/** The Job a Job webhook starts, picked from the person's own Jobs. */
function SourceJobChoice({
  jobs,
  value,
  onChange,
  error,
}: {
  jobs: ReturnType<typeof useResource<SourceJobsPage>>;
  value: string;
  onChange: (id: string) => void;
  error: string | null;
}) {
  return (
    <div className={`field${error ? ' field-invalid' : ''}`}>
      <Loaded resource={jobs} what="your Jobs">
        {({ jobs: list }) =>
          list.length === 0 && value === '' ? (
            <p className="hint">
              <strong>Source Job:</strong> you have no Jobs on this server, so no Job webhook yet:
              deliver to a URL instead.
            </p>
          ) : (
            <>
              <label htmlFor="jobSourceId">Source Job</label>
              <select
                id="jobSourceId"
                name="jobSourceId"
                value={value}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? 'jobSourceId-error' : undefined}
                onChange={(event) => onChange(event.target.value)}
              >
                <option value="">Pick one of your Jobs…</option>
                {value !== '' && !list.some((job) => job.id === value) && (
                  <option value={value}>{value}</option>
                )}
                {list.map((job) => (
                  <option key={job.id} value={job.id}>
                    {job.dockerImage ?? job.spaceId ?? 'Job'} · {job.command.join(' ')} · {job.id}
                  </option>
                ))}
              </select>
            </>
          )
        }
      </Loaded>
      {error && (
        <p className="field-error" id="jobSourceId-error">
          {error}
        </p>
      )}
    </div>
  );
}

export function WebhookNewPage() {
  useTitle('New webhook');
  const submit = useSubmit(WEBHOOK_WORDS);
  const create = (body: Record<string, unknown>) =>
    void submit
      .run(() => api<{ webhook: Webhook }>('POST', '/api/settings/webhooks', body))
      .then((result) => {
        if (!result) return;
        announce('Webhook created.');
        navigate(`/settings/webhooks/${segment(result.webhook.id)}`);
      });
  return (
    <>
      <p className="crumbs">
        <Link href="/settings/webhooks">Webhooks</Link>
      </p>
      <h1>New webhook</h1>
      <WebhookForm webhook={null} submitLabel="Create webhook" submit={submit} onSubmit={create} />
    </>
  );
}

const TAB_KEYS: Record<string, 'other' | 'settings' | 'activity'> = {
  ArrowRight: 'other',
  ArrowLeft: 'other',
  Home: 'settings',
  End: 'activity',
};

export function WebhookEditPage({ id }: { id: string }) {
  const webhook = useResource<{ webhook: Webhook }>(`/api/settings/webhooks/${segment(id)}`);
  const [tab, setTab] = useState<'settings' | 'activity'>(() =>
    window.location.hash === '#activity' ? 'activity' : 'settings',
  );
  useTitle(tab === 'activity' ? 'Webhook activity' : 'Webhook');
  const save = useSubmit(WEBHOOK_WORDS);
  const action = useSubmit();
  const path = `/api/settings/webhooks/${segment(id)}`;

  const update = (body: Record<string, unknown>) =>
    void save
      .run(() => api<{ webhook: Webhook }>('POST', path, body))
      .then((result) => {
        if (result) {
          announce('Changes saved.');
          webhook.reload();
        }
      });
  const toggle = (enable: boolean) =>
    void action
      .run(() => api<{ webhook: Webhook }>('POST', `${path}/${enable ? 'enable' : 'disable'}`))
      .then((result) => {
        if (result) announce(enable ? 'Webhook enabled.' : 'Webhook disabled.');
        webhook.reload();
      });
  const remove = async () => {
    let deleted = false;
    await action.run(async () => {
      await api('DELETE', path);
      deleted = true;
    });
    if (deleted) {
      announce('Webhook deleted.');
      navigate('/settings/webhooks');
    }
  };
  const show = (next: 'settings' | 'activity') => {
    setTab(next);
    window.history.replaceState(
      null,
      '',
      next === 'activity' ? '#activity' : window.location.pathname,
    );
  };
  // The tabs take one Tab stop; the arrow keys (and Home, End) move between them (WAI-ARIA tabs pattern).
  const moveTab = (event: KeyboardEvent<HTMLDivElement>) => {
    const next: string | undefined = TAB_KEYS[event.key];
    if (!next) return;
    event.preventDefault();
    const target =
      next === 'other'
        ? tab === 'settings'
          ? 'activity'
          : 'settings'
        : (next as 'settings' | 'activity');
    show(target);
    document.getElementById(`tab-${target}`)?.focus();
  };

  return (
    <>
      <p className="crumbs">
        <Link href="/settings/webhooks">Webhooks</Link>
      </p>
      <Loaded
        resource={webhook}
        what="the webhook"
        notFound={
          <NotFound
            what="webhook"
            back={<Link href="/settings/webhooks">Back to your webhooks</Link>}
          />
        }
      >
        {({ webhook: current }) => {
          const state = webhookState(current);
          return (
            <>
              <div className="page-head">
                <h1 className="break">{current.url ?? `Job webhook`}</h1>
                <span className={`badge badge-${state.tone}`}>{state.label}</span>
              </div>
              <WebhookHealthNotice
                key={`${current.disabled}-${current.updatedAt ?? ''}`}
                id={current.id}
                disabledReason={current.disabledReason}
                onChanged={webhook.reload}
              />
              <div role="tablist" aria-label="Webhook" className="tabs" onKeyDown={moveTab}>
                <button
                  type="button"
                  role="tab"
                  id="tab-settings"
                  aria-controls="panel-settings"
                  aria-selected={tab === 'settings'}
                  tabIndex={tab === 'settings' ? 0 : -1}
                  onClick={() => show('settings')}
                >
                  Settings
                </button>
                <button
                  type="button"
                  role="tab"
                  id="tab-activity"
                  aria-controls="panel-activity"
                  aria-selected={tab === 'activity'}
                  tabIndex={tab === 'activity' ? 0 : -1}
                  onClick={() => show('activity')}
                >
                  Activity
                </button>
              </div>
              {tab === 'settings' ? (
                <div role="tabpanel" id="panel-settings" aria-labelledby="tab-settings">
                  <WebhookForm
                    key={current.updatedAt ?? current.id}
                    webhook={current}
                    submitLabel="Save changes"
                    submit={save}
                    onSubmit={update}
                  />
                  <SendTestEvent id={current.id} disabled={current.disabled} />
                  <section className="card">
                    <h2>State</h2>
                    {action.failure && <ErrorNotice failure={action.failure} />}
                    <div className="button-row">
                      {current.disabled ? (
                        <button
                          type="button"
                          className="button"
                          onClick={() => toggle(true)}
                          disabled={action.busy}
                        >
                          Enable
                        </button>
                      ) : (
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() => toggle(false)}
                          disabled={action.busy}
                        >
                          Disable
                        </button>
                      )}
                      <ConfirmButton
                        label="Delete webhook"
                        confirmLabel="Delete webhook for good"
                        onConfirm={() => void remove()}
                        busy={action.busy}
                      />
                    </div>
                  </section>
                </div>
              ) : (
                <div role="tabpanel" id="panel-activity" aria-labelledby="tab-activity">
                  <WebhookActivity id={current.id} />
                </div>
              )}
            </>
          );
        }}
      </Loaded>
    </>
  );
}
