import { type FormEvent, useState } from 'react';
import type { OrganizationTwoFactorView } from '@gatehouse/settings-api';
import { api, segment } from '../api';
import { announce, FormError, Loaded, NotFound, useResource, useSubmit } from '../components';
import { Link, useTitle } from '../router';

/**
 * `/organizations/{name}/settings/security`: whether the organization requires two factors of
 * its members. An administrator without a factor of their own is refused, and told where to set
 * one up (the error notice links there).
 */
export function OrganizationSecurityPage({ org }: { org: string }) {
  useTitle(`${org}: security`);
  const path = `/api/organizations/${segment(org)}/settings/two-factor`;
  const requirement = useResource<OrganizationTwoFactorView>(path);
  return (
    <>
      <p className="crumbs">Organization {org}</p>
      <h1>Security</h1>
      <p className="lead">
        Require members of {org} to protect their sign-in with a second factor, an authenticator app
        or a passkey, before they reach the organization.
      </p>
      <Loaded
        resource={requirement}
        what="the organization’s security settings"
        notFound={<NotFound what="organization" back={<Link href="/">Back to the start</Link>} />}
      >
        {(current) => (
          <TwoFactorForm
            key={String(current.requireTwoFactor)}
            path={path}
            current={current}
            onSaved={requirement.reload}
          />
        )}
      </Loaded>
    </>
  );
}

function TwoFactorForm({
  path,
  current,
  onSaved,
}: {
  path: string;
  current: OrganizationTwoFactorView;
  onSaved: () => void;
}) {
  const [required, setRequired] = useState(current.requireTwoFactor);
  const save = useSubmit();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save.run(() =>
      api<OrganizationTwoFactorView>('PUT', path, { requireTwoFactor: required }),
    );
    if (result) {
      announce(
        result.requireTwoFactor
          ? 'Saved: members need two-factor authentication.'
          : 'Saved: two-factor authentication is up to each member.',
      );
      onSaved();
    }
  };
  return (
    <form className="card" onSubmit={submit} noValidate>
      <h2>Two-factor authentication</h2>
      <label className="choice">
        <input
          type="checkbox"
          name="requireTwoFactor"
          checked={required}
          onChange={(event) => setRequired(event.target.checked)}
        />{' '}
        <span>Require two-factor authentication of members</span>
      </label>
      <p className="small muted">
        A member without a second factor is refused the organization’s settings and its token
        exchange until they set one up. Set up your own first.
      </p>
      <FormError failure={save.failure} fields={[]} />
      <div className="button-row">
        <button
          type="submit"
          className="button"
          disabled={save.busy || required === current.requireTwoFactor}
        >
          Save
        </button>
      </div>
    </form>
  );
}
