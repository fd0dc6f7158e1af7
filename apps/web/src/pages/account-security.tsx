import { type FormEvent, useState } from 'react';
import type {
  PasskeyRegistration,
  PasskeyView,
  RecoveryCodesView,
  SecondFactorsView,
  TotpEnrolment,
} from '@gatehouse/settings-api';
import { startRegistration } from '@simplewebauthn/browser';
import { api } from '../api';
import {
  ConfirmButton,
  Field,
  FormError,
  Loaded,
  useResource,
  useSubmit,
  When,
  CurrentPasswordField,
} from '../components';
import { useTitle } from '../router';

const FACTORS = '/api/settings/account/second-factors';

/**
 * `/settings/account/security`: two-factor authentication. An authenticator app (scan the QR code
 * or type the secret, confirm with a first code, keep the recovery codes shown once), turned off
 * with the password and a code; passkeys added (the password asked again), renamed and removed;
 * recovery codes regenerated with the password.
 */
export function AccountSecurityPage() {
  useTitle('Two-factor authentication');
  const factors = useResource<SecondFactorsView>(FACTORS);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const shown = (codes: string[]) => {
    setRecoveryCodes(codes);
    factors.reload();
  };
  return (
    <>
      <h1>Two-factor authentication</h1>
      <p className="lead">
        A second step after your password when you sign in, so a stolen password is not enough.
      </p>
      {recoveryCodes && <RecoveryCodes codes={recoveryCodes} />}
      <Loaded resource={factors} what="your second factors">
        {(data) => (
          <>
            {data.totp ? (
              <DisableTotpForm onDisabled={() => (setRecoveryCodes(null), factors.reload())} />
            ) : (
              <TotpSetup onConfirmed={shown} />
            )}
            <Passkeys passkeys={data.passkeys} onChanged={factors.reload} onFirstAdded={shown} />
            {(data.totp || data.passkeys.length > 0) && (
              <RegenerateForm left={data.recoveryCodesLeft} onRegenerated={shown} />
            )}
          </>
        )}
      </Loaded>
    </>
  );
}

function RecoveryCodes({ codes }: { codes: string[] }) {
  return (
    <section className="notice notice-success" role="status" aria-labelledby="recovery-codes">
      <h2 id="recovery-codes">Your recovery codes</h2>
      <p>
        Keep these somewhere safe: each one signs you in once if you lose your authenticator. They
        are not shown again.
      </p>
      <ul className="recovery-codes" data-testid="recovery-codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TotpSetup({ onConfirmed }: { onConfirmed: (codes: string[]) => void }) {
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const start = useSubmit();
  const confirm = useSubmit({ code: 'That code is not right. Enter the code your app shows now.' });
  const begin = async () => {
    const answer = await start.run(() => api<TotpEnrolment>('POST', `${FACTORS}/totp`));
    if (answer) setEnrolment(answer);
  };
  const finish = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await confirm.run(() =>
      api<RecoveryCodesView>('POST', `${FACTORS}/totp/confirm`, { code }),
    );
    if (answer) {
      setEnrolment(null);
      setCode('');
      onConfirmed(answer.recoveryCodes);
    }
  };
  if (!enrolment)
    return (
      <section className="card" aria-labelledby="totp-heading">
        <h2 id="totp-heading">Authenticator app</h2>
        <p>Not set up. Use an app such as a password manager that shows 6-digit codes.</p>
        <FormError failure={start.failure} fields={[]} />
        <div className="actions">
          <button
            type="button"
            className="button"
            disabled={start.busy}
            onClick={() => void begin()}
          >
            Set up an authenticator app
          </button>
        </div>
      </section>
    );
  return (
    <form onSubmit={finish} className="card" aria-labelledby="totp-heading" ref={confirm.formRef}>
      <h2 id="totp-heading">Authenticator app</h2>
      <p>Scan this code with your app, or type the secret below into it.</p>
      <img
        className="qr-code"
        src={enrolment.qrCode}
        alt="QR code of the secret for your authenticator app"
        width={200}
        height={200}
      />
      <p>
        Secret: <code data-testid="totp-secret">{enrolment.secret}</code>
      </p>
      <FormError failure={confirm.failure} fields={['code']} />
      <Field
        label="Code from the app"
        name="code"
        inputMode="numeric"
        autoComplete="one-time-code"
        value={code}
        error={confirm.fieldError('code')}
        onChange={(event) => setCode(event.target.value)}
        required
      />
      <div className="actions">
        <button type="submit" className="button" disabled={confirm.busy}>
          Turn on
        </button>
      </div>
    </form>
  );
}

function DisableTotpForm({ onDisabled }: { onDisabled: () => void }) {
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const submit = useSubmit();
  const disable = async (event: FormEvent) => {
    event.preventDefault();
    const done = await submit.run(async () => {
      await api('POST', `${FACTORS}/totp/disable`, { password, code });
      return true;
    });
    if (done) onDisabled();
  };
  return (
    <form onSubmit={disable} className="card" aria-labelledby="totp-heading">
      <h2 id="totp-heading">Authenticator app</h2>
      <p>
        <span className="chip">on</span> Signing in asks for a code from your app.
      </p>
      <h3>Turn off</h3>
      <FormError failure={submit.failure} fields={[]} />
      <CurrentPasswordField value={password} onValue={setPassword} />
      <Field
        label="Code from the app, or a recovery code"
        name="code"
        autoComplete="one-time-code"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        required
      />
      <div className="actions">
        <button type="submit" className="button button-danger" disabled={submit.busy}>
          Turn off the authenticator app
        </button>
      </div>
    </form>
  );
}

