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
  useResource,
  useSubmit,
  When,
  type CursorPages,
  FIRST_PAGE,
  PageButtons,
} from '../components';
import { Link, useTitle } from '../router';
import type {
  OrganizationTokenPolicyName,
  OrganizationTokenPolicyView,
  OrganizationTokensPage,
  OrganizationTokenView,
} from '@gatehouse/settings-api';

const POLICIES: ReadonlyArray<{ value: OrganizationTokenPolicyName; label: string; text: string }> =
  [
    {
      value: 'allow_all',
      label: 'Allow all tokens',
      text: 'Every member’s token acts within the member’s role.',
    },
    {
      value: 'fine_grained_only',
      label: 'Fine-grained tokens only',
      text: 'Members’ read and write tokens are refused on the organization’s resources.',
    },
    {
      value: 'require_approval',
      label: 'Require administrator approval',
      text: 'New fine-grained tokens scoped to the organization wait until an administrator approves them.',
    },
  ];

const STATE_LABELS: Record<OrganizationTokenView['approval']['state'], string> = {
  not_required: 'Active',
  pending: 'Pending approval',
  approved: 'Approved',
  denied: 'Denied',
};

function stateLabel(token: OrganizationTokenView): string {
  if (token.approval.state === 'not_required' && token.blocked) return 'Refused by policy';
  return STATE_LABELS[token.approval.state];
}

function permissionsOf(token: OrganizationTokenView): string {
  if (!token.fineGrained) return token.role === 'write' ? 'write (all)' : 'read (all)';
  return token.fineGrained.scoped
    .map((entry) => `${entry.entity.name}: ${entry.permissions.join(', ')}`)
    .join('; ');
}

function age(iso: string): string {
  const days = Math.floor((Date.now() - new Date(iso).getTime()) / 86_400_000);
  return days < 1 ? 'today' : days === 1 ? '1 day' : `${days} days`;
}

export function OrganizationTokensPage({ org }: { org: string }) {
  useTitle(`${org}: tokens`);
  const base = `/api/organizations/${segment(org)}/settings`;
  const policy = useResource<OrganizationTokenPolicyView>(`${base}/token-policy`);
  return (
    <>
      <p className="crumbs">Organization {org}</p>
      <h1>Tokens</h1>
      <p className="lead">
        Every token that can act in {org}: members’ read and write tokens, and fine-grained tokens
        scoped to the organization or its repositories. Choose which tokens the organization
        accepts, approve new ones, and revoke any of them.
      </p>
      <Loaded
        resource={policy}
        what="the organization’s token policy"
        notFound={<NotFound what="organization" back={<Link href="/">Back to the start</Link>} />}
      >
        {(current) => (
          <>
            <PolicyForm base={base} current={current} onSaved={policy.reload} />
            {/* A new policy changes every token's state: the list is read again. */}
            <TokenList key={current.updatedAt ?? ''} base={base} org={org} />
            <RevokeByValue base={base} />
          </>
        )}
      </Loaded>
    </>
  );
}

function PolicyForm({
  base,
  current,
  onSaved,
}: {
  base: string;
  current: OrganizationTokenPolicyView;
  onSaved: () => void;
}) {
  const [choice, setChoice] = useState<OrganizationTokenPolicyName>(current.policy);
  const save = useSubmit();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await save.run(() =>
      api<OrganizationTokenPolicyView>('PUT', `${base}/token-policy`, { policy: choice }),
    );
    if (result) {
      announce(`Saved: ${POLICIES.find((option) => option.value === result.policy)?.label}.`);
      onSaved();
    }
  };
  return (
    <form className="card" onSubmit={submit} noValidate>
      <h2>Token policy</h2>
      <fieldset className="field">
        <legend>Which tokens the organization accepts</legend>
        {POLICIES.map((option) => (
          <label key={option.value} className="choice">
            <input
              type="radio"
              name="policy"
              value={option.value}
              checked={choice === option.value}
              onChange={() => setChoice(option.value)}
            />{' '}
            <span>
              <strong>{option.label}</strong>: {option.text}
            </span>
          </label>
        ))}
      </fieldset>
      {current.policy === 'require_approval' && current.approvalRequiredSince && (
        <p className="small muted">
          Approval required for tokens created since <When iso={current.approvalRequiredSince} />.
        </p>
      )}
      <FormError failure={save.failure} fields={[]} />
      <div className="button-row">
        <button type="submit" className="button" disabled={save.busy || choice === current.policy}>
          Save policy
        </button>
      </div>
    </form>
  );
}

