import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import { type Clock, rateLimitKeyOf } from '@gatehouse/domain';
import {
  FailureCounter,
  FlowStore,
  InFlightCounter,
  type InFlightTicket,
} from '@gatehouse/flow-state';
import { CLOCK, FLOW_STORE } from '@gatehouse/platform';
import { SESSION_OPTIONS, SessionOptions, SignInLimits } from './session-options';

/** A browser that signed in to the account the login names before (KnownDevices). */
export interface KnownDevice {
  userId: string;
  /** Hash of the browser's device token. */
  deviceHash: string;
}

export interface SignInAttempt {
  /** The login as typed (username or e-mail address), whether or not an account has it. */
  login: string;
  /** The exact client address (clientAddressOf); counted by its rateLimitKeyOf. */
  address: string;
  /** Set only when the browser's device cookie is recorded for the account the login names. */
  knownDevice: KnownDevice | null;
}

/** What an admitted attempt counted, to be settled once the password has been checked. */
export interface SignInPass {
  readonly failureKeys: readonly string[];
  /** Cleared by a right password: the browser's or address's own failures on this login. */
  readonly clearedOnSuccess: string;
  readonly inFlight: readonly InFlightTicket[];
}

export type SignInAdmission =
  { admitted: true; pass: SignInPass } | { admitted: false; retryAfterSeconds: number };

/**
 * Decides, BEFORE the password is hashed, whether a sign-in attempt is checked at all, so that
 * scrypt only runs for attempts the limits allow and nobody can make Gatehouse hash at will;
 * and keyed so that no limit can be aimed at someone else's right password
 * (docs/security.md "Anyone locking any account…").
 *
 * A known device (a browser whose device cookie is recorded for the account the login names,
 * KnownDevices) is counted on its own: after `perKnownDevice` wrong passwords in the window it is
 * treated as unknown until the window ends. Nothing else applies to it, so neither failures from
 * anywhere on the login nor failures at its address stop its owner.
 *
 * An unknown device is counted on three keys, none of which an attacker can point at someone else:
 * - login + address: after `perLoginAndAddress` wrong passwords that address waits for the
 *   window's end for that login (a hard stop it can only bring on itself, or its own network);
 * - address, across logins: after `addressSlowDownAfter` wrong passwords, the address's next
 *   attempts are paced, one per 1, 2, 4 … up to `maxDelaySeconds` seconds, growing with each
 *   failure. A right password cannot be told from a wrong one without the hash this limit
 *   rations, so from an unknown browser it waits like any attempt, at most that long, never a
 *   quarter of an hour; known browsers skip the pacing. At most `inFlightPerAddress` of its
 *   attempts are checked at once;
 * - login, across addresses: after `loginSlowDownAfter` wrong passwords, attempts on the login
 *   from addresses that have failed on it share one paced slot. An address with no failure on
 *   the login, and every known device, pass by: a botnet keeps the slow-down alive, but it slows
 *   the botnet, not the owner.
 * Pacing is an atomic slot (`putIfAbsent` with the interval as its TTL), so parallel attempts get
 * one check per interval; attempts still being checked count towards the login-and-address limit
 * and the in-flight cap (InFlightCounter), so limits hold against attempts sent all at once,
 * before any has failed. An attempt turned away is neither checked nor counted.
 *
 * The hashing this allows, per window: per address, `addressSlowDownAfter` wrong passwords plus
 * at most `inFlightPerAddress` at once, then one per `maxDelaySeconds`; per login under attack,
 * one per fresh address plus one per `maxDelaySeconds`; per known device, `perKnownDevice`. So
 * the cost of guessing grows with the number of addresses an attacker holds, never with how
 * fast it sends, and a /64 of IPv6 is one address (rateLimitKeyOf). Right passwords are hashed
 * whenever they are allowed, and successes never count, so an office behind one address signing
 * in all day never throttles itself.
 *
 * Keys hold a hash of the login typed, never the account: an unknown device's answer is the same
 * for a login that exists and one that does not, and the e-mail and username of one account count
 * apart, so the throttle says nothing about which accounts exist. A right password clears only
 * its own login-and-address (or device) count; the login's and the address's counts stay, so one
 * valid password never buys an attacker new guesses.
 */
@Injectable()
export class SignInThrottle {
  private readonly failures: FailureCounter;
  private readonly inFlight: InFlightCounter;

  constructor(
    @Inject(FLOW_STORE) private readonly store: FlowStore,
    @Inject(CLOCK) clock: Clock,
    @Inject(SESSION_OPTIONS) private readonly options: SessionOptions,
  ) {
    this.failures = new FailureCounter(store, 'sign-in-failures:');
    this.inFlight = new InFlightCounter(store, 'sign-in-checks:', clock);
  }

