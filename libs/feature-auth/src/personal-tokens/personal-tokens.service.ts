import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { ApiError, Clock, isObjectId, tokenPrefix } from '@gatehouse/domain';
import {
  actsAsUser,
  Principal,
  PrincipalCache,
  RandomSource,
  type PersonalTokenRecord,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type { CreatedPersonalToken, PersonalTokenView } from '@gatehouse/settings-api';
import { PersonalTokenStore } from './ports/personal-token.store';

/**
 * Personal access tokens (`hf_...`, role `read` or `write`; docs/oauth.md "Token formats and lifetimes"), managed with a
 * personal token of the same user. OAuth and exchange tokens may not manage them: an app must not
 * turn a scoped grant into a full-rights token. A read token may list but not create or delete.
 */
@Injectable()
export class PersonalTokensService {
  constructor(
    private readonly store: PersonalTokenStore,
    private readonly random: RandomSource,
    private readonly principals: PrincipalCache,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async create(
    principal: Principal,
    input: { name: string; role: PersonalTokenRecord['role'] },
  ): Promise<CreatedPersonalToken> {
    const userId = personalTokenOwner(principal);
    if (principal.role !== 'write')
      throw ApiError.forbidden('A read token cannot create access tokens');
    const now = this.clock.now();
    const token = this.random.token(tokenPrefix('personal'));
    const row: PersonalTokenRecord = {
      id: this.random.id(now),
      tokenHash: hashToken(token),
      userId,
      name: input.name,
      role: input.role,
      lastUsedAt: null,
      createdAt: new Date(now),
      revokedAt: null,
    };
    await this.store.insert(row);
    return { ...viewOf(row), token };
  }

  async list(principal: Principal): Promise<PersonalTokenView[]> {
    const rows = await this.store.listActive(personalTokenOwner(principal));
    return rows.map(viewOf);
  }

  async delete(principal: Principal, id: string): Promise<void> {
    const userId = personalTokenOwner(principal);
    if (principal.role !== 'write')
      throw ApiError.forbidden('A read token cannot delete access tokens');
    // Another user's token is "not found", never "forbidden": its existence is not disclosed.
    const tokenHash = isObjectId(id) ? await this.store.activeTokenHash(userId, id) : null;
    if (tokenHash === null) throw ApiError.notFound('Access token not found');
    // Stale first: a check that reads the token before the revocation commits cannot cache it again.
    await this.principals.invalidate([tokenHash]);
    if (!(await this.store.revoke(userId, id, new Date(this.clock.now()))))
      throw ApiError.notFound('Access token not found');
  }
}

function personalTokenOwner(principal: Principal): string {
  if (!actsAsUser(principal) || !principal.user) {
    throw ApiError.forbidden('Access tokens can only be managed with a personal access token');
  }
  return principal.user.id;
}

function viewOf(row: PersonalTokenRecord): PersonalTokenView {
  return {
    id: row.id,
    name: row.name,
    role: row.role,
    createdAt: row.createdAt.toISOString(),
    lastUsedAt: row.lastUsedAt ? row.lastUsedAt.toISOString() : null,
  };
}
