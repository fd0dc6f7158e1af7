import { Controller, Get, Inject, Injectable, Param, Post, Req } from '@nestjs/common';
import type { RawBodyRequest } from '@nestjs/common';
import { ApiError, InvalidClient } from '@gatehouse/domain';
import type { Request } from 'express';
import { Logger } from 'pino';
import { z } from 'zod';
import { OAuthErrorShape } from '../errors/error-shape';
import { LOGGER } from '../logging/logger.token';
import { clientAddressOf } from '../request/client-address';
import { ZodBody } from '../validation/zod-validation.pipe';

// Routes the platform tests (unit, integration, drain) exercise: one of each kind of failure.

/**
 * Requests the `held` route keeps in flight until the test lets them go: a gate the test opens
 * (in this process, or through SIGUSR2 in the drain fixture's), not a timer that runs out.
 */
@Injectable()
export class HeldRequests {
  private readonly waiting: Array<() => void> = [];

  get count(): number {
    return this.waiting.length;
  }

  hold(): Promise<void> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  releaseAll(): void {
    this.waiting.splice(0).forEach((release) => release());
  }
}

const tokenRequest = z.object({ grant_type: z.string(), code: z.string().optional() });
const itemRequest = z.object({ name: z.string().min(1), tags: z.array(z.string()).default([]) });

@Controller('oauth')
@OAuthErrorShape()
export class OAuthProbeController {
  @Post('token')
  token(@ZodBody(tokenRequest) body: z.output<typeof tokenRequest>) {
    return { grant_type: body.grant_type };
  }

  @Post('client-auth')
  clientAuth(): never {
    throw new InvalidClient('Client authentication failed', 'client x: secret mismatch');
  }

  @Get('crash')
  crash(): never {
    throw new Error('oauth internals: key id 42 missing');
  }
}

@Controller('api')
export class ApiProbeController {
  constructor(
    @Inject(LOGGER) private readonly logger: Logger,
    private readonly heldRequests: HeldRequests,
  ) {}

  @Post('items')
  create(@ZodBody(itemRequest) body: z.output<typeof itemRequest>) {
    return body;
  }

  @Post('raw')
  raw(@Req() req: RawBodyRequest<Request>) {
    return { rawLength: req.rawBody?.length ?? null, parsed: req.body as unknown };
  }

  @Get('crash')
  crash(): never {
    throw new Error('database password hunter2 rejected');
  }

  @Get('async-crash')
  async asyncCrash(): Promise<never> {
    await Promise.resolve();
    throw new TypeError("Cannot read properties of undefined (reading 'secretKey')");
  }

  @Get('limited')
  limited(): never {
    throw new ApiError('rate_limited', 'Too many requests', { retryAfterSeconds: 30 });
  }

  /** The client address as the platform derives it, beside what Express's `trust proxy` makes of it. */
  @Get('client-address')
  clientAddress(@Req() req: Request) {
    return { address: clientAddressOf(req), expressIp: req.ip };
  }

  @Get('things/:id')
  thing(@Param('id') id: string) {
    return { id };
  }

  @Post('notes')
  note(@Req() req: Request) {
    this.logger.info('note received');
    return { parsed: req.body as unknown };
  }

  @Get('held')
  async held() {
    this.logger.info('request held');
    await this.heldRequests.hold();
    return { done: true };
  }
}

@Controller('internal')
export class InternalProbeController {
  @Get('ping')
  ping() {
    return { pong: true };
  }
}
