import { Controller, Get, Res } from '@nestjs/common';
import type { Response } from 'express';
import { PAGE_STYLESHEET } from './page-styles';
import { PASSKEY_SCRIPT } from './passkey-script';

/** The pages' stylesheet and passkey script (routes, since the pages' CSP forbids inline style and script). */
@Controller('oauth/assets')
export class PagesController {
  @Get('pages.css')
  stylesheet(@Res() res: Response): void {
    res
      .setHeader('Content-Type', 'text/css; charset=utf-8')
      .setHeader('Cache-Control', 'public, max-age=3600')
      .send(PAGE_STYLESHEET);
  }

  @Get('passkey.js')
  script(@Res() res: Response): void {
    res
      .setHeader('Content-Type', 'text/javascript; charset=utf-8')
      .setHeader('Cache-Control', 'public, max-age=3600')
      .send(PASSKEY_SCRIPT);
  }
}
