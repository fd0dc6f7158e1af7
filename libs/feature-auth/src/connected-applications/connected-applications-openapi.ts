import { z } from 'zod';
import {
  API_ERRORS,
  type ApiDescription,
  BEARER_OR_SESSION,
  emptyResponse,
  jsonResponse,
} from '@gatehouse/platform';
import type { ConnectedApplicationView } from '@gatehouse/settings-api';

const connectedSchema = z
  .object({
    clientId: z.string(),
    name: z
      .string()
      .meta({ description: "A metadata-document app is named by its document's host." }),
    logoUrl: z.string().nullable(),
    homepageUrl: z.string().nullable(),
    scopes: z.array(z.string()),
    organizations: z.array(z.object({ id: z.string(), name: z.string() })),
    grantedAt: z.string(),
    lastTokenIssuedAt: z.string().nullable(),
  })
  .meta({ id: 'ConnectedApplication' }) satisfies z.ZodType<ConnectedApplicationView>;

const common = { tags: ['connected applications'], security: BEARER_OR_SESSION };

/** The apps the caller has let in (connected-applications.controller.ts; docs/settings-api.md). */
export const CONNECTED_APPLICATIONS_API: ApiDescription = {
  '/api/settings/connected-applications': {
    get: {
      ...common,
      summary: 'The apps holding a grant of the caller, a bare array',
      responses: {
        '200': jsonResponse('The apps.', z.array(connectedSchema)),
        ...API_ERRORS,
      },
    },
  },
  '/api/settings/connected-applications/{clientId}': {
    delete: {
      ...common,
      summary: "Withdraw an app's grant: its tokens stop working",
      requestParams: {
        path: z.object({
          clientId: z.string().meta({ description: 'URL-encoded when it is a metadata URL.' }),
        }),
      },
      responses: { '204': emptyResponse('Withdrawn.'), ...API_ERRORS },
    },
  },
};
