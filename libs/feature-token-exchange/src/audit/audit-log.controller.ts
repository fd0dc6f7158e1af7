import { Controller, Get, Param, Req, Res } from '@nestjs/common';
import { CurrentPrincipal, Principal, RequirePermission } from '@gatehouse/identity';
import { ZodQuery } from '@gatehouse/platform';
import type { Request, Response } from 'express';
import type { AuditEntryView, AuditLogPage, AuditLogVerification } from '@gatehouse/settings-api';
import { auditLogCsv } from './audit-log-csv';
import {
  type AuditExportQuery,
  auditExportQuerySchema,
  auditLogQuerySchema,
} from './audit-log-queries';
import { AuditLogQuery, AuditLogReader } from './audit-log.reader';

/**
 * The organization's audit log, for its administrators: `GET …/audit-log?action=&app=&member=
 * &clientId=&subject=&since=&until=&cursor=&limit=` newest first (`app`: name or client ID;
 * `member`: username or e-mail, entries the person wrote or that are about them) (`nextCursor`, also a `Link: <...>; rel="next"`
 * header, reaches older entries), `…/audit-log/export?format=json|csv` every matching entry as a
 * download, and `…/audit-log/verify` whether the hash chain and its seal hold.
 */
@Controller('api/organizations')
// Fine-grained tokens: org.read or org.write on the organization of the path (OrganizationAdminGate).
@RequirePermission('per-resource')
export class AuditLogController {
  constructor(private readonly reader: AuditLogReader) {}

  @Get(':name/audit-log')
  async read(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @ZodQuery(auditLogQuerySchema) query: AuditLogQuery,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuditLogPage> {
    const page = await this.reader.read(principal, name, query);
    if (page.nextCursor)
      res.setHeader('Link', `<${nextPageUrl(req, page.nextCursor)}>; rel="next"`);
    return page;
  }

  @Get(':name/audit-log/export')
  async export(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
    @ZodQuery(auditExportQuerySchema) query: AuditExportQuery,
    @Res({ passthrough: true }) res: Response,
  ): Promise<AuditEntryView[] | string> {
    const { format, ...filter } = query;
    const entries = await this.reader.export(principal, name, filter);
    res.setHeader('Content-Disposition', `attachment; filename="${name}-audit-log.${format}"`);
    if (format === 'json') return entries;
    res.type('text/csv; charset=utf-8');
    return auditLogCsv(entries);
  }

  @Get(':name/audit-log/verify')
  verify(
    @CurrentPrincipal() principal: Principal,
    @Param('name') name: string,
  ): Promise<AuditLogVerification> {
    return this.reader.verify(principal, name);
  }
}

function nextPageUrl(req: Request, cursor: string): string {
  const url = new URL(req.originalUrl, 'http://placeholder');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}
