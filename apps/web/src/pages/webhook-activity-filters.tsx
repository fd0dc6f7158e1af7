import { type FormEvent, useId, useState } from 'react';
import { Field } from '../components';
import type { ApiFailure } from '../api';

/** What the Activity page narrows its deliveries by; an empty string is "any". */
export interface ActivityFilters {
  outcome: '' | 'delivered' | 'failed' | 'pending';
  scope: string;
  repo: string;
  since: string;
  until: string;
}

export const NO_ACTIVITY_FILTERS: ActivityFilters = {
  outcome: '',
  scope: '',
  repo: '',
  since: '',
  until: '',
};

const SCOPES = ['repo', 'repo.content', 'repo.config', 'discussion', 'discussion.comment'];

/** The filters as query parameters (times from the browser's zone to UTC), `&`-prefixed. */
export function activityFilterQuery(filters: ActivityFilters): string {
  const params = new URLSearchParams();
  if (filters.outcome) params.set('outcome', filters.outcome);
  if (filters.scope) params.set('scope', filters.scope);
  if (filters.repo.trim()) params.set('repo', filters.repo.trim());
  if (filters.since) params.set('since', new Date(filters.since).toISOString());
  if (filters.until) params.set('until', new Date(filters.until).toISOString());
  const text = params.toString();
  return text ? `&${text}` : '';
}

export function isFiltered(filters: ActivityFilters): boolean {
  return activityFilterQuery(filters) !== '';
}

/** Outcome, event scope, repository and time range; applied on Filter, reset by Clear filters. */
export function ActivityFilterForm({
  applied,
  failure,
  onApply,
}: {
  applied: ActivityFilters;
  /** The API's refusal of the applied filters, shown next to the field it names. */
  failure: ApiFailure | null;
  onApply: (filters: ActivityFilters) => void;
}) {
  const [draft, setDraft] = useState<ActivityFilters>(applied);
  const outcomeId = useId();
  const scopeId = useId();
  const fieldError = (field: string) =>
    failure?.field === field ? failure.fieldMessage : undefined;
  const until =
    draft.since && draft.until && new Date(draft.until) <= new Date(draft.since)
      ? 'Until must be later than From.'
      : fieldError('until');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (draft.since && draft.until && new Date(draft.until) <= new Date(draft.since)) return;
    onApply(draft);
  };
  return (
    <form className="filters" onSubmit={submit} noValidate aria-label="Filter deliveries">
      <div className="field">
        <label htmlFor={outcomeId}>Outcome</label>
        <select
          id={outcomeId}
          value={draft.outcome}
          onChange={(event) =>
            setDraft({ ...draft, outcome: event.target.value as ActivityFilters['outcome'] })
          }
        >
          <option value="">Any outcome</option>
          <option value="delivered">Delivered</option>
          <option value="failed">Failed</option>
          <option value="pending">Pending</option>
        </select>
      </div>
      <div className="field">
        <label htmlFor={scopeId}>Event scope</label>
        <select
          id={scopeId}
          value={draft.scope}
          onChange={(event) => setDraft({ ...draft, scope: event.target.value })}
        >
          <option value="">Any event</option>
          {SCOPES.map((scope) => (
            <option key={scope} value={scope}>
              {scope}
            </option>
          ))}
        </select>
      </div>
      <Field
        label="Repository"
        name="repo"
        placeholder="acme/bert"
        value={draft.repo}
        error={fieldError('repo')}
        onChange={(event) => setDraft({ ...draft, repo: event.target.value })}
      />
      <Field
        label="From"
        name="since"
        type="datetime-local"
        value={draft.since}
        error={fieldError('since')}
        onChange={(event) => setDraft({ ...draft, since: event.target.value })}
      />
      <Field
        label="Until"
        name="until"
        type="datetime-local"
        value={draft.until}
        error={until}
        onChange={(event) => setDraft({ ...draft, until: event.target.value })}
      />
      <div className="button-row">
        <button type="submit" className="button">
          Filter
        </button>
        {isFiltered(applied) && (
          <button
            type="button"
            className="button button-secondary"
            onClick={() => {
              setDraft(NO_ACTIVITY_FILTERS);
              onApply(NO_ACTIVITY_FILTERS);
            }}
          >
            Clear filters
          </button>
        )}
      </div>
    </form>
  );
}
