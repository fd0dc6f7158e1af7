import { type FormEvent, useState } from 'react';
import { api, segment } from '../api';
import {
  announce,
  ConfirmButton,
  Empty,
  ErrorNotice,
  Field,
  FormError,
  Loaded,
  NotFound,
  OnceValue,
  useResource,
  useSubmit,
  When,
} from '../components';
import { Link, navigate, useTitle } from '../router';
import { useSession } from '../session';
import type { OAuthAppView } from '@gatehouse/settings-api';

interface Discovery {
  scopes_supported: string[];
}

/** The app form's problems in its own words: also used for what the API rejects, by field. */
const APP_WORDS: Record<string, string> = {
  name: 'Give the app a name of at most 100 characters.',
  homepageUrl: 'Enter the homepage as an https URL, like https://example.com.',
  logoUri: 'Enter the logo as an https URL, like https://example.com/logo.png.',
  redirectUris:
    'Each redirect URI must be https, http on localhost or 127.0.0.1, or your app’s own scheme, without a #fragment, at most 2,048 characters; at most 20 of them.',
  postLogoutRedirectUris:
    'Each address to return to after signing out follows the redirect URI rules; at most 20 of them.',
  backchannelLogoutUri:
    'Enter the back-channel logout address as an https URL (http only on localhost or 127.0.0.1), without a #fragment.',
  scopes: 'Pick scopes from the list.',
  accessTokenTtlSeconds: 'Choose a lifetime from 0.1 hours (6 minutes) to 720 hours (30 days).',
  owner: 'Pick yourself or an organization you administer.',
};

function isHttpsUrl(value: string): boolean {
  try {
    return new URL(value).protocol === 'https:';
  } catch {
    return false;
  }
}

/** The redirect URI the API will refuse, checked here so every problem shows at once. */
function badRedirectUri(line: string): boolean {
  if (line.length > 2048 || line.includes('#') || !/^[A-Za-z][A-Za-z0-9+.-]*:/.test(line))
    return true;
  try {
    const url = new URL(line);
    if (url.protocol === 'http:')
      return !['localhost', '127.0.0.1', '[::1]'].includes(url.hostname);
    if (url.protocol === 'https:') return url.hostname === '';
    return ['javascript:', 'data:', 'vbscript:', 'file:', 'about:', 'blob:'].includes(url.protocol);
  } catch {
    return true;
  }
}

const APP_FIELDS = [
  'name',
  'homepageUrl',
  'logoUri',
  'redirectUris',
  'postLogoutRedirectUris',
  'backchannelLogoutUri',
  'scopes',
  'accessTokenTtlSeconds',
  'owner',
];

