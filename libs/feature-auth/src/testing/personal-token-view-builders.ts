import type { PersonalTokenView } from '@gatehouse/settings-api';

/**
 * A token as the settings API shows it: a `read` token named `laptop`, created 2026-01-01, never
 * used, not expiring. Give only what the test is about.
 */
export function aPersonalTokenView(overrides: Partial<PersonalTokenView> = {}): PersonalTokenView {
  return {
    id: '65a0000000000000000000a1',
    name: 'laptop',
    role: 'read',
    fineGrained: null,
    preview: null,
    createdAt: '2026-01-01T00:00:00.000Z',
    expiresAt: null,
    expired: false,
    lastUsedAt: null,
    lastUsedFrom: null,
    approvals: [],
    ...overrides,
  };
}
