import { envSection } from '../env-section';
import { oneOf } from '../env-fields';
import { documented, type VariableDoc } from '../variable-doc';

const SIGN_UP_MODES = ['closed', 'invite', 'open'] as const;

const GATEHOUSE_SIGNUP_DOC: VariableDoc = {
  description:
    'Who may create an account on the sign-in pages: `closed` (only administrators, the seed or single sign-on make accounts), `invite` (with an invitation link from `POST /internal/invitations`) or `open` (anyone). A new address is confirmed by a mailed link before apps can be authorized.',
};

export interface SignUpConfig {
  mode: (typeof SIGN_UP_MODES)[number];
}

export const signUpSection = envSection(
  { GATEHOUSE_SIGNUP: documented(oneOf(SIGN_UP_MODES).default('closed'), GATEHOUSE_SIGNUP_DOC) },
  (env): SignUpConfig => ({ mode: env.GATEHOUSE_SIGNUP }),
);
