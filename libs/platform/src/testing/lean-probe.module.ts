import {
  CanActivate,
  Controller,
  ExecutionContext,
  Get,
  Header,
  HttpCode,
  Injectable,
  MiddlewareConsumer,
  Module,
  NestModule,
  Post,
  RequestMethod,
  UseGuards,
} from '@nestjs/common';
import { ApiError, InvalidToken } from '@gatehouse/domain';
import type { NextFunction, Request, Response } from 'express';
import { z } from 'zod';
import { OAuthErrorShape } from '../errors/error-shape';
import { LeanRoute } from '../request/lean-route.decorator';
import { ZodBody } from '../validation/zod-validation.pipe';

// Lean routes for the platform's tests: each answer and failure a lean route must give exactly as
// the Nest route does (headers, CORS middleware, guards, pipes, error shapes, internal token).

/** Counts the calls its handlers get, so a test sees a request reached the handler once. */
@Injectable()
export class LeanProbeCalls {
  count = 0;
}

@Injectable()
class ProbeKeyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const req = context.switchToHttp().getRequest<Request>();
    if (req.headers['x-probe-key'] !== 'open') throw ApiError.unauthorized('No probe key');
    return true;
  }
}

const echoRequest = z.strictObject({ name: z.string().min(1) });

@Controller('lean')
class LeanProbeController {
  constructor(private readonly calls: LeanProbeCalls) {}

  @Get('hello')
  @LeanRoute()
  @Header('Cache-Control', 'no-store')
  hello(): { hello: string } {
    this.calls.count += 1;
    return { hello: 'world' };
  }

  @Post('echo')
  @LeanRoute()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  @UseGuards(ProbeKeyGuard)
  async echo(@ZodBody(echoRequest) body: z.output<typeof echoRequest>): Promise<{ name: string }> {
    this.calls.count += 1;
    if (body.name === 'forbidden') throw ApiError.forbidden('Not this name');
    if (body.name === 'crash') throw new Error('the handler broke');
    return { name: body.name };
  }

  @Get('cacheable')
  @LeanRoute()
  cacheable(): { cacheable: boolean } {
    return { cacheable: true };
  }
}

@Controller('lean-oauth')
@OAuthErrorShape()
class LeanOAuthProbeController {
  @Post('token')
  @LeanRoute()
  @HttpCode(200)
  @Header('Cache-Control', 'no-store')
  token(): never {
    throw new InvalidToken('The access token is invalid, expired or revoked');
  }
}

@Controller('internal')
class LeanInternalProbeController {
  @Post('lean')
  @LeanRoute()
  @HttpCode(200)
  internal(): { internal: boolean } {
    return { internal: true };
  }
}

function probeCors(_req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Access-Control-Allow-Origin', '*');
  next();
}

/** A feature module of lean probe routes, with a CORS middleware on one path. */
@Module({
  controllers: [LeanProbeController, LeanOAuthProbeController, LeanInternalProbeController],
  providers: [LeanProbeCalls, ProbeKeyGuard],
})
export class LeanProbeModule implements NestModule {
  configure(consumer: MiddlewareConsumer): void {
    consumer.apply(probeCors).forRoutes({ path: 'lean/hello', method: RequestMethod.ALL });
  }
}

@Controller('lean')
class UnroutedLeanController {
  /** Marked lean but never made a route: the boot must refuse it. */
  @LeanRoute()
  unrouted(): string {
    return 'never';
  }
}

/** A module declaring a lean route no Nest route serves. */
@Module({ controllers: [UnroutedLeanController] })
export class UnroutedLeanModule {}

@Controller('lean')
class ParameterLeanController {
  @Get(':id')
  @LeanRoute()
  byId(): string {
    return 'never';
  }
}

/** A module declaring a lean route on a path with a parameter. */
@Module({ controllers: [ParameterLeanController] })
export class ParameterLeanModule {}
