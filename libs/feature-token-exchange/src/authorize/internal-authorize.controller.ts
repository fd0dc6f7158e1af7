import { Body, Controller, HttpCode, Post } from '@nestjs/common';
import { LeanRoute, ZodValidationPipe } from '@gatehouse/platform';
import { AccessDecision, AccessDecisionService } from './access-decision.service';
import { AuthorizeRequest, authorizeRequestSchema } from './authorize-request';

/**
 * `POST /internal/authorize` (internal token required): `{token, action, resource}` →
 * `{allow, reason, principal}`, always 200: a refusal is an answer, not an error.
 */
@Controller('internal')
export class InternalAuthorizeController {
  constructor(private readonly decisions: AccessDecisionService) {}

  @Post('authorize')
  @LeanRoute()
  @HttpCode(200)
  decide(
    @Body(new ZodValidationPipe(authorizeRequestSchema, 'body')) request: AuthorizeRequest,
  ): Promise<AccessDecision> {
    return this.decisions.decide(request);
  }
}
