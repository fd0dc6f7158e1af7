import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  ApiError,
  Clock,
  type FineGrainedRequest,
  isObjectId,
  maskedTokenPreview,
  personalTokenExpiry,
  serviceAccountUsername,
  tokenPrefix,
} from '@gatehouse/domain';
import {
  isFineGrained,
  Principal,
  PrincipalCache,
  RandomSource,
  TransactionRunner,
  type Transaction,
} from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import type {
  CreatedServiceAccountToken,
  ServiceAccountDetail,
  ServiceAccountView,
} from '@gatehouse/settings-api';
import { AUDIT_ACTIONS, type AuditEntryDraft } from '../audit/audit-entry';
import { AuditRecorder } from '../audit/audit-recorder';
import type { DirectoryOrganization } from '../organizations/ports/organization-directory';
import { OrganizationAdminGate } from '../settings/organization-admin-gate';
import type {
  ServiceAccountRecord,
  ServiceAccountTokenRecord,
} from './ports/service-account-records';
import { ServiceAccountStore } from './ports/service-account.store';
import { serviceAccountGrant } from './service-account-permissions';
import { serviceAccountTokenViewOf, serviceAccountViewOf } from './service-account-view';

const NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$/;

export interface CreateServiceAccountInput {
  name: string;
  displayName?: string;
}

export interface CreateServiceAccountTokenInput {
  name: string;
  fineGrained: FineGrainedRequest;
  expiresInDays?: number | null;
  expiresAt?: string | null;
}

/**
 * Organization service accounts (docs/settings-api.md "Service accounts"): identities the
 * organization owns, with fine-grained tokens its administrators create, rotate and delete.
 * Reading takes what the organization's settings take (OrganizationAdminGate); changing takes an
 * administrator's personal write token or browser session, never a fine-grained token, which
 * must not mint a token wider than itself. Each change and its audit entry commit together; a
 * token's cached principal is marked stale before the change that kills its value commits.
 */
@Injectable()
export class ServiceAccountsService {
  constructor(
    private readonly gate: OrganizationAdminGate,
    private readonly store: ServiceAccountStore,
    private readonly audit: AuditRecorder,
    private readonly transactions: TransactionRunner,
    private readonly random: RandomSource,
    private readonly principals: PrincipalCache,
    @Inject(CLOCK) private readonly clock: Clock,
  ) {}

  async list(principal: Principal, orgName: string): Promise<ServiceAccountView[]> {
    const org = await this.gate.admit(principal, orgName, 'read');
    return (await this.store.list(org.id)).map(serviceAccountViewOf);
  }

  async get(principal: Principal, orgName: string, id: string): Promise<ServiceAccountDetail> {
    const org = await this.gate.admit(principal, orgName, 'read');
    const account = await this.accountOf(org, id);
    const now = this.clock.now();
    const tokens = await this.store.tokens(account.id);
    return {
      ...serviceAccountViewOf(account),
      tokens: tokens.map((token) => serviceAccountTokenViewOf(token, now)),
    };
  }

  async create(
    principal: Principal,
    orgName: string,
    input: CreateServiceAccountInput,
  ): Promise<ServiceAccountView> {
    const org = await this.admitWriter(principal, orgName);
    if (!NAME.test(input.name))
      throw ApiError.badRequest(
        'name must start with a letter or digit and use only letters, digits, ".", "_" and "-" (at most 64)',
        'name',
      );
    const now = this.clock.now();
    const account: ServiceAccountRecord = {
      id: this.random.id(now),
      orgId: org.id,
      username: serviceAccountUsername(org.name, input.name),
      displayName: input.displayName ?? input.name,
      createdAt: new Date(now),
    };
    await this.transactions.run(async (tx) => {
      if (!(await this.store.insert(tx, account, 'write')))
        throw ApiError.conflict(
          `A service account named ${input.name} already exists in ${org.name}`,
        );
      await this.record(tx, principal, org, AUDIT_ACTIONS.serviceAccountCreated, account, {
        displayName: account.displayName,
      });
    });
    return serviceAccountViewOf(account);
  }

  async rename(
    principal: Principal,
    orgName: string,
    id: string,
    displayName: string,
  ): Promise<ServiceAccountView> {
    const org = await this.admitWriter(principal, orgName);
    const account = await this.accountOf(org, id);
    const renamed = await this.transactions.run((tx) =>
      this.store.rename(tx, org.id, account.id, displayName),
    );
    if (!renamed) throw accountNotFound();
    return serviceAccountViewOf(renamed);
  }

  /** Deletes the account and with it every token it holds. */
  async delete(principal: Principal, orgName: string, id: string): Promise<void> {
    const org = await this.admitWriter(principal, orgName);
    const account = await this.accountOf(org, id);
    const tokens = await this.store.tokens(account.id);
    await this.transactions.run(async (tx) => {
      // Stale first: a check that reads a token before the deletion commits cannot cache it again.
      await this.principals.invalidate(tokens.map((token) => token.tokenHash));
      if (!(await this.store.delete(tx, org.id, account.id))) throw accountNotFound();
      await this.record(tx, principal, org, AUDIT_ACTIONS.serviceAccountDeleted, account, {
        revokedTokenIds: tokens.map((token) => token.id),
      });
    });
  }

