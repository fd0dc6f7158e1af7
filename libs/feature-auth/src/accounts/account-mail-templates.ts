import { defineMailTemplate, type MailTemplate } from '@gatehouse/mail';
import type { AccountMailTemplate } from '@gatehouse/messaging';

/** What every account message is rendered from: the person, the site, and the link when there is one. */
export interface AccountMailVars {
  username: string | null;
  to: string;
  issuer: string;
  /** The link's full address (with its secret); empty for a notice. */
  link: string;
}

const hello = (vars: AccountMailVars) => (vars.username ? `Hello ${vars.username},` : 'Hello,');
const site = (vars: AccountMailVars) => new URL(vars.issuer).host;

/** One template per AccountMailTemplate: the compiler finds a message without its words. */
export const ACCOUNT_MAIL_TEMPLATES: Record<AccountMailTemplate, MailTemplate<AccountMailVars>> = {
  confirm_email: defineMailTemplate({
    subject: (vars) => `Confirm your e-mail address for ${site(vars)}`,
    paragraphs: (vars) => [
      hello(vars),
      `Confirm that ${vars.to} is your address to finish setting up your account. Until then you can sign in, but apps cannot be authorized.`,
      'The link works once, for 24 hours. If you did not create an account, ignore this message.',
    ],
    link: (vars) => ({ href: vars.link, label: 'Confirm my address' }),
  }),
  confirm_new_email: defineMailTemplate({
    subject: (vars) => `Confirm your new e-mail address for ${site(vars)}`,
    paragraphs: (vars) => [
      hello(vars),
      `You asked to use ${vars.to} for your account. It replaces the old address once you confirm it.`,
      'The link works once, for 24 hours. If you did not ask for this, ignore this message.',
    ],
    link: (vars) => ({ href: vars.link, label: 'Confirm my new address' }),
  }),
  reset_password: defineMailTemplate({
    subject: (vars) => `Reset your password for ${site(vars)}`,
    paragraphs: (vars) => [
      hello(vars),
      'Someone (we hope you) asked to reset the password of your account. Choose a new one with the link below; every browser and app signed in to your account is signed out.',
      'The link works once, for 30 minutes. If you did not ask for it, ignore this message: your password stays as it is.',
    ],
    link: (vars) => ({ href: vars.link, label: 'Choose a new password' }),
  }),
  password_changed: defineMailTemplate({
    subject: (vars) => `Your password for ${site(vars)} was changed`,
    paragraphs: (vars) => [
      hello(vars),
      'The password of your account was just changed.',
      'If it was not you, reset your password now with "Forgot password?" on the sign-in page, and check the apps and tokens of your account.',
    ],
    link: (vars) => ({ href: `${vars.issuer}/oauth/forgot-password`, label: 'Reset my password' }),
  }),
  email_changed: defineMailTemplate({
    subject: (vars) => `The e-mail address of your ${site(vars)} account was changed`,
    paragraphs: (vars) => [
      hello(vars),
      `Your account no longer uses ${vars.to}: a new address was confirmed, and messages about the account go there from now on.`,
      "If it was not you, your account may be in someone else's hands: contact your administrator.",
    ],
  }),
  account_exists: defineMailTemplate({
    subject: (vars) => `Someone tried to create an account on ${site(vars)} with your address`,
    paragraphs: (vars) => [
      hello(vars),
      `Someone tried to create a new account with ${vars.to}, which an account already uses. No account was created.`,
      'If it was you, sign in instead, or reset your password if you forgot it. If it was not, ignore this message.',
    ],
    link: (vars) => ({ href: `${vars.issuer}/oauth/forgot-password`, label: 'Reset my password' }),
  }),
  username_taken: defineMailTemplate({
    subject: (vars) => `Your account on ${site(vars)} was not created`,
    paragraphs: (vars) => [
      'Hello,',
      `Someone (we hope you) tried to create an account with ${vars.to} and the username ${vars.username ?? ''}, which is already taken. No account was created.`,
      'Sign up again with another username.',
    ],
    link: (vars) => ({ href: `${vars.issuer}/oauth/signup`, label: 'Sign up again' }),
  }),
  invitation: defineMailTemplate({
    subject: (vars) => `You are invited to ${site(vars)}`,
    paragraphs: (vars) => [
      'Hello,',
      `You are invited to create an account on ${site(vars)}.`,
      'The invitation works once, for 7 days.',
    ],
    link: (vars) => ({ href: vars.link, label: 'Create my account' }),
  }),
  new_browser_sign_in: defineMailTemplate({
    subject: (vars) => `A new sign-in to your ${site(vars)} account`,
    paragraphs: (vars) => [
      hello(vars),
      'Your account was just signed in to from a browser it was never signed in from before. The account page lists the browsers signed in and where from.',
      'If it was not you, sign that browser out and change your password.',
    ],
    link: (vars) => ({ href: `${vars.issuer}/settings/sessions`, label: 'See my sessions' }),
  }),
  factor_added: defineMailTemplate({
    subject: (vars) => `A second factor was added to your ${site(vars)} account`,
    paragraphs: (vars) => [
      hello(vars),
      'A second factor was just added to your account.',
      'If it was not you, reset your password now and check the security settings of your account.',
    ],
    link: (vars) => ({ href: `${vars.issuer}/settings/account`, label: 'Check my account' }),
  }),
  factor_removed: defineMailTemplate({
    subject: (vars) => `A second factor was removed from your ${site(vars)} account`,
    paragraphs: (vars) => [
      hello(vars),
      'A second factor was just removed from your account.',
      'If it was not you, reset your password now and check the security settings of your account.',
    ],
    link: (vars) => ({ href: `${vars.issuer}/settings/account`, label: 'Check my account' }),
  }),
  token_revoked_by_organization: defineMailTemplate({
    subject: (vars) => `An access token of your ${site(vars)} account was revoked`,
    paragraphs: (vars) => [
      hello(vars),
      'An administrator of an organization you belong to revoked one of your access tokens: it no longer works anywhere. The security events on your account page say which token and which organization.',
      'If a tool of yours used it, create a new token for it.',
    ],
    link: (vars) => ({ href: `${vars.issuer}/settings/account`, label: 'See my security events' }),
  }),
};
