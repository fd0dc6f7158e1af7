import { Link, useTitle } from '../router';
import { signInUrl, useSessionState } from '../session';
import { WebhookNotices } from './webhook-notices';

const PAGES = [
  {
    href: '/settings/tokens',
    title: 'Access tokens',
    text: 'Tokens for the CLI, scripts and notebooks: create, see when they were last used, delete.',
  },
  {
    href: '/settings/applications',
    title: 'OAuth apps',
    text: 'Apps that sign people in with Gatehouse: redirect URIs, scopes, client secrets.',
  },
  {
    href: '/settings/connected-applications',
    title: 'Connected apps',
    text: 'Apps you let in, with what they may do. Revoke access in one click.',
  },
  {
    href: '/settings/webhooks',
    title: 'Webhooks',
    text: 'Get told when repositories change: deliveries, activity and replays.',
  },
];

export function HomePage() {
  const state = useSessionState();
  useTitle(state.kind === 'signed-in' ? 'Settings' : 'Welcome');
  if (state.kind !== 'signed-in') {
    return (
      <section className="hero">
        <h1>Gatehouse</h1>
        <p className="lead">
          Sign-in, tokens and webhooks for a platform that hosts machine-learning models, datasets
          and apps. Sign in to manage your access tokens, the apps you build and the ones you use,
          and the webhooks that watch your repositories.
        </p>
        <p>
          <a className="button button-large" href={signInUrl('/')}>
            Sign in
          </a>
        </p>
      </section>
    );
  }
  const { session } = state;
  const adminOrgs = session.orgs.filter((org) => org.roleInOrg === 'admin');
  return (
    <>
      <section className="hero hero-compact">
        <h1>Hello, {session.user.fullname || session.user.name}</h1>
        <p className="lead">
          Signed in as <strong>{session.user.name}</strong> ({session.user.email}).
        </p>
      </section>
      <WebhookNotices />
      <ul className="tiles">
        {PAGES.map((page) => (
          <li key={page.href}>
            <Link href={page.href} className="tile">
              <span className="tile-title">{page.title}</span>
              <span className="tile-text">{page.text}</span>
            </Link>
          </li>
        ))}
      </ul>
      {session.orgs.length > 0 && (
        <section className="card">
          <h2>Your organizations</h2>
          <ul className="plain-list">
            {session.orgs.map((org) => (
              <li key={org.id}>
                <strong>{org.fullname || org.name}</strong>{' '}
                <span className="badge">{org.roleInOrg}</span>{' '}
                {adminOrgs.includes(org) && (
                  <Link
                    href={`/organizations/${encodeURIComponent(org.name)}/settings/token-exchange`}
                  >
                    Token exchange and audit log
                  </Link>
                )}{' '}
                {adminOrgs.includes(org) && (
                  <Link href={`/organizations/${encodeURIComponent(org.name)}/settings/tokens`}>
                    Tokens
                  </Link>
                )}{' '}
                {adminOrgs.includes(org) && (
                  <Link
                    href={`/organizations/${encodeURIComponent(org.name)}/settings/service-accounts`}
                  >
                    Service accounts
                  </Link>
                )}{' '}
                {adminOrgs.includes(org) && (
                  <Link href={`/organizations/${encodeURIComponent(org.name)}/settings/security`}>
                    Security
                  </Link>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
