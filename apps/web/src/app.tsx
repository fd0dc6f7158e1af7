import { type ReactNode, useEffect, useRef } from 'react';
import { api } from './api';
import { ErrorNotice, Loading, StatusRegion } from './components';
import { AccountPage } from './pages/account';
import { AccountSecurityPage } from './pages/account-security';
import { ApplicationEditPage, ApplicationNewPage, ApplicationsPage } from './pages/applications';
import { ConnectedApplicationsPage } from './pages/connected-applications';
import { HomePage } from './pages/home';
import { ServiceAccountsPage } from './pages/organization-service-accounts';
import { OrganizationSecurityPage } from './pages/organization-security';
import { SessionsPage } from './pages/sessions';
import { TokenExchangePage } from './pages/organization-token-exchange';
import { OrganizationTokensPage } from './pages/organization-tokens';
import { TokenDetailPage } from './pages/token-detail';
import { TokenNewPage } from './pages/token-new';
import { TokensPage } from './pages/tokens';
import { WebhookEditPage, WebhookNewPage, WebhooksPage } from './pages/webhooks';
import { Link, match, useLocation } from './router';
import { SessionProvider, signInUrl, useSessionState } from './session';

interface Route {
  pattern: string;
  render: (params: Record<string, string>) => ReactNode;
}

const SETTINGS_ROUTES: Route[] = [
  { pattern: '/settings', render: () => <SettingsIndex /> },
  { pattern: '/settings/account', render: () => <AccountPage /> },
  { pattern: '/settings/account/security', render: () => <AccountSecurityPage /> },
  { pattern: '/settings/sessions', render: () => <SessionsPage /> },
  { pattern: '/settings/tokens', render: () => <TokensPage /> },
  { pattern: '/settings/tokens/new', render: () => <TokenNewPage /> },
  { pattern: '/settings/tokens/:id', render: ({ id }) => <TokenDetailPage id={id!} /> },
  { pattern: '/settings/applications', render: () => <ApplicationsPage /> },
  { pattern: '/settings/applications/new', render: () => <ApplicationNewPage /> },
  {
    pattern: '/settings/applications/:clientId',
    render: ({ clientId }) => <ApplicationEditPage clientId={clientId!} />,
  },
  { pattern: '/settings/connected-applications', render: () => <ConnectedApplicationsPage /> },
  { pattern: '/settings/webhooks', render: () => <WebhooksPage /> },
  { pattern: '/settings/webhooks/new', render: () => <WebhookNewPage /> },
  { pattern: '/settings/webhooks/:id', render: ({ id }) => <WebhookEditPage id={id!} /> },
  {
    pattern: '/organizations/:name/settings/token-exchange',
    render: ({ name }) => <TokenExchangePage org={name!} />,
  },
  {
    pattern: '/organizations/:name/settings/tokens',
    render: ({ name }) => <OrganizationTokensPage org={name!} />,
  },
  {
    pattern: '/organizations/:name/settings/security',
    render: ({ name }) => <OrganizationSecurityPage org={name!} />,
  },
  {
    pattern: '/organizations/:name/settings/service-accounts',
    render: ({ name }) => <ServiceAccountsPage org={name!} />,
  },
];

export function App() {
  return (
    <SessionProvider>
      <Shell />
    </SessionProvider>
  );
}

function Shell() {
  const state = useSessionState();
  const { pathname } = useLocation();
  const isHome = pathname === '/';
  useEffect(() => {
    if (state.kind === 'signed-out' && !isHome) window.location.assign(signInUrl());
  }, [state.kind, isHome]);
  // After an in-page navigation, focus the new page's content, as a page load would for a screen reader.
  const main = useRef<HTMLElement>(null);
  const shownPath = useRef(pathname);
  useEffect(() => {
    if (shownPath.current === pathname) return;
    shownPath.current = pathname;
    main.current?.focus();
  }, [pathname]);

  return (
    <>
      <a className="skip-link" href="#content">
        Skip to content
      </a>
      <Header />
      <main id="content" tabIndex={-1} ref={main}>
        {state.kind === 'loading' && <Loading what="your session" />}
        {state.kind === 'error' && (
          <ErrorNotice failure={state.message} onRetry={() => window.location.reload()} />
        )}
        {state.kind === 'signed-out' &&
          (isHome ? <HomePage /> : <Loading what="the sign-in page" />)}
        {state.kind === 'signed-in' && <Page pathname={pathname} />}
      </main>
      <StatusRegion />
    </>
  );
}

function Page({ pathname }: { pathname: string }) {
  if (pathname === '/') return <HomePage />;
  for (const route of SETTINGS_ROUTES) {
    const params = match(route.pattern, pathname);
    if (params) return <>{route.render(params)}</>;
  }
  return (
    <section className="card">
      <h1>Not found</h1>
      <p>There is no settings page at this address.</p>
      <p>
        <Link href="/">Back to the start</Link>
      </p>
    </section>
  );
}

function SettingsIndex() {
  return <HomePage />;
}

const SECTIONS = [
  { href: '/settings/account', label: 'Account' },
  { href: '/settings/tokens', label: 'Access tokens' },
  { href: '/settings/applications', label: 'OAuth apps' },
  { href: '/settings/connected-applications', label: 'Connected apps' },
  { href: '/settings/webhooks', label: 'Webhooks' },
];

function Header() {
  const state = useSessionState();
  const { pathname } = useLocation();
  const signOut = async () => {
    try {
      await api('POST', '/api/session/logout');
    } finally {
      window.location.assign('/');
    }
  };
  return (
    <header className="site-header">
      <Link href="/" className="brand">
        <span className="brand-mark" aria-hidden="true">
          ◆
        </span>{' '}
        Gatehouse
      </Link>
      {state.kind === 'signed-in' && (
        <>
          <nav aria-label="Settings" className="site-nav">
            {SECTIONS.map(({ href, label }) => (
              <Link
                key={href}
                href={href}
                aria-current={
                  pathname === href || pathname.startsWith(`${href}/`) ? 'page' : undefined
                }
              >
                {label}
              </Link>
            ))}
          </nav>
          <div className="account">
            <span className="account-name" title={state.session.user.email}>
              {state.session.user.name}
            </span>
            <button type="button" className="button button-secondary" onClick={signOut}>
              Sign out
            </button>
          </div>
        </>
      )}
      {state.kind === 'signed-out' && (
        <div className="account">
          <a className="button" href={signInUrl('/')}>
            Sign in
          </a>
        </div>
      )}
    </header>
  );
}
