import { Inject, Injectable } from '@nestjs/common';
import { hashPassword } from '@gatehouse/crypto';
import {
  type AccountRuleViolation,
  type Clock,
  emailViolation,
  normalizedEmail,
  passwordViolation,
  usernameViolation,
} from '@gatehouse/domain';
import { RandomSource, TransactionRunner } from '@gatehouse/identity';
import { CLOCK } from '@gatehouse/platform';
import { AccountLinks } from './account-links';
import { AccountMailRequests } from './account-mail-requests';
import { AccountRequestThrottle } from './account-request-throttle';
import { ACCOUNTS_OPTIONS, type AccountsOptions, LINK_TTL_MS } from './accounts-options';
import { OwnAccountRepository } from './ports/own-account.repository';

export interface SignUpForm {
  username: string;
  email: string;
  password: string;
  /** The invitation link's secret, when sign-up is by invitation. */
  invitation: string | null;
  address: string;
}

export type SignUpResult =
  | { kind: 'sent'; email: string }
  | { kind: 'closed' }
  | { kind: 'invitation_invalid' }
  | { kind: 'invalid'; violation: AccountRuleViolation }
  | { kind: 'throttled'; retryAfterSeconds: number };

export type ConfirmEmailResult =
  { kind: 'confirmed'; userId: string } | { kind: 'invalid_link' } | { kind: 'email_taken' };

import { SecurityNotices } from '../security-notices/security-notices';
/**
 * Sign-up (GATEHOUSE_SIGNUP), address confirmation and invitations. The answer to a sign-up form
 * that passes the rules is always "we sent a link to <address>", whatever exists: a new account
 * gets its confirmation link; an address already in use gets a message saying so (sign in or
 * reset instead), and a username already taken a message asking for another, both sent to the
 * address typed, so only its owner learns what exists (docs/security.md "Accounts").
 */
@Injectable()
export class SignUpService {
  constructor(
    private readonly accounts: OwnAccountRepository,
    private readonly links: AccountLinks,
    private readonly mails: AccountMailRequests,
    private readonly throttle: AccountRequestThrottle,
    private readonly runner: TransactionRunner,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(ACCOUNTS_OPTIONS) private readonly options: AccountsOptions,
    private readonly notices: SecurityNotices,
  ) {}

  get mode(): AccountsOptions['signUp'] {
    return this.options.signUp;
  }

  /** Whether the sign-up form may be shown for this invitation (or without one). */
  async mayShowForm(invitation: unknown): Promise<boolean> {
    if (this.options.signUp === 'closed') return false;
    if (this.options.signUp === 'open') return true;
    return (await this.links.find(invitation, 'invitation')) !== null;
  }

  async signUp(form: SignUpForm): Promise<SignUpResult> {
    if (this.options.signUp === 'closed') return { kind: 'closed' };
    const username = form.username.trim();
    const email = form.email.trim();
    const violation =
      usernameViolation(username) ??
      emailViolation(email) ??
      passwordViolation(form.password, { username, email });
    if (violation) return { kind: 'invalid', violation };
    const wait = await this.throttle.admit('sign-up', form.address, normalizedEmail(email));
    if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
    if (this.options.signUp === 'invite') {
      const invitation = await this.links.find(form.invitation, 'invitation');
      if (
        !invitation ||
        (invitation.email !== null && normalizedEmail(invitation.email) !== normalizedEmail(email))
      )
        return { kind: 'invitation_invalid' };
    }
    // Hashed whatever exists, so the time taken tells nothing either.
    const passwordHash = await hashPassword(form.password);
    const taken = await this.accounts.taken(username, email);
    const outcome = await this.runner.run(async (tx) => {
      if (taken.email) {
        await this.mails.request(tx, {
          template: 'account_exists',
          userId: null,
          username: null,
          to: email,
        });
        return 'sent' as const;
      }
      if (
        this.options.signUp === 'invite' &&
        !(await this.links.redeem(tx, form.invitation, 'invitation'))
      )
        return 'invitation_invalid' as const;
      const id = this.random.id(this.clock.now());
      if (
        taken.username ||
        !(await this.accounts.create(tx, { id, username, email, passwordHash }))
      ) {
        await this.mails.request(tx, {
          template: 'username_taken',
          userId: null,
          username,
          to: email,
        });
        return 'sent' as const;
      }
      const token = await this.links.create(tx, 'confirm_email', id, email);
      await this.mails.request(tx, {
        template: 'confirm_email',
        userId: id,
        username,
        to: email,
        token,
      });
      return 'sent' as const;
    });
    return outcome === 'sent' ? { kind: 'sent', email } : { kind: 'invitation_invalid' };
  }

