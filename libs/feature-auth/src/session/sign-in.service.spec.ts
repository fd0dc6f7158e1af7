import { DEFAULT_SCRYPT_PARAMETERS } from '@gatehouse/crypto/testing';
import {
  hashPassword,
  passwordNeedsRehash,
  setPasswordHashCost,
  verifyPassword,
} from '@gatehouse/crypto';
import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import { PredictableRandom } from '@gatehouse/identity/testing';
import { KnownDevices } from './known-devices';
import { SignInAccount, SignInAccounts } from './ports/sign-in-accounts';
import { DEFAULT_SIGN_IN_LIMITS } from './session-options';
import { SignInThrottle } from './sign-in-throttle';
import {
  DISABLED_ACCOUNT_MESSAGE,
  type SignInResult,
  SignInService,
  WRONG_CREDENTIALS_MESSAGE,
} from './sign-in.service';

// Cheap scrypt parameters: the stored hash carries them, so verification is cheap too.
const FAST = { N: 2 ** 10, r: 8, p: 1 };

class InMemorySignInAccounts extends SignInAccounts {
  readonly accounts: Array<SignInAccount & { username: string; email: string }> = [];
  async findByLogin(login: string): Promise<SignInAccount | null> {
    const lower = login.toLowerCase();
    return (
      this.accounts.find((account) => account.username === lower || account.email === lower) ?? null
    );
  }
  async findById(userId: string): Promise<SignInAccount | null> {
    return this.accounts.find((account) => account.id === userId) ?? null;
  }

  async cancelDeletion(userId: string): Promise<void> {
    const account = this.accounts.find((candidate) => candidate.id === userId);
    if (account) account.deletionPending = false;
  }

  async replacePasswordHash(userId: string, previous: string, next: string): Promise<void> {
    const account = this.accounts.find((candidate) => candidate.id === userId);
    if (account?.passwordHash === previous) account.passwordHash = next;
  }
}

const LIMITS = {
  ...DEFAULT_SIGN_IN_LIMITS,
  perLoginAndAddress: 3,
  addressSlowDownAfter: 5,
  loginSlowDownAfter: 4,
  maxDelaySeconds: 30,
};

