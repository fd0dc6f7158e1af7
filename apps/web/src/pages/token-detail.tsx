import { type FormEvent, useState } from 'react';
import type { CreatedPersonalToken, PersonalTokenView } from '@gatehouse/settings-api';
import { api, segment } from '../api';
import {
  announce,
  ConfirmButton,
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
import {
  type FineGrainedState,
  type FormProblem,
  grantBody,
  grantProblems,
  stateOfGrant,
  TOKEN_WORDS,
  tokenNameProblem,
} from './token-form-state';
import { TokenPermissionsEditor } from './token-permissions-editor';

export const ROLE_LABELS: Record<PersonalTokenView['role'], string> = {
  read: 'Read',
  write: 'Write',
  fineGrained: 'Fine-grained',
};

/** Where a token was last used, in words: `curl from 203.0.113.0/24`. */
export function lastUsedPlace(token: PersonalTokenView): string | null {
  const from = token.lastUsedFrom;
  if (!from) return null;
  return [from.client, from.address && `from ${from.address}`].filter(Boolean).join(' ') || null;
}

/** `/settings/tokens/{id}`: one token, its name and permissions editable, refresh and delete. */
export function TokenDetailPage({ id }: { id: string }) {
  const token = useResource<PersonalTokenView>(`/api/settings/tokens/${segment(id)}`);
  useTitle(token.kind === 'ready' ? `Token ${token.data.name}` : 'Access token');
  return (
    <>
      <p className="crumbs">
        <Link href="/settings/tokens">Access tokens</Link>
      </p>
      <Loaded
        resource={token}
        what="the token"
        notFound={
          <NotFound
            what="access token"
            back={<Link href="/settings/tokens">Back to your tokens</Link>}
          />
        }
      >
        {(current) => <TokenDetail token={current} reload={token.reload} />}
      </Loaded>
    </>
  );
}

function TokenDetail({ token, reload }: { token: PersonalTokenView; reload: () => void }) {
  const owner = useSession().user.name;
  const [name, setName] = useState(token.name);
  const [grant, setGrant] = useState<FineGrainedState | null>(
    token.fineGrained ? stateOfGrant(token.fineGrained, owner) : null,
  );
  const [problems, setProblems] = useState<FormProblem[]>([]);
  const [refreshed, setRefreshed] = useState<CreatedPersonalToken | null>(null);
  const rename = useSubmit(TOKEN_WORDS);
  const savePermissions = useSubmit();
  const lifecycle = useSubmit();
  const path = `/api/settings/tokens/${segment(token.id)}`;

  const saveName = async (event: FormEvent) => {
    event.preventDefault();
    if (!rename.showProblems({ name: tokenNameProblem(name) })) return;
    const result = await rename.run(() => api<PersonalTokenView>('PATCH', path, { name }));
    if (result) {
      announce('Name saved.');
      reload();
    }
  };
  const saveGrant = async (event: FormEvent) => {
    event.preventDefault();
    if (!grant) return;
    const found = grantProblems(grant);
    setProblems(found);
    if (found.length > 0) return;
    const result = await savePermissions.run(() =>
      api<PersonalTokenView>('PATCH', path, { fineGrained: grantBody(grant, owner) }),
    );
    if (result) {
      announce('Permissions saved. They hold from the next request on.');
      reload();
    }
  };
  const refresh = async () => {
    const result = await lifecycle.run(() => api<CreatedPersonalToken>('POST', `${path}/refresh`));
    if (result) {
      setRefreshed(result);
      announce('Token refreshed: copy the new value now.');
      reload();
    }
  };
  const remove = async () => {
    const result = await lifecycle.run(async () => {
      await api('DELETE', path);
      return true;
    });
    if (result) {
      announce(`Token ${token.name} deleted.`);
      navigate('/settings/tokens');
    }
  };
  const place = lastUsedPlace(token);

  return (
    <>
      <h1>{token.name}</h1>
      {refreshed && (
        <OnceValue
          label={`New value for “${refreshed.name}”.`}
          value={refreshed.token}
          note="The old value no longer works. Copy this one now: it will not be shown again."
        />
      )}
      <dl className="facts">
        <dt>Type</dt>
        <dd>
          <span className="badge">{ROLE_LABELS[token.role]}</span>
        </dd>
        <dt>Value</dt>
        <dd>
          {token.preview ? (
            <code data-testid="token-preview">{token.preview}</code>
          ) : (
            <span className="muted">not kept (created before previews were)</span>
          )}
        </dd>
        <dt>Created</dt>
        <dd>
          <When iso={token.createdAt} />
        </dd>
        <dt>Expires</dt>
        <dd>
          {token.expiresAt ? <When iso={token.expiresAt} /> : 'never'}
          {token.expired && <span className="badge badge-bad"> expired</span>}
        </dd>
        <dt>Last used</dt>
        <dd>
          <When iso={token.lastUsedAt} />
          {place && <span className="muted"> · {place}</span>}
        </dd>
      </dl>

      <section className="card">
        <h2>Name</h2>
        <form onSubmit={saveName} noValidate className="inline-fields" ref={rename.formRef}>
          <Field
            label="Token name"
            name="name"
            value={name}
            required
            maxLength={100}
            onChange={(event) => setName(event.target.value)}
            error={rename.fieldError('name')}
          />
          <button type="submit" className="button" disabled={rename.busy}>
            Save name
          </button>
        </form>
        <FormError failure={rename.failure} fields={['name']} />
      </section>

      <section className="card">
        <h2>Permissions</h2>
        {grant ? (
          <form onSubmit={saveGrant} noValidate>
            <TokenPermissionsEditor value={grant} onChange={setGrant} problems={problems} />
            {savePermissions.failure && <ErrorNotice failure={savePermissions.failure} />}
            <button type="submit" className="button" disabled={savePermissions.busy}>
              Save permissions
            </button>
          </form>
        ) : (
          <p>
            {token.role === 'write'
              ? 'Everything you can do, in every organization you are a member of.'
              : 'Read everything you can see, in every organization you are a member of; change nothing.'}
          </p>
        )}
      </section>

      <section className="card card-danger">
        <h2>Invalidate and refresh, or delete</h2>
        <p>
          Refreshing gives this token a new value, with the same name and permissions; the old value
          stops working at once. Deleting ends it for good.
        </p>
        {lifecycle.failure && <ErrorNotice failure={lifecycle.failure} />}
        <p className="button-row">
          <ConfirmButton
            label="Invalidate and refresh"
            confirmLabel="Invalidate the old value"
            onConfirm={() => void refresh()}
            busy={lifecycle.busy}
          />
          <ConfirmButton
            label="Delete token"
            confirmLabel="Delete for good"
            onConfirm={() => void remove()}
            busy={lifecycle.busy}
          />
        </p>
      </section>
    </>
  );
}

/** A token's permissions in one line, for the list: where, and how many permissions there. */
export function permissionsSummary(token: PersonalTokenView): string {
  if (!token.fineGrained) return ROLE_LABELS[token.role];
  const { global, scoped, canReadGatedRepos } = token.fineGrained;
  return [
    ...scoped.map(
      ({ entity, permissions }) =>
        `${entity.type === 'user' ? 'your account' : `${entity.type} ${entity.name}`} (${permissions.length})`,
    ),
    ...(global.length > 0 ? [`everything you reach (${global.length})`] : []),
    ...(canReadGatedRepos ? ['gated repositories'] : []),
  ].join(', ');
}
