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

export interface AuditLogQuery extends AuditFilter {
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
  ) {}

  async read(principal: Principal, orgName: string, query: AuditLogQuery): Promise<AuditLogPage> {
    const org = await this.gate.admit(principal, orgName, 'read');
    const limit = query.limit ?? DEFAULT_AUDIT_PAGE_SIZE;
    const beforeSeq = query.cursor !== undefined ? decodeAuditCursor(query.cursor) : undefined;
    // One more than asked tells whether an older page exists.
    const entries = await this.store.page({
      ...filterOf(query),
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
    filter: AuditFilter,
  ): Promise<AuditEntryView[]> {
    const org = await this.gate.admit(principal, orgName, 'read');
    const entries: AuditEntryView[] = [];
    let beforeSeq: number | undefined;
    for (;;) {
      const page = await this.store.page({
        ...filterOf(filter),
        orgId: org.id,
        beforeSeq,
        limit: EXPORT_PAGE_SIZE,
      });
      entries.push(...page.map(auditEntryView));
      if (entries.length > MAX_AUDIT_EXPORT) {
        throw ApiError.badRequest(
          `More than ${MAX_AUDIT_EXPORT} entries match; narrow the export with since, until, clientId or subject`,
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
}

function filterOf(query: AuditFilter): AuditFilter {
  return {
    action: query.action,
    clientId: query.clientId,
    subject: query.subject,
    since: query.since,
    until: query.until,
  };
}
