import { InvalidRequest } from '@gatehouse/domain';

/**
 * Flattens a token request body (form or JSON) to one string per parameter. RFC 6749 §3.1:
 * parameters sent without a value are treated as omitted, and no parameter may appear twice.
 * JSON numbers and booleans are read as their text; nested values are refused.
 */
export function tokenRequestParams(body: unknown): Record<string, string> {
  if (body === undefined || body === null) return {};
  if (typeof body !== 'object' || Array.isArray(body))
    throw new InvalidRequest('The request body must be a form or a JSON object');
  const params: Record<string, string> = {};
  for (const [name, value] of Object.entries(body as Record<string, unknown>)) {
    if (value === undefined || value === null || value === '') continue;
    if (Array.isArray(value))
      throw new InvalidRequest(`Parameter '${name}' must not be sent more than once`);
    if (typeof value === 'object') throw new InvalidRequest(`Parameter '${name}' must be a string`);
    params[name] = String(value);
  }
  return params;
}
