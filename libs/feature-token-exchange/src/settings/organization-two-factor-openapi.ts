import { z } from 'zod';
import { API_ERRORS, type ApiDescription, jsonResponse } from '@gatehouse/platform';
import type { OrganizationTwoFactorView } from '@gatehouse/settings-api';

const requirementSchema = z
  .object({
    requireTwoFactor: z.boolean().meta({
      description:
        'Members need a second factor (an authenticator app or a passkey) to reach the organization: its settings, and token exchange for it.',
    }),
  })
  .meta({ id: 'OrganizationTwoFactor' }) satisfies z.ZodType<OrganizationTwoFactorView>;

const admin = {
  tags: ['organizations'],
  security: [{ session: [] }, { bearer: [] }] as Array<Record<string, string[]>>,
  requestParams: { path: z.object({ name: z.string() }) },
};

/** organization-two-factor.controller.ts; docs/settings-api.md "Organization two-factor requirement". */
export const ORGANIZATION_TWO_FACTOR_API: ApiDescription = {
  '/api/organizations/{name}/settings/two-factor': {
    get: {
      ...admin,
      summary: 'Whether the organization requires two factors of its members (administrators)',
      responses: { '200': jsonResponse('The requirement.', requirementSchema), ...API_ERRORS },
    },
    put: {
      ...admin,
      summary:
        'Require two factors of the members, or stop (administrators; audited). Refused (403) to an administrator who has no factor of their own',
      requestBody: { content: { 'application/json': { schema: requirementSchema } } },
      responses: { '200': jsonResponse('The requirement now.', requirementSchema), ...API_ERRORS },
    },
  },
};
