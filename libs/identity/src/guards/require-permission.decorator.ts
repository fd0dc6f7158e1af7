import { applyDecorators, SetMetadata, UseGuards } from '@nestjs/common';
import type { Permission } from '@gatehouse/domain';
import { PERMISSION_METADATA } from './access-metadata';
import { BearerAuthGuard } from './bearer-auth.guard';

/**
 * Fine-grained tokens may use the route when they hold `permission` on their owner's own account
 * (global, or the owner's `user` entry); `'per-resource'`: every fine-grained token passes the
 * guard and the handler checks the permission on the resource the path names. A route without
 * this decorator refuses fine-grained tokens (403). Other credentials are unaffected: their scopes
 * and role are checked as before. Implies BearerAuthGuard.
 */
export function RequirePermission(
  permission: Permission | 'per-resource',
): ClassDecorator & MethodDecorator {
  return applyDecorators(SetMetadata(PERMISSION_METADATA, permission), UseGuards(BearerAuthGuard));
}
