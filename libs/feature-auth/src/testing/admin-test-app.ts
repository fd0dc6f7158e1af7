import { AdminModule } from '../admin/admin.module';
import { startTokenTestApp, type TokenTestApp } from './token-test-app';

/** The administrator GATEHOUSE_PLATFORM_ADMINS names in the admin test app. */
export const CONFIGURED_ADMIN = 'root';

/** The signed-in session lifetime of the admin test app. */
const SESSION_TTL_SECONDS = 3600;

/**
 * The auth token modules with the admin API, GATEHOUSE_PLATFORM_ADMINS naming
 * `CONFIGURED_ADMIN`, on a fresh database; `adminToken` is a write token of that user.
 */
export async function startAdminTestApp(): Promise<TokenTestApp & { adminToken: string }> {
  const app = await startTokenTestApp([
    AdminModule.forRoot({
      platformAdmins: [CONFIGURED_ADMIN],
      signedInSessionTtlSeconds: SESSION_TTL_SECONDS,
    }),
  ]);
  const root = await app.seedUser(CONFIGURED_ADMIN);
  return Object.assign(app, {
    adminToken: await app.seedPersonalToken(root.id, 'write', 'admin'),
  });
}
