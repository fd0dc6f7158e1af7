import { AUTH_OPENAPI } from '@gatehouse/feature-auth';
import { ORGANIZATION_TWO_FACTOR_API } from '@gatehouse/feature-token-exchange';
import { WEBHOOKS_OPENAPI } from '@gatehouse/feature-webhooks';
import { type OpenApiDocument, openApiDocument } from '@gatehouse/platform';

/**
 * The document of every public route of every service: what the all-in-one serves at
 * `/openapi.json` (a test holds the two equal), what docs/openapi.json is a copy of and what every
 * end-to-end answer is checked against (openapi-response-check.ts).
 */
export function gatehouseOpenApiDocument(): OpenApiDocument {
  return openApiDocument([...AUTH_OPENAPI, ORGANIZATION_TWO_FACTOR_API, ...WEBHOOKS_OPENAPI]);
}
