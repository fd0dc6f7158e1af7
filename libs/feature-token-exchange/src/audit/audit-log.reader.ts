import { Injectable } from '@nestjs/common';
import type { Principal } from '@gatehouse/identity';
import { OrganizationAdminGate } from '../settings/organization-admin-gate';
import { decodeAuditCursor, encodeAuditCursor } from './audit-log-cursor';
import { auditEntryView } from './audit-entry-view';
import { ApiError } from '@gatehouse/domain';
import type { AuditEntryView, AuditLogPage, AuditLogVerification } from '@gatehouse/settings-api';
import { verifyAuditLog } from './audit-log-verification';
import { type AuditFilter, AuditLogStore } from './ports/audit-log.store';
import { AuditSeal } from './audit-seal';
import {
  type DirectoryOrganization,
  OrganizationDirectory,
} from '../organizations/ports/organization-directory';

/**
 * The filters as a person writes them, besides the store's own: `member` a username or an e-mail
 * (entries the person wrote, or about them), `app` an app's name or client ID, as the audit log's
 * table shows them.
 */
export interface AuditLogFilters extends Omit<AuditFilter, 'person' | 'clientIds'> {
  member?: string;
  app?: string;
}

export interface AuditLogQuery extends AuditLogFilters {
  cursor?: string;
  limit?: number;
}

const DEFAULT_AUDIT_PAGE_SIZE = 50;
/** An export is read in pages of this size, up to MAX_AUDIT_EXPORT entries (narrow it with the filters). */
const EXPORT_PAGE_SIZE = 1000;
const MAX_AUDIT_EXPORT = 10_000;

/** `GET /api/organizations/{name}/audit-log`: newest first, for the organization's administrators. */
@Injectable()
export class AuditLogReader {
  constructor(
    private readonly gate: OrganizationAdminGate,
    private readonly store: AuditLogStore,
    private readonly seal: AuditSeal,
    private readonly directory: OrganizationDirectory,
  ) {}

  async read(principal: Principal, orgName: string, query: AuditLogQuery): Promise<AuditLogPage> {
    const org = await this.gate.admit(principal, orgName, 'read');
    const limit = query.limit ?? DEFAULT_AUDIT_PAGE_SIZE;
    const beforeSeq = query.cursor !== undefined ? decodeAuditCursor(query.cursor) : undefined;
    // One more than asked tells whether an older page exists.
    const entries = await this.store.page({
      ...(await this.filterOf(org, query)),
      orgId: org.id,
      beforeSeq,
      limit: limit + 1,
    });
    const page = entries.slice(0, limit);
    const more = entries.length > limit;
    return {
      entries: page.map(auditEntryView),
      nextCursor: more ? encodeAuditCursor(page[page.length - 1]!.seq) : null,
    };
  }

  /** Every entry matching the filters, newest first, at most MAX_AUDIT_EXPORT (400 beyond: narrow the filters). */
  async export(
    principal: Principal,
    orgName: string,
    filters: AuditLogFilters,
  ): Promise<AuditEntryView[]> {
    const org = await this.gate.admit(principal, orgName, 'read');
    const filter = await this.filterOf(org, filters);
    const entries: AuditEntryView[] = [];
    let beforeSeq: number | undefined;
    for (;;) {
      const page = await this.store.page({
        ...filter,
        orgId: org.id,
        beforeSeq,
        limit: EXPORT_PAGE_SIZE,
      });
      entries.push(...page.map(auditEntryView));
      if (entries.length > MAX_AUDIT_EXPORT) {
        throw ApiError.badRequest(
          `More than ${MAX_AUDIT_EXPORT} entries match; narrow the export with since, until, app or member`,
        );
      }
      if (page.length < EXPORT_PAGE_SIZE) return entries;
      beforeSeq = page[page.length - 1]!.seq;
    }
  }

  /** Walks the organization's whole chain with its seal, as `gatehouse orgs audit verify` does. */
  async verify(principal: Principal, orgName: string): Promise<AuditLogVerification> {
    const org = await this.gate.admit(principal, orgName, 'read');
    return verifyAuditLog(this.store, org.id, this.seal);
  }

  /** The store's filter for what the person wrote: a member and an app resolved as the table names them. */
  private async filterOf(org: DirectoryOrganization, query: AuditLogFilters): Promise<AuditFilter> {
    const filter: AuditFilter = {
      action: query.action,
      clientId: query.clientId,
      subject: query.subject,
      since: query.since,
      until: query.until,
    };
    if (query.member !== undefined) {
      const account = await this.directory.findAccount(query.member);
      filter.person = {
        actorUserId: account?.id ?? null,
        subjects: [query.member, ...(account ? [account.email, account.username] : [])],
      };
    }
    if (query.app !== undefined) {
      const wanted = query.app.toLowerCase();
      const apps = await this.directory.tokenExchangeApps(org.id);
      filter.clientIds = [
        query.app,
        ...apps.filter((app) => app.name.toLowerCase() === wanted).map((app) => app.clientId),
      ];
    }
    return filter;
  }
}
