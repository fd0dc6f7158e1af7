import { createDocument } from 'zod-openapi';
import type { ApiDescription } from './api-description';

export type OpenApiDocument = ReturnType<typeof createDocument>;

/** The version of the API's shapes, raised when an answer changes incompatibly. */
const API_VERSION = '1.0.0';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** The descriptions' paths in one object; two descriptions of one operation are a mistake. */
function mergedPaths(descriptions: readonly ApiDescription[]): ApiDescription {
  const paths: ApiDescription = {};
  for (const description of descriptions) {
    for (const [path, item] of Object.entries(description)) {
      const existing = paths[path] ?? {};
      for (const method of METHODS) {
        if (existing[method] && item[method])
          throw new Error(`${method.toUpperCase()} ${path} is described twice`);
      }
      paths[path] = { ...existing, ...item };
    }
  }
  return paths;
}

/**
 * The OpenAPI 3.1 document of Gatehouse's public HTTP API, generated from the zod schemas of the
 * descriptions (zod-openapi): `GET /openapi.json` serves it and docs/openapi.json is a rendered copy.
 */
export function openApiDocument(descriptions: readonly ApiDescription[]): OpenApiDocument {
  return createDocument({
    openapi: '3.1.0',
    info: {
      title: 'Gatehouse',
      version: API_VERSION,
      description:
        'Sign-in, token issuance and webhooks for platforms that host machine-learning repositories: the settings and webhooks API, whoami, organization settings and audit log, the leaked-credential endpoint and the OAuth endpoints (docs/openapi.md).',
      license: { name: 'Apache-2.0', identifier: 'Apache-2.0' },
    },
    paths: mergedPaths(descriptions),
    components: {
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'A user access token, a personal access token or a service-account token (docs/settings-api.md).',
        },
        internal: {
          type: 'http',
          scheme: 'bearer',
          description:
            "The platform's shared service token, `GATEHOUSE_INTERNAL_TOKEN` (docs/operations.md).",
        },
        session: {
          type: 'apiKey',
          in: 'cookie',
          name: '__Host-gatehouse_session',
          description:
            "The settings app's browser session (`gatehouse_session` over plain HTTP); a change also needs `X-CSRF-Token` (docs/settings-api.md).",
        },
      },
    },
  });
}
