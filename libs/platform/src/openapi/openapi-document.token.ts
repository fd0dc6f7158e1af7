/** The built OpenAPI document a service serves (OpenApiModule). */
export const OPENAPI_DOCUMENT = Symbol('OPENAPI_DOCUMENT');