  async admit(attempt: SignInAttempt): Promise<SignInAdmission> {
    if (attempt.knownDevice) {
      const known = await this.admitKnownDevice(attempt.knownDevice);
      if (known) return { admitted: true, pass: known };
    }
    return this.admitUnknownDevice(attempt);
  }

  /** The password was wrong (or the login names no account). */
  async failed(pass: SignInPass): Promise<void> {
    const windowMs = this.limits.windowSeconds * 1000;
    await Promise.all([
      ...pass.failureKeys.map((key) => this.failures.record(key, windowMs)),
      ...pass.inFlight.map((ticket) => this.inFlight.end(ticket)),
    ]);
  }

  /**
   * The check could not finish (the database did not answer): nothing is counted, and the attempt
   * no longer holds its place among those in flight, or a store outage would leave the login and
   * address looking busy and turn away the retries of people with the right password.
   */
  async abandoned(pass: SignInPass): Promise<void> {
    await Promise.all(pass.inFlight.map((ticket) => this.inFlight.end(ticket)));
  }

  /** The password was right. */
  async succeeded(pass: SignInPass): Promise<void> {
    await Promise.all([
      this.failures.clear(pass.clearedOnSuccess),
      ...pass.inFlight.map((ticket) => this.inFlight.end(ticket)),
    ]);
  }

  private get limits(): SignInLimits {
    return this.options.limits;
  }

  private async admitKnownDevice(device: KnownDevice): Promise<SignInPass | null> {
    const key = `device:${device.userId}:${device.deviceHash}`;
    const [started, failures] = await Promise.all([
      this.inFlight.start(key),
      this.failures.count(key),
    ]);
    if (failures + started.before < this.limits.perKnownDevice)
      return { failureKeys: [key], clearedOnSuccess: key, inFlight: [started.ticket] };
    await this.inFlight.end(started.ticket);
    return null;
  }

  private async admitUnknownDevice(attempt: SignInAttempt): Promise<SignInAdmission> {
    const login = hashToken(attempt.login.trim().toLowerCase());
    const address = rateLimitKeyOf(attempt.address);
    const keys = {
      loginAndAddress: `login-address:${login}:${address}`,
      address: `address:${address}`,
      login: `login:${login}`,
    };
    const [pairStarted, addressStarted, pairFailures, addressFailures, loginFailures] =
      await Promise.all([
        this.inFlight.start(keys.loginAndAddress),
        this.inFlight.start(keys.address),
        this.failures.count(keys.loginAndAddress),
        this.failures.count(keys.address),
        this.failures.count(keys.login),
      ]);
    const pass: SignInPass = {
      failureKeys: [keys.loginAndAddress, keys.address, keys.login],
      clearedOnSuccess: keys.loginAndAddress,
      inFlight: [pairStarted.ticket, addressStarted.ticket],
    };
    const pairTried = pairFailures + pairStarted.before;
    const wait = await this.waitSeconds([
      async () =>
        pairTried >= this.limits.perLoginAndAddress
          ? this.secondsLeft(keys.loginAndAddress, pairFailures)
          : null,
      async () => (addressStarted.before >= this.limits.inFlightPerAddress ? 1 : null),
      async () =>
        loginFailures >= this.limits.loginSlowDownAfter && pairTried >= 1
          ? this.pace(`login:${login}`, loginFailures - this.limits.loginSlowDownAfter)
          : null,
      async () =>
        addressFailures >= this.limits.addressSlowDownAfter
          ? this.pace(`address:${address}`, addressFailures - this.limits.addressSlowDownAfter)
          : null,
    ]);
    if (wait === null) return { admitted: true, pass };
    await Promise.all(pass.inFlight.map((ticket) => this.inFlight.end(ticket)));
    return { admitted: false, retryAfterSeconds: wait };
  }

  /** The first rule that turns the attempt away, in order; later rules (which may take a paced slot) are not asked. */
  private async waitSeconds(
    rules: ReadonlyArray<() => Promise<number | null>>,
  ): Promise<number | null> {
    for (const rule of rules) {
      const wait = await rule();
      if (wait !== null) return wait;
    }
    return null;
  }

  private async secondsLeft(key: string, failures: number): Promise<number> {
    // Only attempts in flight reached the limit: they end within seconds.
    if (failures < this.limits.perLoginAndAddress) return 1;
    return toSeconds(await this.failures.resetMs(key, this.limits.windowSeconds * 1000));
  }

  /** Takes the paced slot of `subject`, or answers how long until it frees. */
  private async pace(subject: string, failuresOver: number): Promise<number | null> {
    const intervalSeconds = Math.min(this.limits.maxDelaySeconds, 2 ** Math.min(failuresOver, 30));
    const slot = `sign-in-slot:${subject}`;
    if (await this.store.putIfAbsent(slot, '1', intervalSeconds * 1000)) return null;
    return toSeconds((await this.store.ttl(slot)) ?? 1000);
  }
}

function toSeconds(ms: number): number {
  return Math.max(1, Math.ceil(ms / 1000));
}
