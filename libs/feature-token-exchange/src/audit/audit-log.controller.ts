import { Controller, Get, Param, Req, Res, UseGuards } from '@nestjs/common';
import { BearerAuthGuard, CurrentPrincipal, Principal } from '@gatehouse/identity';
import { ZodQuery } from '@gatehouse/platform';
import type { Request, Response } from 'express';
import { z } from 'zod';
import { AuditLogPage, AuditLogQuery, AuditLogReader } from './audit-log-reader';

const auditLogQuerySchema = z.strictObject({
  action: z
    .string()
    .regex(/^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/, 'must be an action name such as oauth.token_exchange')
    .optional(),
  cursor: z.string().min(1).optional(),
  limit: z.coerce.number().int().min(1).max(200).optional(),
});

/**
 * `GET /api/organizations/{name}/audit-log?action=&cursor=&limit=`: the organization's audit log,
 * newest first; `nextCursor` (also a `Link: <...>; rel="next"` header) reaches older entries.
 */
@Controller('api/organizations')
@UseGuards(BearerAuthGuard)
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
    if (page.nextCursor) res.setHeader('Link', `<${nextPageUrl(req, page.nextCursor)}>; rel="next"`);
    return page;
  }
}

function nextPageUrl(req: Request, cursor: string): string {
  const url = new URL(req.originalUrl, 'http://placeholder');
  url.searchParams.set('cursor', cursor);
  return `${url.pathname}${url.search}`;
}
