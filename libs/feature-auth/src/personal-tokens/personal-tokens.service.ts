import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  ApiError,
  checkFineGrainedRequest,
  Clock,
  type FineGrainedGrant,
  type FineGrainedRequest,
  isObjectId,
  maskedTokenPreview,
  personalTokenExpiry,
  tokenPrefix,
} from '@gatehouse/domain';
import {
  AccountReader,
  actsAsUser,
  Principal,
  principalAccount,
  PrincipalCache,
  RandomSource,
  type PersonalTokenRecord,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type {
  CreatedPersonalToken,
  PersonalTokenRole,
  PersonalTokenView,
} from '@gatehouse/settings-api';
import { resolveFineGrainedEntities } from './fine-grained-entities';
import { personalTokenViewOf } from './personal-token-view';
import { PersonalTokenStore } from './ports/personal-token.store';
import { TokenApprovalReader } from './ports/token-approval.reader';

export interface CreatePersonalTokenInput {
  name: string;
  role: PersonalTokenRole;
  fineGrained?: FineGrainedRequest;
  expiresInDays?: number | null;
  expiresAt?: string | null;
}

export interface UpdatePersonalTokenInput {
  name?: string;
  fineGrained?: FineGrainedRequest;
}

/**
 * Personal access tokens (`hf_...`, role `read`, `write` or `fineGrained`; docs/oauth.md "Token
 * formats and lifetimes", docs/settings-api.md "Access tokens"), managed with a `read`/`write`
 * personal token of the same user or the browser session. OAuth, exchange and fine-grained tokens
 * may not manage them: a narrower grant must not mint a wider one. A read token may list and read
 * but not create, change, refresh or delete.
 *
 * A change to a token's value, name or permissions marks its cached principal stale before it is
 * written, as deletion does, so every service sees it on its next request.
 */
@Injectable()
export class PersonalTokensService {
  constructor(
    private readonly store: PersonalTokenStore,
    private readonly random: RandomSource,
    private readonly principals: PrincipalCache,
    private readonly accounts: AccountReader,
    @Inject(CLOCK) private readonly clock: Clock,
    private readonly approvals: TokenApprovalReader,
  ) {}

  async create(
    principal: Principal,
    input: CreatePersonalTokenInput,
  ): Promise<CreatedPersonalToken> {
    const userId = this.writer(principal, 'create');
    const now = this.clock.now();
    const expiresAtMs = personalTokenExpiry(input, now);
    const fineGrained = await this.grantOf(principal, input.role, input.fineGrained);
    const token = this.random.token(tokenPrefix('personal'));
    const row: PersonalTokenRecord = {
      id: this.random.id(now),
      tokenHash: hashToken(token),
      userId,
      name: input.name,
      role: input.role,
      fineGrained,
      expiresAt: expiresAtMs === null ? null : new Date(expiresAtMs),
      preview: maskedTokenPreview(token),
      lastUsedAt: null,
      lastUsedAddress: null,
      lastUsedClient: null,
      createdAt: new Date(now),
      revokedAt: null,
    };
    await this.store.insert(row);
    return { ...personalTokenViewOf(row, now, await this.approvals.rulesOf(userId)), token };
  }

  async list(principal: Principal): Promise<PersonalTokenView[]> {
    const userId = personalTokenOwner(principal);
    const [rows, rules] = await Promise.all([
      this.store.listActive(userId),
      this.approvals.rulesOf(userId),
    ]);
    const now = this.clock.now();
    return rows.map((row) => personalTokenViewOf(row, now, rules));
  }

  async get(principal: Principal, id: string): Promise<PersonalTokenView> {
    const userId = personalTokenOwner(principal);
    const row = await this.find(userId, id);
    return personalTokenViewOf(row, this.clock.now(), await this.approvals.rulesOf(userId));
  }

  /** Renames a token and, for a fine-grained one, replaces its permissions. */
  async update(
    principal: Principal,
    id: string,
    input: UpdatePersonalTokenInput,
  ): Promise<PersonalTokenView> {
    const userId = this.writer(principal, 'change');
    const row = await this.find(userId, id);
    if (input.fineGrained !== undefined && row.role !== 'fineGrained')
      throw ApiError.badRequest(
        `A ${row.role} token has no permissions to edit: create a fine-grained token`,
        'fineGrained',
      );
    const fineGrained =
      input.fineGrained === undefined
        ? undefined
        : await this.grantOf(principal, 'fineGrained', input.fineGrained);
    await this.principals.invalidate([row.tokenHash]);
    const updated = await this.store.update(userId, id, row.tokenHash, {
      ...(input.name !== undefined ? { name: input.name } : {}),
      ...(fineGrained ? { fineGrained } : {}),
    });
    if (!updated) throw notFound();
    return personalTokenViewOf(updated, this.clock.now(), await this.approvals.rulesOf(userId));
  }

  /**
   * "Invalidate and refresh": a new value for the same token (id, name, permissions), the old
   * value refused from the next request on in every service. A token that expires keeps the
   * lifetime it was created with, counted from now; its last use starts over.
   */
  async refresh(principal: Principal, id: string): Promise<CreatedPersonalToken> {
    const userId = this.writer(principal, 'refresh');
    const row = await this.find(userId, id);
    const now = this.clock.now();
    const lifetimeMs = row.expiresAt ? row.expiresAt.getTime() - row.createdAt.getTime() : null;
    const token = this.random.token(tokenPrefix('personal'));
    // Stale first: a check that reads the old value before the change commits cannot cache it again.
    await this.principals.invalidate([row.tokenHash]);
    const updated = await this.store.update(userId, id, row.tokenHash, {
      tokenHash: hashToken(token),
      preview: maskedTokenPreview(token),
      createdAt: new Date(now),
      expiresAt: lifetimeMs === null ? null : new Date(now + lifetimeMs),
      lastUsedAt: null,
      lastUsedAddress: null,
      lastUsedClient: null,
    });
    if (!updated) throw notFound();
    return { ...personalTokenViewOf(updated, now, await this.approvals.rulesOf(userId)), token };
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const userId = this.writer(principal, 'delete');
    // Another user's token is "not found", never "forbidden": its existence is not disclosed.
    const tokenHash = isObjectId(id) ? await this.store.activeTokenHash(userId, id) : null;
    if (tokenHash === null) throw notFound();
    // Stale first: a check that reads the token before the revocation commits cannot cache it again.
    await this.principals.invalidate([tokenHash]);
    if (!(await this.store.revoke(userId, id, new Date(this.clock.now())))) throw notFound();
  }

  private writer(principal: Principal, verb: string): string {
    const userId = personalTokenOwner(principal);
    if (principal.kind === 'personal' && principal.role !== 'write')
      throw ApiError.forbidden(`A read token cannot ${verb} access tokens`);
    return userId;
  }

  private async find(userId: string, id: string): Promise<PersonalTokenRecord> {
    const row = isObjectId(id) ? await this.store.findActive(userId, id) : null;
    if (!row) throw notFound();
    return row;
  }

  /** The grant of a `fineGrained` token, its entities named by id; null for `read` and `write`. */
  private async grantOf(
    principal: Principal,
    role: PersonalTokenRole,
    request: FineGrainedRequest | undefined,
  ): Promise<FineGrainedGrant | null> {
    if (role !== 'fineGrained') {
      if (request !== undefined)
        throw ApiError.badRequest('Only a fineGrained token takes permissions', 'fineGrained');
      return null;
    }
    if (request === undefined)
      throw ApiError.badRequest('A fineGrained token needs its permissions', 'fineGrained');
    const checked = checkFineGrainedRequest(request);
    const account = await principalAccount(principal, this.accounts);
    if (!account || !principal.user) throw ApiError.unauthorized();
    return resolveFineGrainedEntities(checked, {
      id: principal.user.id,
      username: account.user.username,
      memberships: account.memberships,
    });
  }
}

function personalTokenOwner(principal: Principal): string {
  if (!actsAsUser(principal) || !principal.user) {
    throw ApiError.forbidden('Access tokens can only be managed with a personal access token');
  }
  return principal.user.id;
}

function notFound(): ApiError {
  return ApiError.notFound('Access token not found');
}
