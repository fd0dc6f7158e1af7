import { api, segment } from '../api';
import {
  announce,
  ConfirmButton,
  Empty,
  ErrorNotice,
  Loaded,
  useResource,
  useSubmit,
  When,
} from '../components';
import { useTitle } from '../router';
import type { ConnectedApplicationView } from '@gatehouse/settings-api';

export function ConnectedApplicationsPage() {
  useTitle('Connected apps');
  const apps = useResource<ConnectedApplicationView[]>('/api/settings/connected-applications');
  const revoke = useSubmit();

  const revokeAccess = async (app: ConnectedApplicationView) => {
    let done = false;
    await revoke.run(async () => {
      await api('DELETE', `/api/settings/connected-applications/${segment(app.clientId)}`);
      done = true;
    });
    if (done) announce(`${app.name} no longer has access to your account.`);
    apps.reload();
  };

  return (
    <>
      <h1>Connected apps</h1>
      <p className="lead">
        Apps you signed in to with Gatehouse, and what you let them do. Revoking access ends your
        consent and every token the app holds for you, at once.
      </p>
      {revoke.failure && <ErrorNotice failure={revoke.failure} />}
      <Loaded resource={apps} what="your connected apps">
        {(list) =>
          list.length === 0 ? (
            <Empty>No app has access to your account.</Empty>
          ) : (
            <ul className="rows">
              {list.map((app) => (
                <li key={app.clientId} className="row row-wrap">
                  <div className="row-main">
                    <h2 className="row-title">{app.name}</h2>
                    <div className="muted small">
                      {app.homepageUrl && (
                        <>
                          <a href={app.homepageUrl} rel="noopener noreferrer" target="_blank">
                            {app.homepageUrl}
                          </a>{' '}
                          ·{' '}
                        </>
                      )}
                      granted <When iso={app.grantedAt} />
                      {app.lastTokenIssuedAt && (
                        <>
                          {' '}
                          · last token <When iso={app.lastTokenIssuedAt} />
                        </>
                      )}
                    </div>
                    <p className="small">
                      Scopes:{' '}
                      {app.scopes.map((scope) => (
                        <code key={scope} className="chip">
                          {scope}
                        </code>
                      ))}
                    </p>
                    {app.organizations.length > 0 && (
                      <p className="small">
                        Organizations: {app.organizations.map((org) => org.name).join(', ')}
                      </p>
                    )}
                  </div>
                  <ConfirmButton
                    label={`Revoke access for ${app.name}`}
                    short="Revoke access"
                    confirmLabel={`Revoke ${app.name}`}
                    onConfirm={() => void revokeAccess(app)}
                    busy={revoke.busy}
                  />
                </li>
              ))}
            </ul>
          )
        }
      </Loaded>
    </>
  );
}
