import { z } from 'zod';
import type {
  ZodOpenApiOperationObject,
  ZodOpenApiPathsObject,
  ZodOpenApiResponseObject,
} from 'zod-openapi';

/**
 * The OpenAPI description of one capability's public routes: paths in OpenAPI syntax
 * (`/api/settings/webhooks/{id}`), each operation's request and answer as the zod schemas the code
 * validates and answers with (docs/openapi.md). The document is built from these by
 * `openApiDocument`.
 */
export type ApiDescription = ZodOpenApiPathsObject;
export type ApiOperation = ZodOpenApiOperationObject;

/** The Hugging Face error shape every API route answers errors in (docs/settings-api.md). */
const apiErrorSchema = z
  .object({ error: z.string().meta({ description: 'What went wrong, for a person.' }) })
  .meta({ id: 'ApiError', description: 'An API error; the same message is in `X-Error-Message`.' });

/** RFC 6749 §5.2: the error answer of the OAuth endpoints. */
const oauthErrorSchema = z
  .object({
    error: z.string().meta({ description: 'An RFC 6749 error code.' }),
    error_description: z.string().optional(),
    error_uri: z.string().optional(),
  })
  .meta({ id: 'OAuthError', description: 'An OAuth error (RFC 6749 §5.2).' });

/**
 * `true` when the answers the code builds (`Answer`) and the values the schema describes are each
 * assignable to the other: `const checked: DescribesExactly<typeof schema, Answer> = true` fails
 * to compile when either side gains or loses a field.
 */
export type DescribesExactly<Schema extends z.ZodType, Answer> = [Answer] extends [z.output<Schema>]
  ? [z.output<Schema>] extends [Answer]
    ? true
    : false
  : false;

/** A JSON answer. */
export function jsonResponse(description: string, schema: z.ZodType): ZodOpenApiResponseObject {
  return { description, content: { 'application/json': { schema } } };
}

/** An answer with no body. */
export function emptyResponse(description: string): ZodOpenApiResponseObject {
  return { description };
}

/** A server-rendered page or a static file. */
export function pageResponse(
  description: string,
  mediaType = 'text/html',
): ZodOpenApiResponseObject {
  return { description, content: { [mediaType]: { schema: z.string() } } };
}

/**
 * The other answers of a page: a redirect (302, 303), or an error as a page or, for a request
 * the page cannot even read, in the OAuth error shape.
 */
export const PAGE_OTHER_ANSWERS = {
  default: {
    description: 'A redirect, or an error page; an unreadable request gets an OAuth error.',
    content: {
      'text/html': { schema: z.string() },
      'application/json': { schema: oauthErrorSchema },
    },
  },
} as const;

/** Any API error status: 400, 401, 403, 404, 409, 429, 503 ..., in the API error shape. */
export const API_ERRORS = {
  default: jsonResponse('An error, in the API error shape.', apiErrorSchema),
} as const;

/** Any error of an OAuth endpoint, in the RFC 6749 shape. */
export const OAUTH_ERRORS = {
  default: jsonResponse('An error, in the OAuth error shape.', oauthErrorSchema),
} as const;

/** The routes that take a bearer token (a user access token, personal or service-account token). */
export const BEARER = [{ bearer: [] }];

/** The settings routes: a bearer token, or the settings app's browser session (BearerAuthGuard). */
export const BEARER_OR_SESSION: Record<string, string[]>[] = [{ bearer: [] }, { session: [] }];

/** The routes only the platform's own services call, with `GATEHOUSE_INTERNAL_TOKEN`. */
export const INTERNAL = [{ internal: [] }];

/** `requestBody` of an operation taking `schema` as JSON. */
export function jsonRequestBody(schema: z.ZodType): Pick<ApiOperation, 'requestBody'> {
  return { requestBody: { content: { 'application/json': { schema } } } };
}

/**
 * The operations of one settings API (one tag, a token or the browser session): each answers
 * `status` with `answer` as JSON, or nothing when `answer` is null, and the API error shape
 * otherwise.
 */
export function settingsOperations(tag: string) {
  return (
    summary: string,
    status: string,
    answer: z.ZodType | null,
    extra: Partial<ApiOperation> = {},
  ): ApiOperation => ({
    summary,
    tags: [tag],
    security: BEARER_OR_SESSION,
    ...extra,
    responses: {
      [status]: answer ? jsonResponse('Done.', answer) : emptyResponse('Done.'),
      ...API_ERRORS,
    },
  });
}
