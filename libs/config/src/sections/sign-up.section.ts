import { envSection } from '../env-section';
import { oneOf, positiveInteger } from '../env-fields';
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

/** Accounts people make, and leave. */
export interface SignUpConfig {
  mode: (typeof SIGN_UP_MODES)[number];
  deletionGraceDays: number;
}

export const signUpSection = envSection(
  {
    GATEHOUSE_SIGNUP: documented(oneOf(SIGN_UP_MODES).default('closed'), GATEHOUSE_SIGNUP_DOC),
    GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS: documented(
      positiveInteger().default(7),
      GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS_DOC,
    ),
  },
  (env): SignUpConfig => ({
    mode: env.GATEHOUSE_SIGNUP,
    deletionGraceDays: env.GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS,
  }),
);
