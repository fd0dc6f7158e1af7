import { envSection } from '../env-section';
import { oneOf, positiveInteger, scryptCost } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const SIGN_UP_MODES = ['closed', 'invite', 'open'] as const;

const GATEHOUSE_SIGNUP_DOC: VariableDoc = {
  description:
    'Who may create an account on the sign-in pages: `closed` (only administrators, the seed or single sign-on make accounts), `invite` (with an invitation link from `POST /internal/invitations`) or `open` (anyone). A new address is confirmed by a mailed link before apps can be authorized.',
};

const GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS_DOC: VariableDoc = {
  description:
    'How many days an account whose owner asked to delete it waits before it is deleted; signing in during that time cancels the deletion.',
};

const GATEHOUSE_PASSWORD_HASH_COST_DOC: VariableDoc = {
  description:
    "The scrypt cost new passwords are hashed at, as `N=<power of two>,r=<block size>,p=<passes>`; a password stored at another cost is hashed again at this one when its owner next signs in. The default does the work of N=2^15, r=8, p=1 in an 8 MiB block; OWASP's minimums are N=2^17,r=8,p=1 … N=2^13,r=8,p=10 (2.5 to 4 times the work per sign-in). Each hash in flight holds 128 × N × r bytes.",
  shownDefault: '`N=8192,r=8,p=4`',
};

/** Accounts people make, and leave. */
export interface SignUpConfig {
  mode: (typeof SIGN_UP_MODES)[number];
  deletionGraceDays: number;
  /** Unset: the crypto lib's default. */
  passwordHashCost?: { N: number; r: number; p: number };
}

export const signUpSection = envSection(
  {
    GATEHOUSE_SIGNUP: documented(oneOf(SIGN_UP_MODES).default('closed'), GATEHOUSE_SIGNUP_DOC),
    GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS: documented(
      positiveInteger().default(7),
      GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS_DOC,
    ),
    GATEHOUSE_PASSWORD_HASH_COST: documented(
      scryptCost.optional(),
      GATEHOUSE_PASSWORD_HASH_COST_DOC,
    ),
  },
  (env): SignUpConfig => ({
    mode: env.GATEHOUSE_SIGNUP,
    deletionGraceDays: env.GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS,
    passwordHashCost: env.GATEHOUSE_PASSWORD_HASH_COST,
  }),
);
