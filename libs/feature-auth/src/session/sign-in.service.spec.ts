import { hashPassword } from '@gatehouse/crypto';
import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import { SignInAccount, SignInAccounts } from './ports/sign-in-accounts';
import { SignInThrottle } from './sign-in-throttle';
import { DISABLED_ACCOUNT_MESSAGE, SignInService, WRONG_CREDENTIALS_MESSAGE } from './sign-in.service';

// Cheap scrypt parameters: the stored hash carries them, so verification is cheap too.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

class InMemorySignInAccounts extends SignInAccounts {
  readonly accounts: Array<SignInAccount & { username: string; email: string }> = [];
  async findByLogin(login: string): Promise<SignInAccount | null> {
    const lower = login.toLowerCase();
    return this.accounts.find((account) => account.username === lower || account.email === lower) ?? null;
  }
}

describe('SignInService', () => {
  let clock: FrozenClock;
  let flow: MemoryFlowStore;
  let accounts: InMemorySignInAccounts;
  let service: SignInService;

  beforeEach(async () => {
    clock = new FrozenClock();
    flow = new MemoryFlowStore({ clock });
    accounts = new InMemorySignInAccounts();
    accounts.accounts.push(
      { id: 'alice-id', username: 'alice', email: 'alice@example.com', passwordHash: await hashPassword('correct horse', FAST), disabled: false },
      { id: 'carol-id', username: 'carol', email: 'carol@example.com', passwordHash: await hashPassword('carol pass', FAST), disabled: true },
    );
    const throttle = new SignInThrottle(flow, {
      secureCookies: false,
      signedInTtlSeconds: 3600,
      anonymousTtlSeconds: 600,
      limits: { perLoginAndAddress: 3, perAddress: 5, windowSeconds: 900, slowDownAfter: 4, maxDelaySeconds: 30 },
    });
    service = new SignInService(accounts, throttle);
  });

  afterEach(() => flow.close());

  const attempt = (login: string, password: string, address = '198.51.100.1') => service.signIn({ login, password, address });

  it('signs in by username or e-mail, case-insensitively', async () => {
    expect(await attempt('alice', 'correct horse')).toEqual({ kind: 'signed_in', userId: 'alice-id' });
    expect(await attempt(' Alice@Example.com ', 'correct horse')).toEqual({ kind: 'signed_in', userId: 'alice-id' });
  });

  it('answers a wrong password and an unknown account alike', async () => {
    expect(await attempt('alice', 'wrong')).toEqual({ kind: 'refused', message: WRONG_CREDENTIALS_MESSAGE });
    expect(await attempt('nobody', 'wrong')).toEqual({ kind: 'refused', message: WRONG_CREDENTIALS_MESSAGE });
    expect(await attempt('', '')).toEqual({ kind: 'refused', message: WRONG_CREDENTIALS_MESSAGE });
  });

  it('refuses a disabled account, telling only someone who knows its password', async () => {
    expect(await attempt('carol', 'wrong')).toEqual({ kind: 'refused', message: WRONG_CREDENTIALS_MESSAGE });
    expect(await attempt('carol', 'carol pass')).toEqual({ kind: 'refused', message: DISABLED_ACCOUNT_MESSAGE });
  });

  it('throttles a login at one address after 3 failures; its owner elsewhere still signs in', async () => {
    for (let i = 0; i < 3; i++) await attempt('alice', 'x', '198.51.100.1');
    expect(await attempt('alice', 'correct horse', '198.51.100.1')).toEqual({
      kind: 'throttled',
      retryAfterSeconds: 900,
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
    expect(await attempt('alice', 'correct horse', '198.51.100.4')).toEqual({ kind: 'signed_in', userId: 'alice-id' });
    clock.advance(900_000);
    expect(await attempt('alice', 'correct horse', '198.51.100.1')).toEqual({ kind: 'signed_in', userId: 'alice-id' });
  });

  it('cannot be used to lock an account: failures from many addresses slow the login down, doubling up to a cap', async () => {
    for (let i = 1; i <= 4; i++) expect((await attempt('alice', 'x', `192.0.2.${i}`)).kind).toBe('refused');
    expect((await attempt('alice', 'x', '192.0.2.5')).kind).toBe('refused');
    expect(await attempt('alice', 'correct horse', '192.0.2.99')).toMatchObject({ kind: 'throttled', retryAfterSeconds: 1 });
    clock.advance(1000);
    expect((await attempt('alice', 'x', '192.0.2.6')).kind).toBe('refused');
    expect(await attempt('alice', 'x', '192.0.2.7')).toMatchObject({ kind: 'throttled', retryAfterSeconds: 2 });
    for (let i = 8; i < 20; i++) {
      clock.advance(60_000);
      await attempt('alice', 'x', `192.0.2.${i}`);
    }
    expect(await attempt('alice', 'x', '192.0.2.50')).toMatchObject({ kind: 'throttled', retryAfterSeconds: 30 });
    clock.advance(30_000);
    expect(await attempt('alice', 'correct horse', '192.0.2.99')).toEqual({ kind: 'signed_in', userId: 'alice-id' });
  });

  it('keys on the login typed: unknown logins throttle alike, and e-mail and username of one account count apart', async () => {
    for (let i = 0; i < 3; i++) {
      await attempt('alice@example.com', 'x', '198.51.100.1');
      await attempt('nobody@example.com', 'x', '198.51.100.2');
    }
    const alice = await attempt('alice@example.com', 'x', '198.51.100.1');
    const nobody = await attempt('nobody@example.com', 'x', '198.51.100.2');
    expect(nobody).toEqual(alice);
    expect(alice.kind).toBe('throttled');
    expect(await attempt('alice', 'correct horse', '198.51.100.1')).toEqual({ kind: 'signed_in', userId: 'alice-id' });
  });

  it('throttles an address after 5 failures across accounts', async () => {
    for (const login of ['a', 'b', 'c', 'd', 'e']) await attempt(login, 'x');
    clock.advance(899_500);
    expect(await attempt('alice', 'correct horse')).toEqual({ kind: 'throttled', retryAfterSeconds: 1, message: 'Too many failed sign-in attempts. Try again in 1 second.' });
    expect(await attempt('alice', 'correct horse', '198.51.100.9')).toEqual({ kind: 'signed_in', userId: 'alice-id' });
  });

  it('counts failures only: successful sign-ins never throttle, and one clears the account count', async () => {
    for (let i = 0; i < 10; i++) expect((await attempt('alice', 'correct horse')).kind).toBe('signed_in');
    await attempt('alice', 'x', '203.0.113.1');
    await attempt('alice', 'x', '203.0.113.1');
    await attempt('alice', 'correct horse', '203.0.113.1');
    await attempt('alice', 'x', '203.0.113.1');
    await attempt('alice', 'x', '203.0.113.1');
    expect((await attempt('alice', 'correct horse', '203.0.113.1')).kind).toBe('signed_in');
  });
});
