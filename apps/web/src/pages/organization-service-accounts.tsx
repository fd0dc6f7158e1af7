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
import { Link, useTitle } from '../router';
import type {
  CreatedServiceAccountToken,
  CreateServiceAccountTokenBody,
  ServiceAccountDetail,
  ServiceAccountView,
} from '@gatehouse/settings-api';

/** What a service account's token may be given, in plain words (docs/oauth.md "Fine-grained tokens"). */
const PERMISSIONS = [
  { name: 'repo.content.read', label: 'Read repositories', repo: true },
  { name: 'repo.write', label: 'Write to repositories', repo: true },
  { name: 'discussion.write', label: 'Take part in discussions', repo: true },
  { name: 'inference.serverless.write', label: 'Call inference providers', repo: false },
  { name: 'job.write', label: 'Run Jobs', repo: false },
] as const;

const REPO_TYPES = ['model', 'dataset', 'space'] as const;

export function ServiceAccountsPage({ org }: { org: string }) {
  useTitle(`${org}: service accounts`);
  const base = `/api/organizations/${segment(org)}/settings/service-accounts`;
  const accounts = useResource<{ serviceAccounts: ServiceAccountView[] }>(base);
  return (
    <>
      <p className="crumbs">
        Organization {org} ·{' '}
        <Link href={`/organizations/${segment(org)}/settings/token-exchange`}>
          Token exchange and audit log
        </Link>
      </p>
      <h1>Service accounts</h1>
      <p className="lead">
        Identities {org} owns, for automation that must outlive the people who set it up. They have
        no password and cannot sign in; their tokens act in {org} only.
      </p>
      <NewAccount base={base} onCreated={accounts.reload} />
      <Loaded
        resource={accounts}
        what="the service accounts"
        notFound={<NotFound what="organization" back={<Link href="/">Back to the start</Link>} />}
      >
        {({ serviceAccounts }) =>
          serviceAccounts.length === 0 ? (
            <section className="card">
              <Empty>{org} has no service account yet.</Empty>
            </section>
          ) : (
            serviceAccounts.map((account) => (
              <AccountCard
                key={account.id}
                org={org}
                base={`${base}/${segment(account.id)}`}
                account={account}
                onDeleted={accounts.reload}
              />
            ))
          )
        }
      </Loaded>
    </>
  );
}

const ACCOUNT_WORDS: Record<string, string> = {
  name: 'Give the account a name of letters, digits, “.”, “_” and “-”.',
  displayName: 'Use a display name of at most 100 characters.',
};

const ACCOUNT_TOKEN_WORDS: Record<string, string> = {
  name: 'Give the token a name.',
  repoName: 'Name the repository without its organization, e.g. bert-base.',
  permissions: 'Tick at least one permission.',
};

function NewAccount({ base, onCreated }: { base: string; onCreated: () => void }) {
  const [name, setName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const save = useSubmit(ACCOUNT_WORDS);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = save.showProblems({
      name: /^[A-Za-z0-9._-]+$/.test(name) ? null : ACCOUNT_WORDS.name,
    });
    if (!clean) return;
    const created = await save.run(() =>
      api<ServiceAccountView>('POST', base, {
        name,
        ...(displayName.trim() ? { displayName } : {}),
      }),
    );
    if (created) {
      setName('');
      setDisplayName('');
      announce(`Service account ${created.name} created.`);
      onCreated();
    }
  };
  return (
    <section className="card">
      <h2>New service account</h2>
      <form onSubmit={submit} noValidate ref={save.formRef}>
        <div className="inline-fields">
          <Field
            label="Name"
            name="name"
            value={name}
            required
            onChange={(event) => setName(event.target.value)}
            hint="Letters, digits, “.”, “_” and “-”. Its tokens show as <organization>+<name>."
            error={save.fieldError('name')}
          />
          <Field
            label="Display name"
            name="displayName"
            value={displayName}
            onChange={(event) => setDisplayName(event.target.value)}
          />
        </div>
        <FormError failure={save.failure} fields={['name', 'displayName']} />
        <button type="submit" className="button" disabled={save.busy}>
          Create service account
        </button>
      </form>
    </section>
  );
}

