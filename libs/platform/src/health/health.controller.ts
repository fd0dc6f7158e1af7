import { Controller, Get, Header, Res } from '@nestjs/common';
import type { Response } from 'express';
import { ReadinessReport } from './readiness-check';
import { ReadinessRegistry } from './readiness-registry';

@Controller()
export class HealthController {
  constructor(private readonly registry: ReadinessRegistry) {}

  /** Liveness: the event loop answers. Dependencies are `/readyz`'s business. */
  @Get('healthz')
  @Header('Cache-Control', 'no-store')
  liveness(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('readyz')
  @Header('Cache-Control', 'no-store')
  async readiness(@Res({ passthrough: true }) res: Response): Promise<ReadinessReport> {
    const report = await this.registry.evaluate();
    res.status(report.status === 'ready' ? 200 : 503);
    return report;
  }
}
