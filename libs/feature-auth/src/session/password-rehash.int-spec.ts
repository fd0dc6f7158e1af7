import { hashPassword, passwordNeedsRehash, verifyPassword } from '@gatehouse/crypto';
import { UserEntity } from '@gatehouse/persistence';
import { randomInt } from 'node:crypto';
import { AuthModule } from '../auth.module';
import { CookieBrowser } from '../testing/cookie-browser';
import { startTokenTestApp, TEST_PUBLIC_URL, type TokenTestApp } from '../testing/token-test-app';

const PASSWORD = 'correct horse battery staple';
const EARLIER_DEFAULT = { N: 2 ** 15, r: 8, p: 1 };

describe('a password stored at an earlier scrypt cost', () => {
  let app: TokenTestApp;

  beforeAll(async () => {
    app = await startTokenTestApp([
      AuthModule.forRoot({
        publicUrl: TEST_PUBLIC_URL,
        authorizationCodeTtlSeconds: 60,
        signInSessionTtlSeconds: 3600,
        allowLoopbackTargets: false,
      }),
    ]);
  });

  afterAll(async () => {
    await app?.close();
  });

  const storedHashOf = async (user: UserEntity) =>
    (await app.dataSource.manager.findOneByOrFail(UserEntity, { id: user.id })).passwordHash;

  it('signs in, and is stored again at the current cost; a wrong password leaves it', async () => {
    const earlier = await hashPassword(PASSWORD, EARLIER_DEFAULT);
    const ada = await app.seedUser(`ada${randomInt(1e9)}`, { passwordHash: earlier });

    await expect(
      new CookieBrowser(app.url, '198.51.100.7').signIn(ada.username, 'not the password'),
    ).rejects.toThrow('sign-in answered 401');
    expect(await storedHashOf(ada)).toBe(earlier);

    await new CookieBrowser(app.url, '198.51.100.8').signIn(ada.username, PASSWORD);
    const current = await storedHashOf(ada);
    expect(current).not.toBe(earlier);
    expect(passwordNeedsRehash(current)).toBe(false);
    expect(await verifyPassword(PASSWORD, current)).toBe(true);

    await new CookieBrowser(app.url, '198.51.100.9').signIn(ada.username, PASSWORD);
    expect(await storedHashOf(ada)).toBe(current);
  });
});
