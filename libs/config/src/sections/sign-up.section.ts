import { envSection } from '../env-section';
import { oneOf } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

export const SIGN_UP_MODES = ['closed', 'invite', 'open'] as const;

const GATEHOUSE_SIGNUP_DOC: VariableDoc = {
  description:
    "Who may create an account on the sign-in pages: `closed` (accounts come only from an administrator, the seed or single sign-on), `invite` (with an invitation link, `POST /internal/invitations`), `open` (anyone; the address is confirmed by a mailed link before apps can be authorized). Needs mail that leaves (GATEHOUSE_SMTP_URL) unless the all-in-one's mailbox is enough.",
};

export interface SignUpConfig {
  mode: (typeof SIGN_UP_MODES)[number];
}

export const signUpSection = envSection(
  { GATEHOUSE_SIGNUP: documented(oneOf(SIGN_UP_MODES).default('closed'), GATEHOUSE_SIGNUP_DOC) },
  (env): SignUpConfig => ({ mode: env.GATEHOUSE_SIGNUP }),
);