  /** Whether `token` is a live confirmation link (the page shows its button). */
  async confirmationIsLive(token: unknown): Promise<boolean> {
    return (await this.links.find(token, 'confirm_email')) !== null;
  }

  /**
   * Confirms the address of the link, which becomes the account's: a new account's own, or the new
   * address of a change, in which case the old address is told.
   */
  async confirmEmail(
    token: unknown,
    address: string,
  ): Promise<ConfirmEmailResult | { kind: 'throttled'; retryAfterSeconds: number }> {
    const wait = await this.throttle.admit('confirm', address, 'confirm');
    if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
    return this.runner.run(async (tx): Promise<ConfirmEmailResult> => {
      const link = await this.links.redeem(tx, token, 'confirm_email');
      if (!link?.userId || !link.email) return { kind: 'invalid_link' };
      const account = await this.accounts.findById(link.userId, tx);
      if (!account) return { kind: 'invalid_link' };
      if (
        !(await this.accounts.confirmEmail(tx, account.id, link.email, new Date(this.clock.now())))
      )
        return { kind: 'email_taken' };
      if (
        account.emailConfirmed &&
        normalizedEmail(account.email) !== normalizedEmail(link.email)
      ) {
        await this.notices.record(tx, account.id, 'email_changed', { email: link.email });
        await this.mails.request(tx, {
          template: 'email_changed',
          userId: account.id,
          username: account.username,
          to: account.email,
        });
      }
      return { kind: 'confirmed', userId: account.id };
    });
  }

  /** A new confirmation link for a signed-in account whose address is not confirmed yet. */
  async resendConfirmation(
    userId: string,
    address: string,
  ): Promise<
    | { kind: 'sent'; email: string }
    | { kind: 'confirmed' }
    | { kind: 'throttled'; retryAfterSeconds: number }
  > {
    const account = await this.accounts.findById(userId);
    if (!account || account.emailConfirmed) return { kind: 'confirmed' };
    const wait = await this.throttle.admit('confirm', address, account.email);
    if (wait !== null) return { kind: 'throttled', retryAfterSeconds: wait };
    await this.runner.run(async (tx) => {
      await this.links.voidOthers(tx, account.id, 'confirm_email');
      const token = await this.links.create(tx, 'confirm_email', account.id, account.email);
      await this.mails.request(tx, {
        template: 'confirm_email',
        userId: account.id,
        username: account.username,
        to: account.email,
        token,
      });
    });
    return { kind: 'sent', email: account.email };
  }

  /**
   * An invitation link (GATEHOUSE_SIGNUP=invite), for anyone holding it or, with `email`, for that
   * address only and mailed to it. The link is returned for an administrator to pass on.
   */
  async createInvitation(email: string | null): Promise<{ url: string; expiresAt: string }> {
    const now = this.clock.now();
    const token = await this.runner.run(async (tx) => {
      const secret = await this.links.create(tx, 'invitation', null, email);
      if (email !== null)
        await this.mails.request(tx, {
          template: 'invitation',
          userId: null,
          username: null,
          to: email,
          token: secret,
        });
      return secret;
    });
    return {
      url: `${this.options.issuer}/oauth/signup?invitation=${token}`,
      expiresAt: new Date(now + LINK_TTL_MS.invitation).toISOString(),
    };
  }
}
