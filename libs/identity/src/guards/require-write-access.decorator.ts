import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import { WRITE_ACCESS_METADATA } from './access-metadata';
import { BearerAuthGuard } from './bearer-auth.guard';

/** The route changes things: read-only tokens get 403. Implies BearerAuthGuard. */
export function RequireWriteAccess(): ClassDecorator & MethodDecorator {
  return applyDecorators(SetMetadata(WRITE_ACCESS_METADATA, true), UseGuards(BearerAuthGuard));
}
