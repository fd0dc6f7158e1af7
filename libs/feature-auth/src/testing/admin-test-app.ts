import { Global, Module } from '@nestjs/common';
import { AdminModule } from '../admin/admin.module';
import {
  DEFAULT_SIGN_IN_LIMITS,
  SESSION_OPTIONS,
  type SessionOptions,
} from '../session/session-options';
import { startTokenTestApp, type TokenTestApp } from './token-test-app';

/** The administrator GATEHOUSE_PLATFORM_ADMINS names in the admin test app. */
export const CONFIGURED_ADMIN = 'root';

/** The signed-in session lifetime of the admin test app. */
const SESSION_TTL_SECONDS = 3600;

@Global()
@Module({
  providers: [
    {
      provide: SESSION_OPTIONS,
      useValue: {
        secureCookies: true,
        signedInTtlSeconds: SESSION_TTL_SECONDS,
        anonymousTtlSeconds: SESSION_TTL_SECONDS,
        limits: DEFAULT_SIGN_IN_LIMITS,
      } satisfies SessionOptions,
    },
  ],
  exports: [SESSION_OPTIONS],
})
class AdminSessionOptionsModule {}

/**
 * The auth token modules with the admin API, GATEHOUSE_PLATFORM_ADMINS naming
 * `CONFIGURED_ADMIN`, on a fresh database; `adminToken` is a write token of that user.
 */
export async function startAdminTestApp(): Promise<TokenTestApp & { adminToken: string }> {
  const app = await startTokenTestApp([
    AdminModule.forRoot({ platformAdmins: [CONFIGURED_ADMIN] }),
    AdminSessionOptionsModule,
  ]);
  const root = await app.seedUser(CONFIGURED_ADMIN);
  return Object.assign(app, {
    adminToken: await app.seedPersonalToken(root.id, 'write', 'admin'),
  });
}
