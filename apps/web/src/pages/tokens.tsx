import { type FormEvent, useState } from 'react';
import { api, segment } from '../api';
import {
  ConfirmButton,
  Empty,
  ErrorNotice,
  Field,
  FormError,
  Loaded,
  OnceValue,
  useResource,
  useSubmit,
  When,
} from '../components';
import { useTitle } from '../router';
import { LeakedTokenNotices } from './leaked-token-notices';
import type { CreatedPersonalToken, PersonalTokenView } from '@gatehouse/settings-api';

export function TokensPage() {
  useTitle('Access tokens');
  const tokens = useResource<PersonalTokenView[]>('/api/settings/tokens');
  const [created, setCreated] = useState<CreatedPersonalToken | null>(null);
  const [name, setName] = useState('');
  const [role, setRole] = useState<'read' | 'write'>('read');
  const form = useSubmit();
  const removal = useSubmit();

  const create = async (event: FormEvent) => {
    event.preventDefault();
    const result = await form.run(() =>
      api<CreatedPersonalToken>('POST', '/api/settings/tokens', { name, role }),
    );
    if (result) {
      setCreated(result);
      setName('');
      tokens.reload();
    }
  };
  const remove = async (id: string) => {
    await removal.run(() => api('DELETE', `/api/settings/tokens/${segment(id)}`));
    tokens.reload();
  };

  return (
    <>
      <h1>Access tokens</h1>
      <p className="lead">
        Use a token where a password would not do: the CLI (
        <code>gatehouse auth login --token</code>), scripts and notebooks send it as a bearer token.
      </p>
      <LeakedTokenNotices />
      {created && (
        <OnceValue
          label={`New token “${created.name}”.`}
          value={created.token}
          note="Copy it now: it will not be shown again."
        />
      )}
      <section className="card">
        <h2>Create a token</h2>
        <form onSubmit={create} noValidate>
          <Field
            label="Name"
            name="name"
            value={name}
            onChange={(event) => setName(event.target.value)}
            required
            maxLength={100}
            error={form.fieldError('name')}
            hint="What it is for, e.g. “laptop CLI”."
          />
          <fieldset className="field">
            <legend>Role</legend>
            <label className="choice">
              <input
                type="radio"
                name="role"
                value="read"
                checked={role === 'read'}
                onChange={() => setRole('read')}
              />{' '}
              Read: look, never change
            </label>
            <label className="choice">
              <input
                type="radio"
                name="role"
                value="write"
                checked={role === 'write'}
                onChange={() => setRole('write')}
              />{' '}
              Write: everything you can do
            </label>
          </fieldset>
          <FormError failure={form.failure} fields={['name']} />
          <button type="submit" className="button" disabled={form.busy}>
            {form.busy ? 'Creating…' : 'Create token'}
          </button>
        </form>
      </section>
      <section className="card">
        <h2>Your tokens</h2>
        {removal.failure && <ErrorNotice failure={removal.failure} />}
        <Loaded resource={tokens} what="your tokens">
          {(list) =>
            list.length === 0 ? (
              <Empty>No access tokens yet. Create one above.</Empty>
            ) : (
              <div className="table-wrap">
                <table className="table-stack">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Role</th>
                      <th scope="col">Created</th>
                      <th scope="col">Last used</th>
                      <th scope="col">
                        <span className="visually-hidden">Actions</span>
                      </th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((token) => (
                      <tr key={token.id}>
                        <td data-label="Name">{token.name}</td>
                        <td data-label="Role">
                          <span className="badge">{token.role}</span>
                        </td>
                        <td data-label="Created">
                          <When iso={token.createdAt} />
                        </td>
                        <td data-label="Last used">
                          <When iso={token.lastUsedAt} />
                        </td>
                        <td className="actions">
                          <ConfirmButton
                            label={`Delete ${token.name}`}
                            short="Delete"
                            confirmLabel="Delete for good"
                            onConfirm={() => void remove(token.id)}
                            busy={removal.busy}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )
          }
        </Loaded>
      </section>
    </>
  );
}
