/** What one call of the settings API answered: the status and the JSON body (null for a 204). */
export interface ApiAnswer {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads the shape it expects
  json: any;
}

/**
 * Calls of the settings API with a bearer token, as the tests set up and check what the pages
 * show: `baseUrl` is read at each call, so a suite may start its target after making the caller.
 */
export function settingsApiCaller(
  baseUrl: () => string,
  token: string,
): (method: string, path: string, body?: unknown) => Promise<ApiAnswer> {
  return async (method, path, body) => {
    const res = await fetch(`${baseUrl()}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${token}`,
        ...(body ? { 'content-type': 'application/json' } : {}),
      },
      body: body ? JSON.stringify(body) : undefined,
    });
    return { status: res.status, json: res.status === 204 ? null : await res.json() };
  };
}
