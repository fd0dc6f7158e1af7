import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import { DEFAULT_SIGN_IN_LIMITS, type SignInLimits } from './session-options';
import { type KnownDevice, type SignInAdmission, SignInThrottle } from './sign-in-throttle';

const LIMITS: SignInLimits = { ...DEFAULT_SIGN_IN_LIMITS, inFlightPerAddress: 8 };
const ALICE_PHONE: KnownDevice = { userId: 'alice-id', deviceHash: 'phone' };

type Outcome = 'admitted' | { retryAfterSeconds: number };

describe('SignInThrottle', () => {
  let clock: FrozenClock;
  let flow: MemoryFlowStore;
  let throttle: SignInThrottle;

  beforeEach(() => {
    clock = new FrozenClock();
    flow = new MemoryFlowStore({ clock });
    throttle = new SignInThrottle(flow, clock, {
      secureCookies: false,
      signedInTtlSeconds: 3600,
      anonymousTtlSeconds: 600,
      limits: LIMITS,
    });
  });

  afterEach(() => flow.close());

  const outcome = (admission: SignInAdmission): Outcome =>
    admission.admitted ? 'admitted' : { retryAfterSeconds: admission.retryAfterSeconds };

  /** One attempt checked to the end: `right` says whether the password was. */
  async function attempt(
    login: string,
    address: string,
    right: boolean,
    knownDevice: KnownDevice | null = null,
  ): Promise<Outcome> {
    const admission = await throttle.admit({ login, address, knownDevice });
    if (admission.admitted)
      await (right ? throttle.succeeded(admission.pass) : throttle.failed(admission.pass));
    return outcome(admission);
  }

  describe('one login attacked from many addresses (the slow-down lockout)', () => {
    async function keepAttacking(): Promise<void> {
      // Past the login-wide threshold, then about two wrong tries a minute, each from an address
      // that has not failed on the login yet, as a botnet can.
      for (let bot = 1; bot <= LIMITS.loginSlowDownAfter + 5; bot++)
        await attempt('alice', `192.0.2.${bot}`, false);
      for (let minute = 0; minute < 10; minute++) {
        clock.advance(30_000);
        expect(await attempt('alice', `198.51.100.${minute + 1}`, false)).toBe('admitted');
        clock.advance(30_000);
        expect(await attempt('alice', `198.51.100.${minute + 101}`, false)).toBe('admitted');
      }
    }

    it("never refuses the owner's right password from an address with no failures on the login", async () => {
      await keepAttacking();
      expect(await attempt('alice', '203.0.113.50', true)).toBe('admitted');
      expect(await attempt('alice', '203.0.113.51', true)).toBe('admitted');
    });

    it('never refuses a known device, even at an address that failed on the login', async () => {
      await attempt('alice', '203.0.113.60', false);
      await keepAttacking();
      expect(await attempt('alice', '203.0.113.60', true, ALICE_PHONE)).toBe('admitted');
    });

    it('paces the addresses that failed on the login: one shared attempt per interval, doubling to the cap', async () => {
      await keepAttacking();
      expect(await attempt('alice', '192.0.2.1', false)).toBe('admitted');
      const paced = await attempt('alice', '192.0.2.2', false);
      expect(paced).toEqual({ retryAfterSeconds: LIMITS.maxDelaySeconds });
      expect(await attempt('alice', '192.0.2.1', true)).toEqual({
        retryAfterSeconds: LIMITS.maxDelaySeconds,
      });
      clock.advance(LIMITS.maxDelaySeconds * 1000);
      expect(await attempt('alice', '192.0.2.2', true)).toBe('admitted');
    });

    it('starts pacing at one second after the threshold and doubles with each failure', async () => {
      for (let bot = 1; bot <= LIMITS.loginSlowDownAfter; bot++)
        await attempt('alice', `192.0.2.${bot}`, false);
      expect(await attempt('alice', '192.0.2.1', false)).toBe('admitted');
      expect(await attempt('alice', '192.0.2.2', false)).toEqual({ retryAfterSeconds: 1 });
      clock.advance(1000);
      expect(await attempt('alice', '192.0.2.2', false)).toBe('admitted');
      expect(await attempt('alice', '192.0.2.3', false)).toEqual({ retryAfterSeconds: 2 });
    });

    it('gives attempts sent at once from failed addresses one slot', async () => {
      for (let bot = 1; bot <= LIMITS.loginSlowDownAfter + 3; bot++)
        await attempt('alice', `192.0.2.${bot}`, false);
      const admissions = await Promise.all(
        Array.from({ length: 10 }, (_, bot) =>
          throttle.admit({ login: 'alice', address: `192.0.2.${bot + 1}`, knownDevice: null }),
        ),
      );
      expect(admissions.filter((admission) => admission.admitted)).toHaveLength(1);
    });
  });

  describe('one address failing on made-up logins (the shared-address lockout)', () => {
    /** `count` wrong passwords for made-up logins, each as soon as the throttle lets it through. */
    async function spray(address: string, count: number): Promise<void> {
      for (let login = 0; login < count;) {
        const tried = await attempt(`made-up-${login}@example.com`, address, false);
        if (tried === 'admitted') login++;
        else clock.advance(tried.retryAfterSeconds * 1000);
      }
    }

    it('lets a known device behind that address in at once', async () => {
      await spray('198.51.100.1', 30);
      expect(await attempt('alice', '198.51.100.1', true, ALICE_PHONE)).toBe('admitted');
    });

    it('makes a new browser behind it wait seconds, not the rest of the window, and then checks its password', async () => {
      await spray('198.51.100.1', LIMITS.addressSlowDownAfter);
      expect(await attempt('made-up-x', '198.51.100.1', false)).toBe('admitted');
      const waited = await attempt('alice', '198.51.100.1', true);
      expect(waited).toEqual({ retryAfterSeconds: 1 });
      clock.advance(1000);
      expect(await attempt('alice', '198.51.100.1', true)).toBe('admitted');
    });

    it('grows the wait with each further failure, up to the cap, and turns wrong tries away meanwhile', async () => {
      await spray('198.51.100.1', 30);
      const waits: Outcome[] = [];
      for (let round = 0; round < 8; round++) {
        clock.advance(LIMITS.maxDelaySeconds * 1000);
        waits.push(await attempt(`made-up-round-${round}`, '198.51.100.1', false));
      }
      expect(waits).toEqual(Array.from({ length: 8 }, () => 'admitted'));
      expect(await attempt('made-up-again', '198.51.100.1', false)).toEqual({
        retryAfterSeconds: LIMITS.maxDelaySeconds,
      });
      const wait = await attempt('alice', '198.51.100.1', true);
      expect(wait).toEqual({ retryAfterSeconds: LIMITS.maxDelaySeconds });
      clock.advance(LIMITS.maxDelaySeconds * 1000);
      expect(await attempt('alice', '198.51.100.1', true)).toBe('admitted');
    });

    it('counts an IPv6 client by its /64', async () => {
      for (let login = 0; login < LIMITS.addressSlowDownAfter + 1; login++)
        expect(await attempt(`made-up-${login}`, `2001:db8:5:6::${login + 1}`, false)).toBe(
          'admitted',
        );
      expect(await attempt('alice', '2001:db8:5:6:ffff::1', true)).toEqual({
        retryAfterSeconds: 1,
      });
      expect(await attempt('alice', '2001:db8:5:7::1', true)).toBe('admitted');
    });

    it('checks at most inFlightPerAddress attempts of one address at once', async () => {
      const admissions = await Promise.all(
        Array.from({ length: 20 }, (_, login) =>
          throttle.admit({ login: `user-${login}`, address: '198.51.100.9', knownDevice: null }),
        ),
      );
      expect(admissions.filter((admission) => admission.admitted)).toHaveLength(
        LIMITS.inFlightPerAddress,
      );
      expect(admissions.find((admission) => !admission.admitted)).toEqual({
        admitted: false,
        retryAfterSeconds: 1,
      });
      for (const admission of admissions)
        if (admission.admitted) await throttle.succeeded(admission.pass);
      expect(await attempt('user-x', '198.51.100.9', true)).toBe('admitted');
    });
  });

  describe('one login from one address', () => {
    it('stops that address for that login after perLoginAndAddress wrong passwords, until the window ends', async () => {
      for (let guess = 0; guess < LIMITS.perLoginAndAddress; guess++)
        expect(await attempt('alice', '198.51.100.1', false)).toBe('admitted');
      expect(await attempt('alice', '198.51.100.1', true)).toEqual({
        retryAfterSeconds: LIMITS.windowSeconds,
      });
      expect(await attempt('alice', '198.51.100.2', true)).toBe('admitted');
      expect(await attempt('bob', '198.51.100.1', true)).toBe('admitted');
      clock.advance(LIMITS.windowSeconds * 1000);
      expect(await attempt('alice', '198.51.100.1', true)).toBe('admitted');
    });

    it('holds against guesses sent all at once', async () => {
      const admissions = await Promise.all(
        Array.from({ length: 20 }, () =>
          throttle.admit({ login: 'alice', address: '198.51.100.1', knownDevice: null }),
        ),
      );
      expect(admissions.filter((admission) => admission.admitted)).toHaveLength(
        LIMITS.perLoginAndAddress,
      );
    });

    it('forgets its own failures on a right password, never the address or login counts', async () => {
      for (let guess = 0; guess < LIMITS.perLoginAndAddress - 1; guess++)
        await attempt('alice', '198.51.100.1', false);
      expect(await attempt('alice', '198.51.100.1', true)).toBe('admitted');
      for (let guess = 0; guess < LIMITS.perLoginAndAddress; guess++)
        expect(await attempt('alice', '198.51.100.1', false)).toBe('admitted');
      expect(await attempt('alice', '198.51.100.1', true)).toEqual({
        retryAfterSeconds: LIMITS.windowSeconds,
      });
    });

    it('keys on the login typed: e-mail and username count apart, whatever account they name', async () => {
      for (let guess = 0; guess < LIMITS.perLoginAndAddress; guess++)
        await attempt('alice@example.com', '198.51.100.1', false);
      expect(await attempt(' ALICE@example.com ', '198.51.100.1', true)).toEqual({
        retryAfterSeconds: LIMITS.windowSeconds,
      });
      expect(await attempt('alice', '198.51.100.1', true)).toBe('admitted');
    });
  });

  describe('a known device', () => {
    it('is not held by its address and login counts', async () => {
      for (let guess = 0; guess < LIMITS.perLoginAndAddress; guess++)
        await attempt('alice', '198.51.100.1', false);
      for (let login = 0; login < 40; login++)
        await attempt(`made-up-${login}`, '198.51.100.1', false);
      expect(await attempt('alice', '198.51.100.1', true, ALICE_PHONE)).toBe('admitted');
    });

    it('counts as unknown for the rest of the window after perKnownDevice wrong passwords', async () => {
      for (let guess = 0; guess < LIMITS.perKnownDevice; guess++)
        expect(await attempt('alice', '198.51.100.1', false, ALICE_PHONE)).toBe('admitted');
      // Now it is an unknown browser at an address with no failures of its own on the login.
      for (let guess = 0; guess < LIMITS.perLoginAndAddress; guess++)
        expect(await attempt('alice', '198.51.100.1', false, ALICE_PHONE)).toBe('admitted');
      expect(await attempt('alice', '198.51.100.1', true, ALICE_PHONE)).toEqual({
        retryAfterSeconds: LIMITS.windowSeconds,
      });
      expect(
        await attempt('alice', '198.51.100.1', true, { ...ALICE_PHONE, deviceHash: 'laptop' }),
      ).toBe('admitted');
    });

    it('holds against guesses sent all at once from it', async () => {
      const admissions = await Promise.all(
        Array.from({ length: 30 }, () =>
          throttle.admit({ login: 'alice', address: '198.51.100.1', knownDevice: ALICE_PHONE }),
        ),
      );
      expect(admissions.filter((admission) => admission.admitted)).toHaveLength(
        LIMITS.perKnownDevice + LIMITS.perLoginAndAddress,
      );
    });
  });
});