export function ApplicationsPage() {
  useTitle('OAuth apps');
  const apps = useResource<OAuthAppView[]>('/api/settings/apps');
  return (
    <>
      <div className="page-head">
        <h1>OAuth apps</h1>
        <Link href="/settings/applications/new" className="button">
          New OAuth app
        </Link>
      </div>
      <p className="lead">
        Apps that sign people in with Gatehouse (“Sign in with Gatehouse”), yours and your
        organizations’.
      </p>
      <Loaded resource={apps} what="your apps">
        {(list) =>
          list.length === 0 ? (
            <Empty>
              No OAuth apps yet. <Link href="/settings/applications/new">Create the first one</Link>
              .
            </Empty>
          ) : (
            <ul className="rows">
              {list.map((app) => (
                <li key={app.id} className="row">
                  <div>
                    <Link
                      href={`/settings/applications/${segment(app.clientId)}`}
                      className="row-title"
                    >
                      {app.name}
                    </Link>
                    <div className="muted small">
                      <code>{app.clientId}</code> ·{' '}
                      {app.owner.type === 'org' ? `organization ${app.owner.name}` : 'yours'}
                    </div>
                  </div>
                  <span className="badge">{app.public ? 'public' : 'confidential'}</span>
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}

/** The form both pages share; `owner` and `public` are chosen once, at creation. */
function AppForm({
  initial,
  creating,
  onSubmit,
  submitLabel,
  submit,
}: {
  initial: Partial<OAuthAppView>;
  creating: boolean;
  onSubmit: (body: Record<string, unknown>) => void;
  submitLabel: string;
  submit: ReturnType<typeof useSubmit>;
}) {
  const session = useSession();
  const discovery = useResource<Discovery>('/.well-known/openid-configuration');
  const [name, setName] = useState(initial.name ?? '');
  const [homepageUrl, setHomepageUrl] = useState(initial.homepageUrl ?? '');
  const [logoUri, setLogoUri] = useState(initial.logoUri ?? '');
  const [redirectUris, setRedirectUris] = useState((initial.redirectUris ?? []).join('\n'));
  const [postLogoutUris, setPostLogoutUris] = useState(
    (initial.postLogoutRedirectUris ?? []).join('\n'),
  );
  const [backchannelUri, setBackchannelUri] = useState(initial.backchannelLogoutUri ?? '');
  const [backchannelSid, setBackchannelSid] = useState(
    initial.backchannelLogoutSessionRequired ?? false,
  );
  const [scopes, setScopes] = useState<string[]>(initial.scopes ?? ['openid', 'profile']);
  const [hours, setHours] = useState(String((initial.accessTokenTtlSeconds ?? 28_800) / 3600));
  const [owner, setOwner] = useState('');
  const [isPublic, setPublic] = useState(false);
  const adminOrgs = session.orgs.filter((org) => org.roleInOrg === 'admin');

  const send = (event: FormEvent) => {
    event.preventDefault();
    const lines = (text: string) =>
      text
        .split('\n')
        .map((line) => line.trim())
        .filter(Boolean);
    const uris = lines(redirectUris);
    const afterLogout = lines(postLogoutUris);
    const backchannel = backchannelUri.trim();
    const ttl = Math.round(Number(hours) * 3600);
    const clean = submit.showProblems({
      name: name.trim() === '' || name.length > 100 ? APP_WORDS.name : null,
      homepageUrl:
        homepageUrl.trim() && !isHttpsUrl(homepageUrl.trim()) ? APP_WORDS.homepageUrl : null,
      logoUri: logoUri.trim() && !isHttpsUrl(logoUri.trim()) ? APP_WORDS.logoUri : null,
      redirectUris: uris.length > 20 || uris.some(badRedirectUri) ? APP_WORDS.redirectUris : null,
      postLogoutRedirectUris:
        afterLogout.length > 20 || afterLogout.some(badRedirectUri)
          ? APP_WORDS.postLogoutRedirectUris
          : null,
      backchannelLogoutUri:
        backchannel && (badRedirectUri(backchannel) || !/^https?:/.test(backchannel))
          ? APP_WORDS.backchannelLogoutUri
          : null,
      accessTokenTtlSeconds:
        hours.trim() === '' || !Number.isFinite(ttl) || ttl < 300 || ttl > 2_592_000
          ? APP_WORDS.accessTokenTtlSeconds
          : null,
    });
    if (!clean) return;
    onSubmit({
      name,
      homepageUrl: homepageUrl.trim() || null,
      logoUri: logoUri.trim() || null,
      redirectUris: uris,
      postLogoutRedirectUris: afterLogout,
      backchannelLogoutUri: backchannel || null,
      backchannelLogoutSessionRequired: backchannelSid,
      scopes,
      accessTokenTtlSeconds: ttl,
      ...(creating ? { public: isPublic, ...(owner ? { owner } : {}) } : {}),
    });
  };
  const toggle = (scope: string) =>
    setScopes((current) =>
      current.includes(scope) ? current.filter((item) => item !== scope) : [...current, scope],
    );

  return (
    <form onSubmit={send} noValidate className="card" ref={submit.formRef}>
      <Field
        label="Name"
        name="name"
        value={name}
        onChange={(event) => setName(event.target.value)}
        required
        maxLength={100}
        error={submit.fieldError('name')}
      />
      <Field
        label="Homepage"
        name="homepageUrl"
        type="url"
        value={homepageUrl}
        onChange={(event) => setHomepageUrl(event.target.value)}
        placeholder="https://example.com"
        hint="An https URL, shown to people who sign in."
        error={submit.fieldError('homepageUrl')}
      />
      <Field
        label="Logo URL"
        name="logoUri"
        type="url"
        value={logoUri}
        onChange={(event) => setLogoUri(event.target.value)}
        placeholder="https://example.com/logo.png"
        hint="An https URL of a square image."
        error={submit.fieldError('logoUri')}
      />
      <Field
        label="Redirect URIs"
        name="redirectUris"
        textarea
        rows={3}
        value={redirectUris}
        onChange={(event) => setRedirectUris(event.target.value)}
        hint="One per line: https, http on localhost or 127.0.0.1, or your app’s own scheme (myapp:/callback). At most 20."
        error={submit.fieldError('redirectUris')}
      />
      <Field
        label="Post-logout redirect URIs"
        name="postLogoutRedirectUris"
        textarea
        rows={2}
        value={postLogoutUris}
        onChange={(event) => setPostLogoutUris(event.target.value)}
        hint="Where your app may send people back to after it signs them out (post_logout_redirect_uri), one per line, matched exactly."
        error={submit.fieldError('postLogoutRedirectUris')}
      />
      <Field
        label="Back-channel logout URI"
        name="backchannelLogoutUri"
        type="url"
        value={backchannelUri}
        onChange={(event) => setBackchannelUri(event.target.value)}
        placeholder="https://example.com/backchannel-logout"
        hint="Gatehouse POSTs a signed logout token here when someone who uses your app signs out."
        error={submit.fieldError('backchannelLogoutUri')}
      />
      <label className="choice">
        <input
          type="checkbox"
          name="backchannelLogoutSessionRequired"
          checked={backchannelSid}
          onChange={(event) => setBackchannelSid(event.target.checked)}
        />{' '}
        Logout tokens carry the session id (<code>sid</code>)
      </label>
      <fieldset className="field">
        <legend>Scopes</legend>
        {discovery.kind === 'ready' ? (
          <div className="choices">
            {discovery.data.scopes_supported.map((scope) => (
              <label key={scope} className="choice">
                <input
                  type="checkbox"
                  name="scopes"
                  value={scope}
                  checked={scopes.includes(scope)}
                  onChange={() => toggle(scope)}
                  aria-invalid={submit.fieldError('scopes') ? true : undefined}
                />{' '}
                <code>{scope}</code>
              </label>
            ))}
          </div>
        ) : (
          <p className="muted">Loading the scope list…</p>
        )}
        {submit.fieldError('scopes') && (
          <p className="field-error">{submit.fieldError('scopes')}</p>
        )}
      </fieldset>
      <Field
        label="Access token lifetime (hours)"
        name="accessTokenTtlSeconds"
        type="number"
        min={0.1}
        max={720}
        step={0.5}
        value={hours}
        onChange={(event) => setHours(event.target.value)}
        hint="From 5 minutes to 30 days; 8 hours by default."
        error={submit.fieldError('accessTokenTtlSeconds')}
      />
      {creating && (
        <>
          {adminOrgs.length > 0 && (
            <div className="field">
              <label htmlFor="owner">Owner</label>
              <select
                id="owner"
                name="owner"
                value={owner}
                onChange={(event) => setOwner(event.target.value)}
              >
                <option value="">You ({session.user.name})</option>
                {adminOrgs.map((org) => (
                  <option key={org.id} value={org.name}>
                    Organization {org.name}
                  </option>
                ))}
              </select>
            </div>
          )}
          <label className="choice">
            <input
              type="checkbox"
              name="public"
              checked={isPublic}
              onChange={(event) => setPublic(event.target.checked)}
            />{' '}
            Public app: no client secret (a native or browser app that uses PKCE)
          </label>
        </>
      )}
      <FormError failure={submit.failure} fields={APP_FIELDS} />
      <button type="submit" className="button" disabled={submit.busy}>
        {submit.busy ? 'Saving…' : submitLabel}
      </button>
    </form>
  );
}

export function ApplicationNewPage() {
  useTitle('New OAuth app');
  const submit = useSubmit(APP_WORDS);
  const [created, setCreated] = useState<{ app: OAuthAppView; clientSecret?: string } | null>(null);
  if (created) {
    return (
      <>
        <h1>{created.app.name} is ready</h1>
        <section className="card">
          <p>
            Client ID: <code data-testid="client-id">{created.app.clientId}</code>
          </p>
          {created.clientSecret ? (
            <OnceValue
              label="Client secret."
              value={created.clientSecret}
              note="Copy it now: it will not be shown again."
            />
          ) : (
            <p>This is a public app: it has no client secret and uses PKCE.</p>
          )}
          <p>
            <Link
              href={`/settings/applications/${segment(created.app.clientId)}`}
              className="button"
            >
              Go to the app
            </Link>
          </p>
        </section>
      </>
    );
  }
  return (
    <>
      <p className="crumbs">
        <Link href="/settings/applications">OAuth apps</Link>
      </p>
      <h1>New OAuth app</h1>
      <AppForm
        initial={{}}
        creating
        submitLabel="Create app"
        submit={submit}
        onSubmit={(body) =>
          void submit
            .run(() =>
              api<{ app: OAuthAppView; clientSecret?: string }>('POST', '/api/settings/apps', body),
            )
            .then((result) => {
              if (!result) return;
              setCreated(result);
              announce(`App ${result.app.name} created.`);
            })
        }
      />
    </>
  );
}

export function ApplicationEditPage({ clientId }: { clientId: string }) {
  const app = useResource<{ app: OAuthAppView }>(`/api/settings/apps/${segment(clientId)}`);
  useTitle(app.kind === 'ready' ? app.data.app.name : 'OAuth app');
  const save = useSubmit(APP_WORDS);
  const secret = useSubmit();
  const [newSecret, setNewSecret] = useState<string | null>(null);

  const path = `/api/settings/apps/${segment(clientId)}`;
  const update = (body: Record<string, unknown>) =>
    void save
      .run(() => api<{ app: OAuthAppView }>('PATCH', path, body))
      .then((result) => {
        if (result) {
          announce('Changes saved.');
          app.reload();
        }
      });
  const refreshSecret = () =>
    void secret
      .run(() => api<{ app: OAuthAppView; clientSecret: string }>('POST', `${path}/secret`))
      .then((result) => {
        if (result) {
          setNewSecret(result.clientSecret);
          announce('New client secret made: copy it now.');
          app.reload();
        }
      });
  const deleteSecret = () =>
    void secret
      .run(async () => (await api('DELETE', `${path}/secret`), true))
      .then((done) => {
        if (!done) return;
        setNewSecret(null);
        announce('Client secret deleted: the app is now public.');
        app.reload();
      });
  const deleteApp = async () => {
    let deleted = false;
    await secret.run(async () => {
      await api('DELETE', path);
      deleted = true;
    });
    if (deleted) {
      announce('App deleted.');
      navigate('/settings/applications');
    }
  };

  return (
    <>
      <p className="crumbs">
        <Link href="/settings/applications">OAuth apps</Link>
      </p>
      <Loaded
        resource={app}
        what="the app"
        notFound={
          <NotFound
            what="app"
            back={<Link href="/settings/applications">Back to your OAuth apps</Link>}
          />
        }
      >
        {({ app: current }) => (
          <>
            <h1>{current.name}</h1>
            <dl className="facts">
              <dt>Client ID</dt>
              <dd>
                <code data-testid="client-id">{current.clientId}</code>
              </dd>
              <dt>Type</dt>
              <dd>
                {current.public ? 'Public (PKCE, no secret)' : 'Confidential (has a client secret)'}
              </dd>
              <dt>Owner</dt>
              <dd>
                {current.owner.type === 'org'
                  ? `Organization ${current.owner.name}`
                  : current.owner.name}
              </dd>
              <dt>Updated</dt>
              <dd>
                <When iso={current.updatedAt} />
              </dd>
            </dl>
            <AppForm
              key={current.updatedAt}
              initial={current}
              creating={false}
              submitLabel="Save changes"
              submit={save}
              onSubmit={update}
            />
            <section className="card">
              <h2>Client secret</h2>
              {newSecret && (
                <OnceValue
                  label="New client secret."
                  value={newSecret}
                  note="Copy it now: it will not be shown again. The old one no longer works."
                />
              )}
              {secret.failure && <ErrorNotice failure={secret.failure} />}
              <p>
                {current.public
                  ? 'This app has no secret: it authenticates with PKCE alone.'
                  : 'The secret was shown once, when it was made. Make a new one if it is lost or leaked.'}
              </p>
              <div className="button-row">
                {current.public ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={refreshSecret}
                    disabled={secret.busy}
                  >
                    Create a client secret
                  </button>
                ) : (
                  <ConfirmButton
                    label="Make a new secret"
                    confirmLabel="Make a new secret now"
                    warning="The current secret stops working at once: every running copy of the app fails to sign people in until it has the new one."
                    onConfirm={refreshSecret}
                    busy={secret.busy}
                    quiet
                  />
                )}
                {!current.public && (
                  <ConfirmButton
                    label="Delete the secret"
                    confirmLabel="Delete secret: the app becomes public"
                    onConfirm={deleteSecret}
                    busy={secret.busy}
                  />
                )}
              </div>
            </section>
            <section className="card card-danger">
              <h2>Delete this app</h2>
              <p>Everyone signed in through it is signed out of it; its tokens stop working.</p>
              <ConfirmButton
                label="Delete app"
                confirmLabel="Delete app for good"
                onConfirm={() => void deleteApp()}
                busy={secret.busy}
              />
            </section>
          </>
        )}
      </Loaded>
    </>
  );
}
