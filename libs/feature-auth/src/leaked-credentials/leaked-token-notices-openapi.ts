import { z } from 'zod';
import {
  API_ERRORS,
  type ApiDescription,
  BEARER_OR_SESSION,
  emptyResponse,
  jsonResponse,
} from '@gatehouse/platform';
import type { LeakedTokenNoticeView } from '@gatehouse/settings-api';

const noticeSchema = z
  .object({
    id: z.string(),
    tokenKind: z.enum(['personal', 'access', 'refresh']),
    tokenId: z.string(),
    tokenName: z.string().nullable(),
    clientId: z.string().nullable().meta({ description: 'Null for a personal token.' }),
    reportedAt: z.string(),
    revokedAt: z.string(),
  })
  .meta({ id: 'LeakedTokenNotice' }) satisfies z.ZodType<LeakedTokenNoticeView>;

const common = { tags: ['leaked tokens'], security: BEARER_OR_SESSION };

/** The caller's tokens reported leaked and revoked (leaked-token-notices.controller.ts). */
export const LEAKED_TOKEN_NOTICES_API: ApiDescription = {
  '/api/settings/token-notices': {
    get: {
      ...common,
      summary: "The caller's tokens revoked after a leak report, until dismissed",
      responses: { '200': jsonResponse('The notices.', z.array(noticeSchema)), ...API_ERRORS },
    },
  },
  '/api/settings/token-notices/{id}': {
    delete: {
      ...common,
      summary: 'Dismiss a notice',
      requestParams: { path: z.object({ id: z.string() }) },
      responses: { '204': emptyResponse('Dismissed.'), ...API_ERRORS },
    },
  },
};
