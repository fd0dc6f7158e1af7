import { z } from 'zod';
import { API_ERRORS, type ApiDescription, jsonResponse } from '@gatehouse/platform';
import { LEAK_REPORT_ACCEPTED } from './leak-report-answer';

/** `POST /api/credentials/revoke` (leaked-credentials.controller.ts; docs/settings-api.md "Leaked tokens"). */
export const LEAKED_CREDENTIALS_API: ApiDescription = {
  '/api/credentials/revoke': {
    post: {
      summary: 'Report tokens found in public: each one that is live is revoked and its owner told',
      description:
        'No authentication. The answer is the same whatever the batch held, so it tells nothing about any token.',
      tags: ['leaked tokens'],
      requestBody: {
        content: {
          'application/json': {
            schema: z.object({ credentials: z.array(z.string()).min(1) }),
          },
        },
      },
      responses: {
        '202': jsonResponse(
          'Accepted.',
          z.object({ status: z.literal(LEAK_REPORT_ACCEPTED.status) }),
        ),
        ...API_ERRORS,
      },
    },
  },
};
