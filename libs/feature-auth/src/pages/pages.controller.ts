import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PAGE_STYLESHEET } from './page-styles';

/** The pages' stylesheet (a route, since the pages' CSP forbids inline style). */
@Controller('oauth/assets')
export class PagesController {
  @Get('pages.css')
  stylesheet(@Res() res: Response): void {
    res
      .setHeader('Content-Type', 'text/css; charset=utf-8')
      .setHeader('Cache-Control', 'public, max-age=3600')
      .send(PAGE_STYLESHEET);
  }
}