function RegenerateForm({
  left,
  onRegenerated,
}: {
  left: number;
  onRegenerated: (codes: string[]) => void;
}) {
  const [password, setPassword] = useState('');
  const submit = useSubmit();
  const regenerate = async (event: FormEvent) => {
    event.preventDefault();
    const answer = await submit.run(() =>
      api<RecoveryCodesView>('POST', `${FACTORS}/recovery-codes`, { password }),
    );
    if (answer) {
      setPassword('');
      onRegenerated(answer.recoveryCodes);
    }
  };
  return (
    <form onSubmit={regenerate} className="card" aria-labelledby="recovery-heading">
      <h2 id="recovery-heading">Recovery codes</h2>
      <p>
        {left} unused recovery code{left === 1 ? '' : 's'} left. New codes replace all the old ones.
      </p>
      <FormError failure={submit.failure} fields={[]} />
      <CurrentPasswordField value={password} onValue={setPassword} />
      <div className="actions">
        <button type="submit" className="button button-secondary" disabled={submit.busy}>
          Make new recovery codes
        </button>
      </div>
    </form>
  );
}

function Passkeys({
  passkeys,
  onChanged,
  onFirstAdded,
}: {
  passkeys: PasskeyView[];
  onChanged: () => void;
  /** With the recovery codes the first factor brings. */
  onFirstAdded: (recoveryCodes: string[]) => void;
}) {
  return (
    <section className="card" aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      <p>
        A passkey signs you in with your device&apos;s screen lock or a security key: after your
        password, or instead of it (“Sign in with a passkey”).
      </p>
      {passkeys.length === 0 ? (
        <p className="muted">No passkey yet.</p>
      ) : (
        <ul className="passkeys">
          {passkeys.map((passkey) => (
            <PasskeyItem key={passkey.id} passkey={passkey} onChanged={onChanged} />
          ))}
        </ul>
      )}
      <AddPasskeyForm
        onAdded={(recoveryCodes) => (recoveryCodes ? onFirstAdded(recoveryCodes) : onChanged())}
      />
    </section>
  );
}

function PasskeyItem({ passkey, onChanged }: { passkey: PasskeyView; onChanged: () => void }) {
  const [name, setName] = useState(passkey.name);
  const submit = useSubmit();
  const rename = async (event: FormEvent) => {
    event.preventDefault();
    const done = await submit.run(() =>
      api<PasskeyView>('PATCH', `${FACTORS}/passkeys/${encodeURIComponent(passkey.id)}`, { name }),
    );
    if (done) onChanged();
  };
  const remove = async () => {
    await api('DELETE', `${FACTORS}/passkeys/${encodeURIComponent(passkey.id)}`);
    onChanged();
  };
  return (
    <li className="passkey">
      <form onSubmit={rename} aria-label={`Passkey ${passkey.name}`}>
        <FormError failure={submit.failure} fields={[]} />
        <Field
          label={`Name of passkey ${passkey.name}`}
          name="name"
          value={name}
          onChange={(event) => setName(event.target.value)}
          required
        />
        <p className="muted">
          Added <When iso={passkey.createdAt} />
          {passkey.lastUsedAt ? (
            <>
              , last used <When iso={passkey.lastUsedAt} />
            </>
          ) : (
            ', never used'
          )}
        </p>
        <div className="actions">
          <button type="submit" className="button button-secondary" disabled={submit.busy}>
            Rename
          </button>
          <ConfirmButton
            label={`Remove ${passkey.name}`}
            short="Remove"
            confirmLabel={`Yes, remove ${passkey.name}`}
            onConfirm={() => void remove()}
          />
        </div>
      </form>
    </li>
  );
}

function AddPasskeyForm({ onAdded }: { onAdded: (recoveryCodes: string[] | null) => void }) {
  const [password, setPassword] = useState('');
  const [name, setName] = useState('');
  const submit = useSubmit();
  const add = async (event: FormEvent) => {
    event.preventDefault();
    const added = await submit.run(async () => {
      const optionsJSON = await api<Parameters<typeof startRegistration>[0]['optionsJSON']>(
        'POST',
        `${FACTORS}/passkeys/options`,
        { password },
      );
      const response = await startRegistration({ optionsJSON });
      return api<PasskeyRegistration>('POST', `${FACTORS}/passkeys`, { name, response });
    });
    if (added) {
      setPassword('');
      setName('');
      onAdded(added.recoveryCodes);
    }
  };
  return (
    <form onSubmit={add} aria-labelledby="add-passkey-heading">
      <h3 id="add-passkey-heading">Add a passkey</h3>
      <FormError failure={submit.failure} fields={[]} />
      <Field
        label="Passkey name"
        name="passkeyName"
        hint="To tell your passkeys apart, e.g. “Work laptop”."
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
      />
      <CurrentPasswordField
        label="Your password"
        name="passkeyPassword"
        value={password}
        onValue={setPassword}
      />
      <div className="actions">
        <button type="submit" className="button" disabled={submit.busy}>
          Add a passkey
        </button>
      </div>
    </form>
  );
}
