import { type FormEvent, useState } from 'react';
import type { AccountView, EmailChangeRequested } from '@gatehouse/settings-api';
import { api } from '../api';
import {
  Field,
  FormError,
  Loaded,
  useResource,
  useSubmit,
  CurrentPasswordField,
} from '../components';
import { Link, useTitle } from '../router';
import { useSession } from '../session';
import { AccountDeletion } from './account-deletion';
import { SecurityEvents } from './security-events';

/** `/settings/account`: the address (confirmed or not), and the password and address changes. */
export function AccountPage() {
  useTitle('Account');
  const account = useResource<AccountView>('/api/settings/account');
  return (
    <>
      <h1>Account</h1>
      <p className="lead">
        Your sign-in details. Each change is announced by e-mail. See where you are signed in on{' '}
        <Link href="/settings/sessions">Sessions</Link>, and protect the account with{' '}
        <Link href="/settings/account/security">Two-factor authentication</Link>.
      </p>
      <Loaded resource={account} what="your account">
        {(data) => (
          <>
            <section className="card" aria-labelledby="account-address">
              <h2 id="account-address">E-mail address</h2>
              <p>
                <strong>{data.email}</strong>{' '}
                {data.emailConfirmed ? (
                  <span className="chip">confirmed</span>
                ) : (
                  <span className="chip">not confirmed</span>
                )}
              </p>
              {!data.emailConfirmed && <UnconfirmedNotice />}
            </section>
            <ChangePasswordForm />
            <ChangeEmailForm onRequested={account.reload} />
            <SecurityEvents />
            <AccountDeletion />
          </>
        )}
      </Loaded>
    </>
  );
}

/** Apps cannot be authorized before the address is confirmed; the sign-in pages' form mails a new link. */
function UnconfirmedNotice() {
  const { csrfToken } = useSession();
  return (
    <div className="notice" role="status">
      <p>Apps cannot be authorized until you follow the link we mailed to this address.</p>
      <form method="post" action="/oauth/confirm-email/resend">
        <input type="hidden" name="csrf_token" value={csrfToken} />
        <button type="submit" className="button button-secondary">
          Send a new confirmation link
        </button>
      </form>
    </div>
  );
}

function ChangePasswordForm() {
  const [currentPassword, setCurrent] = useState('');
  const [newPassword, setNew] = useState('');
  const [changed, setChanged] = useState(false);
  const submit = useSubmit();
  const change = async (event: FormEvent) => {
    event.preventDefault();
    setChanged(false);
    const done = await submit.run(async () => {
      await api('POST', '/api/settings/account/password', { currentPassword, newPassword });
      return true;
    });
    if (done) {
      setChanged(true);
      setCurrent('');
      setNew('');
    }
  };
  return (
    <form onSubmit={change} className="card" aria-labelledby="account-password">
      <h2 id="account-password">Change password</h2>
      {changed && (
        <p className="notice notice-success" role="status">
          Your password is changed.
        </p>
      )}
      <FormError failure={submit.failure} fields={[]} />
      <CurrentPasswordField
        label="Current password"
        name="currentPassword"
        value={currentPassword}
        onValue={setCurrent}
      />
      <Field
        label="New password"
        type="password"
        name="newPassword"
        autoComplete="new-password"
        hint="At least 8 characters, not a common password."
        value={newPassword}
        onChange={(event) => setNew(event.target.value)}
        required
      />
      <div className="actions">
        <button type="submit" className="button" disabled={submit.busy}>
          Change password
        </button>
      </div>
    </form>
  );
}

function ChangeEmailForm({ onRequested }: { onRequested: () => void }) {
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [pending, setPending] = useState<string | null>(null);
  const submit = useSubmit();
  const change = async (event: FormEvent) => {
    event.preventDefault();
    setPending(null);
    const answer = await submit.run(() =>
      api<EmailChangeRequested>('POST', '/api/settings/account/email', { email, password }),
    );
    if (answer) {
      setPending(answer.pendingEmail);
      setPassword('');
      onRequested();
    }
  };
  return (
    <form onSubmit={change} className="card" aria-labelledby="account-email">
      <h2 id="account-email">Change e-mail address</h2>
      {pending && (
        <p className="notice notice-success" role="status">
          We sent a link to {pending}. Your address changes once you follow it.
        </p>
      )}
      <FormError failure={submit.failure} fields={[]} />
      <Field
        label="New e-mail address"
        type="email"
        name="email"
        autoComplete="email"
        value={email}
        onChange={(event) => setEmail(event.target.value)}
        required
      />
      <CurrentPasswordField value={password} onValue={setPassword} />
      <div className="actions">
        <button type="submit" className="button" disabled={submit.busy}>
          Send confirmation link
        </button>
      </div>
    </form>
  );
}
