import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { REQUIRED_SCOPES_METADATA } from './access-metadata';
import { BearerAuthGuard } from './bearer-auth.guard';

/** OAuth and exchange tokens need these scopes (403 naming the missing one); personal tokens pass. Implies BearerAuthGuard. */
export function RequireScopes(...scopes: string[]): ClassDecorator & MethodDecorator {
  return applyDecorators(SetMetadata(REQUIRED_SCOPES_METADATA, scopes), UseGuards(BearerAuthGuard));
}