function AccountCard({
  org,
  base,
  account,
  onDeleted,
}: {
  org: string;
  base: string;
  account: ServiceAccountView;
  onDeleted: () => void;
}) {
  const detail = useResource<ServiceAccountDetail>(base);
  const [shown, setShown] = useState<CreatedServiceAccountToken | null>(null);
  const action = useSubmit();
  const shownOnce = (token: CreatedServiceAccountToken | undefined) => {
    if (!token) return;
    setShown(token);
    announce(`Token ${token.name} ready: copy it now.`);
    detail.reload();
  };
  const rotate = (tokenId: string) =>
    void action
      .run(() =>
        api<CreatedServiceAccountToken>('POST', `${base}/tokens/${segment(tokenId)}/rotate`),
      )
      .then(shownOnce);
  const remove = async (tokenId: string, name: string) => {
    const deleted = await action.run(async () => {
      await api('DELETE', `${base}/tokens/${segment(tokenId)}`);
      return true;
    });
    if (deleted) announce(`Token ${name} deleted.`);
    setShown(null);
    detail.reload();
  };
  const removeAccount = async () => {
    const deleted = await action.run(async () => {
      await api('DELETE', base);
      return true;
    });
    if (deleted) {
      announce(`Service account ${account.name} deleted.`);
      onDeleted();
    }
  };
  return (
    <section className="card" aria-label={`Service account ${account.name}`}>
      <div className="page-head">
        <h2>
          {account.displayName} <code className="small">{account.username}</code>
        </h2>
        <ConfirmButton
          label={`Delete service account ${account.name}`}
          confirmLabel={`Delete ${account.name} and revoke its tokens`}
          onConfirm={() => void removeAccount()}
          busy={action.busy}
        />
      </div>
      <p className="small muted">
        Role in {org}: {account.role} · created <When iso={account.createdAt} />
      </p>
      {shown && (
        <OnceValue
          label={`Token ${shown.name}:`}
          value={shown.token}
          note="Copy it now: it is not shown again."
        />
      )}
      {action.failure && <ErrorNotice failure={action.failure} />}
      <Loaded resource={detail} what="the account’s tokens">
        {({ tokens }) =>
          tokens.length === 0 ? (
            <Empty>No token yet.</Empty>
          ) : (
            <div className="table-wrap">
              <table className="table-stack">
                <thead>
                  <tr>
                    <th scope="col">Token</th>
                    <th scope="col">Permissions</th>
                    <th scope="col">Created</th>
                    <th scope="col">Expires</th>
                    <th scope="col">Last used</th>
                    <th scope="col">
                      <span className="visually-hidden">Actions</span>
                    </th>
                  </tr>
                </thead>
                <tbody>
                  {tokens.map((token) => (
                    <tr key={token.id}>
                      <td data-label="Token">
                        <strong>{token.name}</strong> <code className="small">{token.preview}</code>
                      </td>
                      <td data-label="Permissions" className="break">
                        {token.fineGrained.scoped
                          .map((entry) => `${entry.entity.name}: ${entry.permissions.join(', ')}`)
                          .join('; ')}
                      </td>
                      <td data-label="Created">
                        <When iso={token.createdAt} />
                      </td>
                      <td data-label="Expires">
                        {token.expiresAt ? <When iso={token.expiresAt} /> : 'never'}
                        {token.expired && <span className="badge badge-bad">expired</span>}
                      </td>
                      <td data-label="Last used">
                        <When iso={token.lastUsedAt} />
                      </td>
                      <td>
                        <div className="button-row">
                          <ConfirmButton
                            label={`Rotate ${token.name}`}
                            short="Rotate"
                            confirmLabel="Rotate: the current value stops working"
                            onConfirm={() => rotate(token.id)}
                            busy={action.busy}
                          />
                          <ConfirmButton
                            label={`Delete ${token.name}`}
                            short="Delete"
                            confirmLabel="Delete token"
                            onConfirm={() => void remove(token.id, token.name)}
                            busy={action.busy}
                          />
                        </div>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          )
        }
      </Loaded>
      <NewToken org={org} base={base} account={account} onCreated={shownOnce} />
    </section>
  );
}

function NewToken({
  org,
  base,
  account,
  onCreated,
}: {
  org: string;
  base: string;
  account: ServiceAccountView;
  onCreated: (token: CreatedServiceAccountToken | undefined) => void;
}) {
  const [name, setName] = useState('');
  const [reach, setReach] = useState<'org' | 'repo'>('org');
  const [repoType, setRepoType] = useState<(typeof REPO_TYPES)[number]>('model');
  const [repoName, setRepoName] = useState('');
  const [granted, setGranted] = useState<string[]>(['repo.content.read']);
  const [expiresInDays, setExpiresInDays] = useState<'' | '7' | '30' | '90'>('90');
  const save = useSubmit(ACCOUNT_TOKEN_WORDS);
  const offered = PERMISSIONS.filter((permission) => reach === 'org' || permission.repo);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const clean = save.showProblems({
      name: name.trim() === '' ? ACCOUNT_TOKEN_WORDS.name : null,
      repoName:
        reach === 'repo' && !/^[^/\s]+$/.test(repoName.trim())
          ? ACCOUNT_TOKEN_WORDS.repoName
          : null,
      permissions: granted.some((permission) => offered.some((offer) => offer.name === permission))
        ? null
        : ACCOUNT_TOKEN_WORDS.permissions,
    });
    if (!clean) return;
    const entity =
      reach === 'org'
        ? { type: 'org' as const, name: org }
        : { type: repoType, name: `${org}/${repoName}` };
    const body: CreateServiceAccountTokenBody = {
      name,
      fineGrained: {
        scoped: [
          {
            entity,
            permissions: granted.filter((permission) =>
              offered.some((offer) => offer.name === permission),
            ),
          },
        ],
      },
      expiresInDays: expiresInDays === '' ? null : (Number(expiresInDays) as 7 | 30 | 90),
    };
    const created = await save.run(() =>
      api<CreatedServiceAccountToken>('POST', `${base}/tokens`, body),
    );
    if (created) setName('');
    onCreated(created);
  };
  const toggle = (permission: string, on: boolean) =>
    setGranted((list) =>
      on ? [...list, permission] : list.filter((candidate) => candidate !== permission),
    );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`New token for ${account.name}`}
      ref={save.formRef}
    >
      <h3>New token for {account.name}</h3>
      <div className="inline-fields">
        <Field
          label="Token name"
          name="tokenName"
          value={name}
          required
          onChange={(event) => setName(event.target.value)}
          error={save.fieldError('name')}
        />
        <div className="field">
          <label htmlFor={`expires-${account.id}`}>Expires</label>
          <select
            id={`expires-${account.id}`}
            value={expiresInDays}
            onChange={(event) => setExpiresInDays(event.target.value as typeof expiresInDays)}
          >
            <option value="7">in 7 days</option>
            <option value="30">in 30 days</option>
            <option value="90">in 90 days</option>
            <option value="">never</option>
          </select>
        </div>
      </div>
      <fieldset className="field">
        <legend>Acts on</legend>
        <label className="choice">
          <input
            type="radio"
            name={`reach-${account.id}`}
            checked={reach === 'org'}
            onChange={() => setReach('org')}
          />{' '}
          Everything {org} owns
        </label>{' '}
        <label className="choice">
          <input
            type="radio"
            name={`reach-${account.id}`}
            checked={reach === 'repo'}
            onChange={() => setReach('repo')}
          />{' '}
          One repository
        </label>
        {reach === 'repo' && (
          <div className="inline-fields">
            <div className="field">
              <label htmlFor={`repo-type-${account.id}`}>Repository type</label>
              <select
                id={`repo-type-${account.id}`}
                value={repoType}
                onChange={(event) => setRepoType(event.target.value as typeof repoType)}
              >
                {REPO_TYPES.map((type) => (
                  <option key={type} value={type}>
                    {type}
                  </option>
                ))}
              </select>
            </div>
            <Field
              label={`Repository (${org}/…)`}
              name="repoName"
              value={repoName}
              error={save.fieldError('repoName')}
              onChange={(event) => setRepoName(event.target.value)}
            />
          </div>
        )}
      </fieldset>
      <fieldset className="field">
        <legend>Permissions</legend>
        {offered.map((permission) => (
          <label key={permission.name} className="choice">
            <input
              type="checkbox"
              aria-invalid={save.fieldError('permissions') ? true : undefined}
              checked={granted.includes(permission.name)}
              onChange={(event) => toggle(permission.name, event.target.checked)}
            />{' '}
            {permission.label} <code className="small">{permission.name}</code>
          </label>
        ))}
        {save.fieldError('permissions') && (
          <p className="field-error">{save.fieldError('permissions')}</p>
        )}
      </fieldset>
      <FormError failure={save.failure} fields={['name']} />
      <button type="submit" className="button" disabled={save.busy}>
        Create token
      </button>
    </form>
  );
}
