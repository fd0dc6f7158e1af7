import { Controller, Header, HttpCode, Post, Req, UseFilters } from '@nestjs/common';
import { clientAddressOf } from '@gatehouse/platform';
import type { Request } from 'express';
import { LEAK_REPORT_ACCEPTED, LEAK_REPORT_STATUS } from './leak-report-answer';
import { LeakReportBodyFilter } from './leak-report-body.filter';
import { ReportLeakedCredentials } from './report-leaked-credentials.use-case';

/**
 * `POST /api/credentials/revoke` (docs/settings-api.md "Leaked tokens"): no authentication, a
 * batch `{"credentials": ["hf_…", …]}`, always 202 with the same body (429 only past the
 * address's rate limit, which counts requests, never tokens).
 */
@Controller('api/credentials')
@UseFilters(LeakReportBodyFilter)
export class LeakedCredentialsController {
  constructor(private readonly report: ReportLeakedCredentials) {}

  @Post('revoke')
  @HttpCode(LEAK_REPORT_STATUS)
  @Header('Cache-Control', 'no-store')
  async revoke(@Req() req: Request): Promise<typeof LEAK_REPORT_ACCEPTED> {
    await this.report.execute({ body: req.body as unknown, address: clientAddressOf(req) });
    return LEAK_REPORT_ACCEPTED;
  }
}
