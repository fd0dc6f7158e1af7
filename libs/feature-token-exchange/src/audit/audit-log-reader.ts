import { Injectable } from '@nestjs/common';
import type { Principal } from '@gatehouse/identity';
import { OrganizationAdminGate } from '../settings/organization-admin-gate';
import { decodeAuditCursor, encodeAuditCursor } from './audit-log-cursor';
import { AuditEntryView, auditEntryView } from './audit-entry-view';
import { AuditLogStore } from './audit-log.store';

export interface AuditLogQuery {
  action?: string;
  cursor?: string;
  limit?: number;
}

export interface AuditLogPage {
  entries: AuditEntryView[];
  /** Pass as `cursor` for the next (older) page; null on the last page. */
  nextCursor: string | null;
}

export const DEFAULT_AUDIT_PAGE_SIZE = 50;

/** `GET /api/organizations/{name}/audit-log`: newest first, for the organization's administrators. */
@Injectable()
export class AuditLogReader {
  constructor(
    private readonly gate: OrganizationAdminGate,
    private readonly store: AuditLogStore,
  ) {}

  async read(principal: Principal, orgName: string, query: AuditLogQuery): Promise<AuditLogPage> {
    const org = await this.gate.admit(principal, orgName, 'read');
    const limit = query.limit ?? DEFAULT_AUDIT_PAGE_SIZE;
    const beforeSeq = query.cursor !== undefined ? decodeAuditCursor(query.cursor) : undefined;
    // One more than asked tells whether an older page exists.
    const entries = await this.store.page({ orgId: org.id, action: query.action, beforeSeq, limit: limit + 1 });
    const page = entries.slice(0, limit);
    const more = entries.length > limit;
    return { entries: page.map(auditEntryView), nextCursor: more ? encodeAuditCursor(page[page.length - 1]!.seq) : null };
  }
}
