import { ArgumentsHost, Catch, ExceptionFilter } from '@nestjs/common';
import { BodyParseError } from '@gatehouse/platform';
import type { Response } from 'express';
import { LEAK_REPORT_ACCEPTED, LEAK_REPORT_STATUS } from './leak-report-answer';

/**
 * A leak report whose body could not be read (not JSON, over the body limit, an unknown
 * encoding) gets the answer of every other batch: it holds no token anyone can read, so there is
 * nothing to revoke, and a different answer would say nothing useful either.
 */
@Catch(BodyParseError)
export class LeakReportBodyFilter implements ExceptionFilter {
  catch(_error: BodyParseError, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    res.status(LEAK_REPORT_STATUS).setHeader('Cache-Control', 'no-store');
    res.json(LEAK_REPORT_ACCEPTED);
  }
}