  async createToken(
    principal: Principal,
    orgName: string,
    id: string,
    input: CreateServiceAccountTokenInput,
  ): Promise<CreatedServiceAccountToken> {
    const org = await this.admitWriter(principal, orgName);
    const account = await this.accountOf(org, id);
    const now = this.clock.now();
    const expiresAtMs = personalTokenExpiry(input, now);
    const grant = serviceAccountGrant(input.fineGrained, org);
    const value = this.random.token(tokenPrefix('personal'));
    const token: ServiceAccountTokenRecord = {
      id: this.random.id(now),
      tokenHash: hashToken(value),
      userId: account.id,
      name: input.name,
      role: 'fineGrained',
      fineGrained: grant,
      expiresAt: expiresAtMs === null ? null : new Date(expiresAtMs),
      preview: maskedTokenPreview(value),
      lastUsedAt: null,
      lastUsedAddress: null,
      lastUsedClient: null,
      createdAt: new Date(now),
      revokedAt: null,
    };
    await this.transactions.run(async (tx) => {
      await this.store.insertToken(tx, token, {
        orgId: org.id,
        approvedBy: principal.user?.id ?? null,
        at: new Date(now),
      });
      await this.record(tx, principal, org, AUDIT_ACTIONS.serviceAccountTokenCreated, account, {
        tokenId: token.id,
        tokenName: token.name,
        preview: token.preview,
        fineGrained: grant,
        expiresAt: token.expiresAt?.toISOString() ?? null,
      });
    });
    return { ...serviceAccountTokenViewOf(token, now), token: value };
  }

  /**
   * A new value, same name and permissions; the old value is refused from the next request on in
   * every service. A token that expires keeps its lifetime, counted from now.
   */
  async rotateToken(
    principal: Principal,
    orgName: string,
    id: string,
    tokenId: string,
  ): Promise<CreatedServiceAccountToken> {
    const org = await this.admitWriter(principal, orgName);
    const account = await this.accountOf(org, id);
    const token = await this.tokenOf(account, tokenId);
    const now = this.clock.now();
    const lifetimeMs = token.expiresAt
      ? token.expiresAt.getTime() - token.createdAt.getTime()
      : null;
    const value = this.random.token(tokenPrefix('personal'));
    const rotated = await this.transactions.run(async (tx) => {
      await this.principals.invalidate([token.tokenHash]);
      const changed = await this.store.rotateToken(tx, account.id, token.id, token.tokenHash, {
        tokenHash: hashToken(value),
        preview: maskedTokenPreview(value),
        createdAt: new Date(now),
        expiresAt: lifetimeMs === null ? null : new Date(now + lifetimeMs),
        lastUsedAt: null,
        lastUsedAddress: null,
        lastUsedClient: null,
      });
      if (!changed) throw tokenNotFound();
      await this.record(tx, principal, org, AUDIT_ACTIONS.serviceAccountTokenRotated, account, {
        tokenId: token.id,
        tokenName: token.name,
        previousPreview: token.preview,
        preview: changed.preview,
      });
      return changed;
    });
    return { ...serviceAccountTokenViewOf(rotated, now), token: value };
  }

  async deleteToken(
    principal: Principal,
    orgName: string,
    id: string,
    tokenId: string,
  ): Promise<void> {
    const org = await this.admitWriter(principal, orgName);
    const account = await this.accountOf(org, id);
    const token = await this.tokenOf(account, tokenId);
    await this.transactions.run(async (tx) => {
      await this.principals.invalidate([token.tokenHash]);
      if (!(await this.store.revokeToken(tx, account.id, token.id, new Date(this.clock.now()))))
        throw tokenNotFound();
      await this.record(tx, principal, org, AUDIT_ACTIONS.serviceAccountTokenDeleted, account, {
        tokenId: token.id,
        tokenName: token.name,
        preview: token.preview,
      });
    });
  }

  private async admitWriter(principal: Principal, orgName: string): Promise<DirectoryOrganization> {
    const org = await this.gate.admit(principal, orgName, 'write');
    if (isFineGrained(principal))
      throw ApiError.forbidden(
        'Service accounts are managed with a personal write token or the browser session',
      );
    return org;
  }

  /** Only the organization's own accounts: another organization's is not found here. */
  private async accountOf(org: DirectoryOrganization, id: string): Promise<ServiceAccountRecord> {
    const account = isObjectId(id) ? await this.store.find(org.id, id) : null;
    if (!account) throw accountNotFound();
    return account;
  }

  private async tokenOf(
    account: ServiceAccountRecord,
    tokenId: string,
  ): Promise<ServiceAccountTokenRecord> {
    const token = isObjectId(tokenId) ? await this.store.findToken(account.id, tokenId) : null;
    if (!token) throw tokenNotFound();
    return token;
  }

  private async record(
    tx: Transaction,
    principal: Principal,
    org: DirectoryOrganization,
    action: AuditEntryDraft['action'],
    account: ServiceAccountRecord,
    detail: Record<string, unknown>,
  ): Promise<void> {
    await this.audit.record(tx, {
      orgId: org.id,
      action,
      outcome: 'success',
      actorUserId: principal.user?.id ?? null,
      subject: account.username,
      detail: { serviceAccountId: account.id, ...detail },
    });
  }
}

function accountNotFound(): ApiError {
  return ApiError.notFound('Service account not found');
}

function tokenNotFound(): ApiError {
  return ApiError.notFound('Service account token not found');
}
