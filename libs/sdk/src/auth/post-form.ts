import { USER_AGENT } from '../internal/sdk-version';

export interface FormAnswer {
  status: number;
  /** The parsed JSON body, or undefined when the body is not JSON. */
  json: unknown;
}

export interface PostFormOptions {
  url: string;
  form: Record<string, string>;
  clientId: string;
  clientSecret: string | undefined;
  fetch: typeof fetch;
  signal: AbortSignal | undefined;
}

/**
 * POSTs an `application/x-www-form-urlencoded` body (RFC 6749 §3.2). Apps with a secret authenticate
 * with HTTP Basic (docs/oauth.md "Client authentication"), the id and secret form-urlencoded first as RFC 6749 2.3.1 says.
 */
export async function postForm(options: PostFormOptions): Promise<FormAnswer> {
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
    'user-agent': USER_AGENT,
  };
  if (options.clientSecret !== undefined) {
    const credentials = `${encodeURIComponent(options.clientId)}:${encodeURIComponent(options.clientSecret)}`;
    headers.authorization = `Basic ${Buffer.from(credentials).toString('base64')}`;
  }
  const response = await options.fetch(options.url, {
    method: 'POST',
    headers,
    body: new URLSearchParams(options.form).toString(),
    signal: options.signal,
  });
  const text = await response.text();
  try {
    return { status: response.status, json: JSON.parse(text) };
  } catch {
    return { status: response.status, json: undefined };
  }
}
