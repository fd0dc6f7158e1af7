import type {
  FineGrainedGrant,
  OrgRole,
  OrgTokenPolicy,
  TokenApprovalDecision,
} from '@gatehouse/domain';
import type { Transaction } from '@gatehouse/identity';

/** An organization's token policy as stored; an organization without a row has `allow_all`. */
export interface OrganizationTokenPolicyRecord {
  orgId: string;
  policy: OrgTokenPolicy;
  approvalRequiredSince: Date | null;
  updatedBy: string | null;
  /** Null: never set. */
  updatedAt: Date | null;
}

/** An administrator's decision about one token. */
export interface TokenDecisionRecord {
  orgId: string;
  tokenId: string;
  state: TokenApprovalDecision;
  decidedBy: string;
  decidedAt: Date;
}

/** A live personal token of a member that can act in the organization, with its owner. */
export interface OrganizationTokenRecord {
  id: string;
  tokenHash: string;
  name: string;
  role: 'read' | 'write' | 'fineGrained';
  fineGrained: FineGrainedGrant | null;
  preview: string | null;
  createdAt: Date;
  expiresAt: Date | null;
  lastUsedAt: Date | null;
  owner: { id: string; username: string; fullname: string; role: OrgRole };
  decision: { state: TokenApprovalDecision; decidedBy: string | null; decidedAt: Date } | null;
}

/** Which token: by id (the list's) or by the SHA-256 of its value (revoke by value). */
export type OrganizationTokenLookup = { id: string } | { tokenHash: string };

/**
 * Port over the tokens that can act in an organization (members' live personal tokens: `read` and
 * `write` ones, and fine-grained ones whose grant names the organization or one of its
 * repositories) and over the tables token-exchange owns about them.
 */
export abstract class OrganizationTokenStore {
  abstract policyOf(orgId: string): Promise<OrganizationTokenPolicyRecord>;
  abstract savePolicy(
    tx: Transaction,
    record: OrganizationTokenPolicyRecord & { updatedAt: Date },
  ): Promise<void>;
  /** Newest first, `limit` at most; after the token `before` (an id of the last page) when given. */
  abstract tokensOf(
    org: { id: string; name: string },
    page: { limit: number; before: string | null },
  ): Promise<OrganizationTokenRecord[]>;
  abstract findToken(
    org: { id: string; name: string },
    lookup: OrganizationTokenLookup,
  ): Promise<OrganizationTokenRecord | null>;
  abstract saveDecision(tx: Transaction, decision: TokenDecisionRecord): Promise<void>;
}
