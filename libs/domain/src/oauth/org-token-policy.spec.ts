import { authorizePermission, type PolicyResource, type PolicyToken } from './access-policy';
import {
  grantTouchesOrg,
  ORG_TOKEN_BLOCK_MESSAGES,
  orgTokenBlock,
  type OrgTokenPolicy,
  type OrgTokenStanding,
  type TokenApprovalDecision,
  tokenApprovalState,
} from './org-token-policy';
import type { FineGrainedGrant } from './token-permissions';

const ACME = { id: 'a'.repeat(24), name: 'Acme' };
const SINCE = new Date('2026-01-10T00:00:00Z');
const BEFORE = new Date('2026-01-09T00:00:00Z');
const AFTER = new Date('2026-01-11T00:00:00Z');

const scopedToAcme: FineGrainedGrant = {
  global: [],
  scoped: [{ entity: { type: 'org', id: ACME.id, name: 'acme' }, permissions: ['repo.write'] }],
  canReadGatedRepos: false,
};
const scopedToAcmeRepo: FineGrainedGrant = {
  global: [],
  scoped: [
    {
      entity: { type: 'model', id: 'm'.repeat(24), name: 'acme/bert' },
      permissions: ['repo.write'],
    },
  ],
  canReadGatedRepos: false,
};
const elsewhere: FineGrainedGrant = {
  global: ['repo.write'],
  scoped: [
    { entity: { type: 'model', id: 'n'.repeat(24), name: 'acmecorp/bert' }, permissions: [] },
  ],
  canReadGatedRepos: false,
};

function standing(
  policy: OrgTokenPolicy,
  role: 'read' | 'write' | 'fineGrained',
  decision: TokenApprovalDecision | null,
  createdAt = AFTER,
  grant: FineGrainedGrant = scopedToAcme,
): OrgTokenStanding {
  return {
    org: ACME,
    policy,
    approvalRequiredSince: policy === 'require_approval' ? SINCE : null,
    decision,
    token: { role, fineGrained: role === 'fineGrained' ? grant : null, createdAt },
  };
}

describe('organization token policy', () => {
  describe('policy × token role × approval: the block', () => {
    it.each`
      policy                 | role             | decision      | block
      ${'allow_all'}         | ${'read'}        | ${null}       | ${null}
      ${'allow_all'}         | ${'write'}       | ${null}       | ${null}
      ${'allow_all'}         | ${'fineGrained'} | ${null}       | ${null}
      ${'allow_all'}         | ${'fineGrained'} | ${'approved'} | ${null}
      ${'allow_all'}         | ${'fineGrained'} | ${'denied'}   | ${'approval_denied'}
      ${'fine_grained_only'} | ${'read'}        | ${null}       | ${'fine_grained_only'}
      ${'fine_grained_only'} | ${'write'}       | ${null}       | ${'fine_grained_only'}
      ${'fine_grained_only'} | ${'fineGrained'} | ${null}       | ${null}
      ${'fine_grained_only'} | ${'fineGrained'} | ${'denied'}   | ${'approval_denied'}
      ${'require_approval'}  | ${'read'}        | ${null}       | ${null}
      ${'require_approval'}  | ${'write'}       | ${null}       | ${null}
      ${'require_approval'}  | ${'fineGrained'} | ${null}       | ${'approval_pending'}
      ${'require_approval'}  | ${'fineGrained'} | ${'approved'} | ${null}
      ${'require_approval'}  | ${'fineGrained'} | ${'denied'}   | ${'approval_denied'}
    `('$policy, $role token, decision $decision → $block', ({ policy, role, decision, block }) => {
      expect(orgTokenBlock(standing(policy, role, decision))).toBe(block);
    });
  });

  describe('approval state', () => {
    it('is pending only for tokens created since the policy was set', () => {
      expect(tokenApprovalState(standing('require_approval', 'fineGrained', null, AFTER))).toBe(
        'pending',
      );
      expect(tokenApprovalState(standing('require_approval', 'fineGrained', null, SINCE))).toBe(
        'pending',
      );
      expect(tokenApprovalState(standing('require_approval', 'fineGrained', null, BEFORE))).toBe(
        'not_required',
      );
    });

    it('applies to a token scoped to one of the organization’s repositories', () => {
      expect(
        tokenApprovalState(
          standing('require_approval', 'fineGrained', null, AFTER, scopedToAcmeRepo),
        ),
      ).toBe('pending');
    });

    it('never applies to a token that does not touch the organization', () => {
      expect(
        tokenApprovalState(standing('require_approval', 'fineGrained', 'denied', AFTER, elsewhere)),
      ).toBe('not_required');
      expect(
        orgTokenBlock(standing('require_approval', 'fineGrained', null, AFTER, elsewhere)),
      ).toBe(null);
    });

    it('is not_required for read and write tokens whatever was decided', () => {
      expect(tokenApprovalState(standing('require_approval', 'write', 'denied'))).toBe(
        'not_required',
      );
    });
  });

  it('matches the organization and its repositories by name, case-insensitively, and nothing with a longer name', () => {
    expect(grantTouchesOrg(scopedToAcme, ACME)).toBe(true);
    expect(grantTouchesOrg(scopedToAcmeRepo, ACME)).toBe(true);
    expect(grantTouchesOrg(elsewhere, ACME)).toBe(false);
  });

  describe('in the access policy', () => {
    const token = (orgBlocks: PolicyToken['orgBlocks']): PolicyToken => ({
      kind: 'personal',
      userId: 'u'.repeat(24),
      role: 'write',
      scopes: [],
      grantedOrgIds: [ACME.id],
      orgRoles: { [ACME.id]: 'admin' },
      orgBlocks,
    });
    const privateRepo: PolicyResource = {
      kind: 'repo',
      id: 'model/acme/bert',
      ownerType: 'org',
      ownerId: ACME.id,
      private: true,
    };

    it.each(['approval_pending', 'approval_denied', 'fine_grained_only'] as const)(
      'refuses a %s token with its fixed message',
      (block) => {
        expect(authorizePermission(token({ [ACME.id]: block }), 'repo.write', privateRepo)).toEqual(
          { allow: false, reason: ORG_TOKEN_BLOCK_MESSAGES[block] },
        );
      },
    );

    it('still lets a blocked token read public content, as anyone may', () => {
      expect(
        authorizePermission(token({ [ACME.id]: 'approval_pending' }), 'repo.content.read', {
          ...privateRepo,
          private: false,
        }),
      ).toMatchObject({ allow: true });
    });

    it('leaves other organizations and the user’s own resources alone', () => {
      const blocked = token({ ['b'.repeat(24)]: 'approval_denied' });
      expect(authorizePermission(blocked, 'repo.write', privateRepo)).toMatchObject({
        allow: true,
      });
      expect(
        authorizePermission(blocked, 'repo.write', {
          ...privateRepo,
          ownerType: 'user',
          ownerId: 'u'.repeat(24),
        }),
      ).toMatchObject({ allow: true });
    });
  });
});
