import { type FormEvent, useState } from 'react';
import type { AccountDeletionScheduled } from '@gatehouse/settings-api';
import { api } from '../api';
import { Field, FormError, useSubmit, CurrentPasswordField } from '../components';

/**
 * "Delete my account" on the account page: the password (and the second factor's code, when the
 * account has one) asked again; the answer signs every browser out, this one included, so the
 * page then shows the date and leaves for the start page.
 */
export function AccountDeletion() {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [asking, setAsking] = useState(false);
  const [dueAt, setDueAt] = useState<string | null>(null);
  const submit = useSubmit();
  const send = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await submit.run(() =>
      api<AccountDeletionScheduled>('POST', '/api/settings/account/deletion', {
        password,
        ...(code ? { secondFactorCode: code } : {}),
      }),
    );
    if (answer) {
      setPassword('');
      setDueAt(answer.deletionDueAt);
    }
  };
  return (
    <section className="card" aria-labelledby="account-deletion">
      <h2 id="account-deletion">Delete my account</h2>
      {dueAt !== null ? (
        <div className="notice" role="status">
          <p>
            Your account will be deleted on {new Date(dueAt).toLocaleString()}, with its tokens,
            apps and webhooks. Every browser is signed out. Signing in before then cancels the
            deletion.
          </p>
          <p>
            <a href="/">Leave</a>
          </p>
        </div>
      ) : !asking ? (
        <>
          <p>
            Your account is deleted after a grace period; signing in before it ends cancels the
            deletion.
          </p>
          <button type="button" className="button button-danger" onClick={() => setAsking(true)}>
            Delete my account
          </button>
        </>
      ) : (
        <form onSubmit={send}>
          <FormError failure={submit.failure} fields={[]} />
          <CurrentPasswordField value={password} onValue={setPassword} />
          <Field
            label="Second factor code"
            name="secondFactorCode"
            autoComplete="one-time-code"
            hint="Only if your account has a second factor."
            value={code}
            onChange={(event) => setCode(event.target.value)}
          />
          <div className="actions">
            <button type="submit" className="button button-danger" disabled={submit.busy}>
              Delete my account
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setAsking(false)}
            >
              Cancel
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
