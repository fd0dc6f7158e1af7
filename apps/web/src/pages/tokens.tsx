import type { PersonalTokenView } from '@gatehouse/settings-api';
import { segment } from '../api';
import { Empty, Loaded, useResource, When } from '../components';
import { Link, useTitle } from '../router';
import { LeakedTokenNotices } from './leaked-token-notices';
import { lastUsedPlace, permissionsSummary, ROLE_LABELS } from './token-detail';

/** `/settings/tokens`: the person's tokens, told apart by name, preview and last use. */
export function TokensPage() {
  useTitle('Access tokens');
  const tokens = useResource<PersonalTokenView[]>('/api/settings/tokens');

  return (
    <>
      <div className="page-head">
        <h1>Access tokens</h1>
        <Link href="/settings/tokens/new" className="button">
          New token
        </Link>
      </div>
      <p className="lead">
        Use a token where a password would not do: the CLI (
        <code>gatehouse auth login --token</code>), scripts and notebooks send it as a bearer token.
        A fine-grained token can do only what you tick, where you say.
      </p>
      <LeakedTokenNotices />
      <section className="card">
        <h2>Your tokens</h2>
        <Loaded resource={tokens} what="your tokens">
          {(list) =>
            list.length === 0 ? (
              <Empty>
                No access tokens yet. <Link href="/settings/tokens/new">Create one</Link>.
              </Empty>
            ) : (
              <div className="table-wrap">
                <table className="table-stack">
                  <thead>
                    <tr>
                      <th scope="col">Name</th>
                      <th scope="col">Type</th>
                      <th scope="col">Value</th>
                      <th scope="col">Last used</th>
                      <th scope="col">Expires</th>
                    </tr>
                  </thead>
                  <tbody>
                    {list.map((token) => (
                      <tr key={token.id}>
                        <td data-label="Name">
                          <Link href={`/settings/tokens/${segment(token.id)}`}>{token.name}</Link>
                        </td>
                        <td data-label="Type">
                          <span className="badge" title={permissionsSummary(token)}>
                            {ROLE_LABELS[token.role]}
                          </span>
                          {token.fineGrained && (
                            <span className="small muted"> {permissionsSummary(token)}</span>
                          )}
                        </td>
                        <td data-label="Value">
                          {token.preview ? (
                            <code>{token.preview}</code>
                          ) : (
                            <span className="muted" title="Created before previews were kept">
                              —
                            </span>
                          )}
                        </td>
                        <td data-label="Last used">
                          <When iso={token.lastUsedAt} />
                          {lastUsedPlace(token) && (
                            <span className="small muted"> · {lastUsedPlace(token)}</span>
                          )}
                        </td>
                        <td data-label="Expires">
                          {token.expired ? (
                            <span className="badge badge-bad">expired</span>
                          ) : token.expiresAt ? (
                            <When iso={token.expiresAt} />
                          ) : (
                            <span className="muted">never</span>
                          )}
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
