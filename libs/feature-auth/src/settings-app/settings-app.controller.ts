import { Controller, Get, Inject, Param, Res } from '@nestjs/common';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { Response } from 'express';
import { setSettingsAppHeaders } from './settings-app-headers';
import { SETTINGS_APP_OPTIONS, type SettingsAppOptions } from './settings-app-options';

/** Vite's hashed asset names: a flat folder of `name-hash.ext` files. */
const ASSET_NAME = /^[A-Za-z0-9][A-Za-z0-9._-]{0,199}$/;
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/**
 * The settings single-page app (docs/settings.md): `index.html` for each of its paths, never
 * cached, so a deploy takes effect at once; its hashed assets cached for a year. The pages call
 * the JSON API with the browser session; no rule of the API is repeated here.
 */
@Controller()
export class SettingsAppController {
  private readonly directory: string;

  constructor(@Inject(SETTINGS_APP_OPTIONS) options: SettingsAppOptions) {
    this.directory = resolve(options.directory);
  }

  @Get()
  home(@Res() res: Response): Promise<void> {
    return this.sendIndex(res);
  }

  @Get('settings')
  settings(@Res() res: Response): Promise<void> {
    return this.sendIndex(res);
  }

  @Get('settings/*page')
  settingsPage(@Res() res: Response): Promise<void> {
    return this.sendIndex(res);
  }

  @Get('organizations/:name/settings/*page')
  organizationSettingsPage(@Res() res: Response): Promise<void> {
    return this.sendIndex(res);
  }

  @Get('assets/:file')
  asset(@Param('file') file: string, @Res() res: Response): void {
    setSettingsAppHeaders(res);
    const path = join(this.directory, 'assets', file);
    if (!ASSET_NAME.test(file) || !existsSync(path)) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    res.sendFile(path, {
      headers: { 'Cache-Control': `public, max-age=${ONE_YEAR_SECONDS}, immutable` },
      lastModified: false,
      etag: true,
    });
  }

  private async sendIndex(res: Response): Promise<void> {
    setSettingsAppHeaders(res);
    res.setHeader('Cache-Control', 'no-cache');
    let html: string;
    try {
      html = await readFile(join(this.directory, 'index.html'), 'utf8');
    } catch {
      res.status(503).setHeader('Retry-After', '30');
      res
        .type('text/plain')
        .send(
          `The settings app is not built in ${this.directory}. Build it with "npm run build" (or set GATEHOUSE_WEB_DIR).\n`,
        );
      return;
    }
    res.status(200).type('html').send(html);
  }
}
