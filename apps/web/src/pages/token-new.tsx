import { type FormEvent, useState } from 'react';
import type { CreatedPersonalToken, PersonalTokenRole } from '@gatehouse/settings-api';
import { api, segment } from '../api';
import { announce, Field, FormError, OnceValue, useSubmit } from '../components';
import { Link, useLocation, useTitle } from '../router';
import { useSession } from '../session';
import {
  type ExpiryChoice,
  createBody,
  formFromSearch,
  type FormProblem,
  PRESETS,
  TOKEN_WORDS,
  type TokenFormState,
  withPreset,
} from './token-form-state';
import { TokenPermissionsEditor } from './token-permissions-editor';

const ROLES: ReadonlyArray<{ role: PersonalTokenRole; label: string; hint: string }> = [
  {
    role: 'fineGrained',
    label: 'Fine-grained',
    hint: 'only the permissions you tick, on the accounts and repositories you name (best for production)',
  },
  { role: 'read', label: 'Read', hint: 'look at everything you can see, never change' },
  { role: 'write', label: 'Write', hint: 'everything you can do' },
];

const EXPIRY: ReadonlyArray<{ value: ExpiryChoice; label: string }> = [
  { value: '7', label: '7 days' },
  { value: '30', label: '30 days' },
  { value: '90', label: '90 days' },
  { value: 'custom', label: 'On a date…' },
  { value: 'none', label: 'Never' },
];

/** `YYYY-MM-DD` of today where the person is. */
function today(): string {
  const now = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** `/settings/tokens/new`: the token form, prefilled from the Hub's links (token-form-state.ts). */
export function TokenNewPage() {
  useTitle('New access token');
  const { search } = useLocation();
  const [initial] = useState(() => formFromSearch(search));
  const [form, setForm] = useState<TokenFormState>(initial.state);
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [created, setCreated] = useState<CreatedPersonalToken | null>(null);
  const submit = useSubmit(TOKEN_WORDS);
  const owner = useSession().user.name;
  const set = (change: Partial<TokenFormState>) =>
    setForm((current) => ({ ...current, ...change }));
  const problem = (field: string) => problems.find((p) => p.field === field)?.message ?? null;

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const checked = createBody(form, today(), owner);
    if ('problems' in checked) {
      setProblems(checked.problems);
      submit.showProblems(
        Object.fromEntries(checked.problems.map(({ field, message }) => [field, message])),
      );
      return;
    }
    setProblems([]);
    const result = await submit.run(() =>
      api<CreatedPersonalToken>('POST', '/api/settings/tokens', checked.body),
    );
    if (result) {
      setCreated(result);
      announce(`Token ${result.name} created.`);
    }
  };

  if (created) {
    return (
      <>
        <p className="crumbs">
          <Link href="/settings/tokens">Access tokens</Link>
        </p>
        <h1>Token created</h1>
        <OnceValue
          label={`New token “${created.name}”.`}
          value={created.token}
          note="Copy it now: it will not be shown again."
        />
        <p className="button-row">
          <Link href={`/settings/tokens/${segment(created.id)}`} className="button">
            See the token
          </Link>
          <Link href="/settings/tokens" className="button button-secondary">
            Back to your tokens
          </Link>
        </p>
      </>
    );
  }

  return (
    <>
      <p className="crumbs">
        <Link href="/settings/tokens">Access tokens</Link>
      </p>
      <h1>New access token</h1>
      {initial.ignored.length > 0 && (
        <div className="notice" role="status">
          <p>
            The link asked for {initial.ignored.join(', ')}, which this form does not know: left
            out.
          </p>
        </div>
      )}
      <form onSubmit={create} noValidate className="card" ref={submit.formRef}>
        <fieldset className="field">
          <legend>Token type</legend>
          {ROLES.map(({ role, label, hint }) => (
            <label key={role} className="choice">
              <input
                type="radio"
                name="role"
                value={role}
                checked={form.role === role}
                onChange={() => set({ role })}
              />
              <span>
                <strong>{label}</strong>: {hint}
              </span>
            </label>
          ))}
        </fieldset>
        <Field
          label="Name"
          name="name"
          value={form.name}
          onChange={(event) => set({ name: event.target.value })}
          required
          maxLength={100}
          error={problem('name') ?? submit.fieldError('name')}
          hint="What it is for, e.g. “laptop CLI” or “deploy acme”."
        />
        {form.role === 'fineGrained' && (
          <>
            <fieldset className="field">
              <legend>Start from a preset</legend>
              <p className="hint">
                A preset fills the permissions below; change any of them after.
              </p>
              <div className="choices">
                {PRESETS.map((preset) => (
                  <label key={preset.id} className="choice">
                    <input
                      type="radio"
                      name="preset"
                      value={preset.id}
                      checked={form.preset === preset.id}
                      onChange={() => setForm((current) => withPreset(current, preset.id))}
                    />
                    <span>
                      <strong>{preset.label}</strong>
                      <span className="hint"> {preset.summary}</span>
                    </span>
                  </label>
                ))}
              </div>
            </fieldset>
            <TokenPermissionsEditor
              value={form}
              onChange={(grant) => set({ ...grant, preset: null })}
              problems={problems}
            />
          </>
        )}
        <div className="inline-fields">
          <div className="field">
            <label htmlFor="expiry">Expires</label>
            <select
              id="expiry"
              value={form.expiry}
              onChange={(event) => set({ expiry: event.target.value as ExpiryChoice })}
            >
              {EXPIRY.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </select>
          </div>
          {form.expiry === 'custom' && (
            <Field
              label="Expiry date"
              type="date"
              name="expiresOn"
              min={today()}
              value={form.expiresOn}
              onChange={(event) => set({ expiresOn: event.target.value })}
              error={problem('expiresOn')}
            />
          )}
        </div>
        {problems.length > 0 && (
          <div className="notice notice-error" role="alert">
            <p>Fix what is marked above, then create the token again.</p>
          </div>
        )}
        <FormError failure={submit.failure} fields={['name']} />
        <button type="submit" className="button" disabled={submit.busy}>
          {submit.busy ? 'Creating…' : 'Create token'}
        </button>
      </form>
    </>
  );
}