function TokenList({ base, org }: { base: string; org: string }) {
  const [pages, setPages] = useState<CursorPages>(FIRST_PAGE);
  const tokens = useResource<OrganizationTokensPage>(
    `${base}/tokens?limit=25${pages.cursor ? `&cursor=${segment(pages.cursor)}` : ''}`,
  );
  const act = useSubmit();
  const run = async (work: () => Promise<unknown>, message: string) => {
    if ((await act.run(work)) !== undefined) {
      announce(message);
      tokens.reload();
    }
  };
  const decide = (token: OrganizationTokenView, decision: 'approve' | 'deny') =>
    run(
      () => api('POST', `${base}/tokens/${segment(token.id)}/${decision}`),
      `${decision === 'approve' ? 'Approved' : 'Denied'} ${token.name} of ${token.owner.username}.`,
    );
  const revoke = (token: OrganizationTokenView) =>
    run(
      () => api('DELETE', `${base}/tokens/${segment(token.id)}`).then(() => true),
      `Revoked ${token.name} of ${token.owner.username}.`,
    );
  return (
    <section className="card">
      <h2>Tokens that can act in {org}</h2>
      {act.failure && <ErrorNotice failure={act.failure} />}
      <Loaded resource={tokens} what="the organization’s tokens">
        {(page) =>
          page.tokens.length === 0 ? (
            <Empty>No member has a token that can act in this organization.</Empty>
          ) : (
            <>
              <div className="table-wrap">
                <table className="table-stack">
                  <thead>
                    <tr>
                      <th scope="col">Token</th>
                      <th scope="col">Owner</th>
                      <th scope="col">Permissions</th>
                      <th scope="col">Last used</th>
                      <th scope="col">Age</th>
                      <th scope="col">State</th>
                      <th scope="col">Actions</th>
                    </tr>
                  </thead>
                  <tbody>
                    {page.tokens.map((token) => (
                      <tr key={token.id}>
                        <td data-label="Token" className="break">
                          <strong>{token.name}</strong>{' '}
                          {token.preview && <code className="small">{token.preview}</code>}
                        </td>
                        <td data-label="Owner">
                          {token.owner.username} <span className="badge">{token.owner.role}</span>
                        </td>
                        <td data-label="Permissions" className="break">
                          {permissionsOf(token)}
                        </td>
                        <td data-label="Last used">
                          <When iso={token.lastUsedAt} />
                        </td>
                        <td data-label="Age">
                          <span title={token.createdAt}>{age(token.createdAt)}</span>
                        </td>
                        <td data-label="State">
                          <span
                            className={`badge ${token.blocked ? 'badge-bad' : token.approval.state === 'approved' ? 'badge-ok' : ''}`}
                          >
                            {stateLabel(token)}
                          </span>
                        </td>
                        <td data-label="Actions" className="actions">
                          {token.role === 'fineGrained' && token.approval.state !== 'approved' && (
                            <button
                              type="button"
                              className="button button-secondary"
                              aria-label={`Approve ${token.name} of ${token.owner.username}`}
                              disabled={act.busy}
                              onClick={() => void decide(token, 'approve')}
                            >
                              Approve
                            </button>
                          )}{' '}
                          {token.role === 'fineGrained' && token.approval.state !== 'denied' && (
                            <ConfirmButton
                              label={`Deny ${token.name} of ${token.owner.username}`}
                              short="Deny"
                              confirmLabel="Deny this token"
                              busy={act.busy}
                              onConfirm={() => void decide(token, 'deny')}
                            />
                          )}{' '}
                          <ConfirmButton
                            label={`Revoke ${token.name} of ${token.owner.username}`}
                            short="Revoke"
                            confirmLabel="Revoke for good"
                            busy={act.busy}
                            onConfirm={() => void revoke(token)}
                          />
                        </td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <PageButtons pages={pages} setPages={setPages} nextCursor={page.nextCursor} />
            </>
          )
        }
      </Loaded>
    </section>
  );
}

function RevokeByValue({ base }: { base: string }) {
  const [value, setValue] = useState('');
  const revoke = useSubmit();
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const result = await revoke.run(() =>
      api<{ token: OrganizationTokenView }>('POST', `${base}/tokens/revoke`, { token: value }),
    );
    if (result) {
      announce(`Revoked ${result.token.name} of ${result.token.owner.username}.`);
      setValue('');
    }
  };
  return (
    <form className="card" onSubmit={submit} noValidate>
      <h2>Revoke a token by its value</h2>
      <p className="hint">
        Found a member’s token in a log or a repository? Paste it here to revoke it at once.
      </p>
      <Field
        label="Token"
        name="token"
        autoComplete="off"
        spellCheck={false}
        value={value}
        onChange={(event) => setValue(event.target.value)}
        error={revoke.fieldError('token')}
      />
      <FormError failure={revoke.failure} fields={['token']} />
      <div className="button-row">
        <button type="submit" className="button button-danger" disabled={revoke.busy || !value}>
          Revoke this token
        </button>
      </div>
    </form>
  );
}