describe('SignInService', () => {
  // The process hashes at the cheap cost its accounts are stored at, so no sign-in rehashes but
  // the one that is meant to.
  beforeAll(() => setPasswordHashCost(FAST));
  afterAll(() => setPasswordHashCost(DEFAULT_SCRYPT_PARAMETERS));

  let clock: FrozenClock;
  let flow: MemoryFlowStore;
  let accounts: InMemorySignInAccounts;
  let service: SignInService;

  beforeEach(async () => {
    clock = new FrozenClock();
    flow = new MemoryFlowStore({ clock });
    accounts = new InMemorySignInAccounts();
    accounts.accounts.push(
      {
        id: 'alice-id',
        username: 'alice',
        email: 'alice@example.com',
        passwordHash: await hashPassword('correct horse', FAST),
        disabled: false,
      },
      {
        id: 'bob-id',
        username: 'bob',
        email: 'bob@example.com',
        passwordHash: await hashPassword('bob pass', FAST),
        disabled: false,
      },
      {
        id: 'carol-id',
        username: 'carol',
        email: 'carol@example.com',
        passwordHash: await hashPassword('carol pass', FAST),
        disabled: true,
      },
    );
    const throttle = new SignInThrottle(flow, clock, {
      secureCookies: false,
      signedInTtlSeconds: 3600,
      anonymousTtlSeconds: 600,
      limits: LIMITS,
    });
    service = new SignInService(
      accounts,
      throttle,
      new KnownDevices(flow, new PredictableRandom()),
    );
  });

  afterEach(() => flow.close());

  const attempt = (
    login: string,
    password: string,
    address = '198.51.100.1',
    deviceToken: string | null = null,
  ) => service.signIn({ login, password, address, deviceToken });
  const signedIn = (userId: string) => ({
    kind: 'signed_in',
    userId,
    deviceToken: expect.stringMatching(/^[A-Za-z0-9]{20,200}$/),
  });
  const deviceOf = (result: SignInResult): string =>
    result.kind === 'signed_in' ? result.deviceToken : 'none';

  it('signs in by username or e-mail, case-insensitively', async () => {
    expect(await attempt('alice', 'correct horse')).toEqual(signedIn('alice-id'));
    expect(await attempt(' Alice@Example.com ', 'correct horse')).toEqual(signedIn('alice-id'));
  });

  it('stores a hash made at another cost again at the current one, once, and only for the right password', async () => {
    const alice = accounts.accounts[0]!;
    alice.passwordHash = await hashPassword('correct horse', { ...FAST, N: 2 ** 11 });
    const earlier = alice.passwordHash;
    expect(await attempt('alice', 'wrong')).toMatchObject({ kind: 'refused' });
    expect(alice.passwordHash).toBe(earlier);
    expect(await attempt('alice', 'correct horse')).toEqual(signedIn('alice-id'));
    const current = alice.passwordHash;
    expect(current).not.toBe(earlier);
    expect(passwordNeedsRehash(current)).toBe(false);
    expect(await verifyPassword('correct horse', current)).toBe(true);
    expect(await attempt('alice', 'correct horse')).toEqual(signedIn('alice-id'));
    expect(alice.passwordHash).toBe(current);
  });

  it('leaves a password changed while the sign-in checked the earlier one', async () => {
    const alice = accounts.accounts[0]!;
    const changed = await hashPassword('changed meanwhile', FAST);
    const findByLogin = accounts.findByLogin.bind(accounts);
    accounts.findByLogin = async (login) => {
      const found = await findByLogin(login);
      const read = found && { ...found };
      alice.passwordHash = changed;
      return read;
    };
    expect(await attempt('alice', 'correct horse')).toEqual(signedIn('alice-id'));
    expect(alice.passwordHash).toBe(changed);
  });

  it('answers a wrong password and an unknown account alike', async () => {
    expect(await attempt('alice', 'wrong')).toEqual({
      kind: 'refused',
      message: WRONG_CREDENTIALS_MESSAGE,
    });
    expect(await attempt('nobody', 'wrong')).toEqual({
      kind: 'refused',
      message: WRONG_CREDENTIALS_MESSAGE,
    });
    expect(await attempt('', '')).toEqual({ kind: 'refused', message: WRONG_CREDENTIALS_MESSAGE });
  });

  it('refuses a disabled account, telling only someone who knows its password', async () => {
    expect(await attempt('carol', 'wrong')).toEqual({
      kind: 'refused',
      message: WRONG_CREDENTIALS_MESSAGE,
    });
    expect(await attempt('carol', 'carol pass')).toEqual({
      kind: 'refused',
      message: DISABLED_ACCOUNT_MESSAGE,
    });
  });

  it('throttles a login at one address after 3 failures; its owner elsewhere still signs in', async () => {
    for (let i = 0; i < 3; i++) await attempt('alice', 'x', '198.51.100.1');
    expect(await attempt('alice', 'correct horse', '198.51.100.1')).toEqual({
      kind: 'throttled',
      retryAfterSeconds: 900,
      message: 'Too many failed sign-in attempts. Try again in 15 minutes.',
    });
    expect(await attempt('alice', 'correct horse', '198.51.100.4')).toEqual(signedIn('alice-id'));
    clock.advance(900_000);
    expect(await attempt('alice', 'correct horse', '198.51.100.1')).toEqual(signedIn('alice-id'));
  });

  it('cannot be used to lock an account: a login-wide slow-down, kept alive from many addresses, never stops its owner', async () => {
    for (let bot = 1; bot <= 20; bot++) {
      expect(await attempt('alice', 'x', `192.0.2.${bot}`)).toEqual({
        kind: 'refused',
        message: WRONG_CREDENTIALS_MESSAGE,
      });
      clock.advance(30_000);
    }
    // Addresses that already failed on the login share one slow slot.
    expect(await attempt('alice', 'x', '192.0.2.1')).toEqual({
      kind: 'refused',
      message: WRONG_CREDENTIALS_MESSAGE,
    });
    expect(await attempt('alice', 'correct horse', '192.0.2.2')).toMatchObject({
      kind: 'throttled',
      retryAfterSeconds: 30,
    });
    // The owner at home, and the owner's browser anywhere.
    expect(await attempt('alice', 'correct horse', '203.0.113.5')).toEqual(signedIn('alice-id'));
  });

  it('keeps a browser that signed in before in, wherever it is and whatever was tried there', async () => {
    const device = deviceOf(await attempt('alice', 'correct horse', '203.0.113.5'));
    for (let login = 0; login < 20; login++) await attempt(`made-up-${login}`, 'x', '198.51.100.7');
    for (let i = 0; i < 3; i++) await attempt('alice', 'x', '198.51.100.7');
    expect(await attempt('alice', 'correct horse', '198.51.100.7')).toMatchObject({
      kind: 'throttled',
    });
    expect(await attempt('alice@example.com', 'correct horse', '198.51.100.7', device)).toEqual({
      kind: 'signed_in',
      userId: 'alice-id',
      deviceToken: device,
    });
  });

  it("knows a browser only to the accounts it signed in to: another account's device cookie changes nothing", async () => {
    const bobsDevice = deviceOf(await attempt('bob', 'bob pass', '203.0.113.5'));
    for (let i = 0; i < 3; i++) await attempt('alice', 'x', '198.51.100.7', bobsDevice);
    expect(await attempt('alice', 'correct horse', '198.51.100.7', bobsDevice)).toMatchObject({
      kind: 'throttled',
    });
    expect(
      await attempt('alice', 'correct horse', '198.51.100.7', 'NotIssuedByGatehouse0123456789'),
    ).toMatchObject({ kind: 'throttled' });
    const both = await attempt('alice', 'correct horse', '203.0.113.6', bobsDevice);
    expect(both).toEqual({ kind: 'signed_in', userId: 'alice-id', deviceToken: bobsDevice });
  });

  it('keys on the login typed: unknown logins throttle alike, and e-mail and username of one account count apart', async () => {
    const withCookie = 'NotIssuedByGatehouse0123456789';
    for (let i = 0; i < 3; i++) {
      await attempt('alice@example.com', 'x', '198.51.100.1', withCookie);
      await attempt('nobody@example.com', 'x', '198.51.100.2', withCookie);
    }
    const alice = await attempt('alice@example.com', 'x', '198.51.100.1', withCookie);
    const nobody = await attempt('nobody@example.com', 'x', '198.51.100.2', withCookie);
    expect(nobody).toEqual(alice);
    expect(alice.kind).toBe('throttled');
    expect(await attempt('alice', 'correct horse', '198.51.100.1')).toEqual(signedIn('alice-id'));
  });

  it('slows an address failing across accounts by seconds; a right password is then checked', async () => {
    for (const login of ['a', 'b', 'c', 'd', 'e']) await attempt(login, 'x');
    expect(await attempt('f', 'x')).toEqual({
      kind: 'refused',
      message: WRONG_CREDENTIALS_MESSAGE,
    });
    expect(await attempt('alice', 'correct horse')).toEqual({
      kind: 'throttled',
      retryAfterSeconds: 1,
      message: 'Too many failed sign-in attempts. Try again in 1 second.',
    });
    clock.advance(1000);
    expect(await attempt('alice', 'correct horse')).toEqual(signedIn('alice-id'));
    expect(await attempt('alice', 'correct horse', '198.51.100.9')).toEqual(signedIn('alice-id'));
  });

  it('counts failures only: successful sign-ins never throttle, and one clears its own login-and-address count', async () => {
    for (let i = 0; i < 10; i++)
      expect((await attempt('alice', 'correct horse')).kind).toBe('signed_in');
    await attempt('alice', 'x', '203.0.113.1');
    await attempt('alice', 'x', '203.0.113.1');
    await attempt('alice', 'correct horse', '203.0.113.1');
    await attempt('alice', 'x', '203.0.113.1');
    await attempt('alice', 'x', '203.0.113.1');
    expect((await attempt('alice', 'correct horse', '203.0.113.1')).kind).toBe('signed_in');
  });

  it('gives back its place in flight when the account store fails: retries with the right password are checked once it answers', async () => {
    const findByLogin = accounts.findByLogin.bind(accounts);
    accounts.findByLogin = async () => {
      throw new Error('the database did not answer');
    };
    for (let outage = 0; outage < LIMITS.perLoginAndAddress * 2; outage++) {
      await expect(attempt('alice', 'correct horse')).rejects.toThrow(
        'the database did not answer',
      );
    }
    accounts.findByLogin = findByLogin;
    expect(await attempt('alice', 'correct horse')).toEqual(signedIn('alice-id'));
  });

  it('keeps the device token a browser already has, and gives one to a browser without', async () => {
    const first = await attempt('alice', 'correct horse');
    expect(deviceOf(first)).toMatch(/^T{30}\d{10}$/);
    expect(deviceOf(await attempt('bob', 'bob pass', '198.51.100.1', deviceOf(first)))).toBe(
      deviceOf(first),
    );
  });

  it('calls off the deletion of an account its owner asked to delete, once, on a successful sign-in', async () => {
    accounts.accounts[0]!.deletionPending = true;
    expect((await attempt('alice', 'wrong')).kind).toBe('refused');
    expect(accounts.accounts[0]!.deletionPending).toBe(true);

    expect(await attempt('alice', 'correct horse')).toEqual({
      ...signedIn('alice-id'),
      deletionCancelled: true,
    });
    expect(accounts.accounts[0]!.deletionPending).toBe(false);
    expect(await attempt('alice', 'correct horse')).toEqual(signedIn('alice-id'));
  });
});
