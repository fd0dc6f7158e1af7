import { api, ApiFailure, apiFile, failureOf, useCsrfToken } from './api';

describe('failureOf: the API message, and the field it names', () => {
  it.each([
    [
      'Invalid "redirectUris.0": must use https unless its host is localhost',
      'redirectUris',
      'must use https unless its host is localhost',
    ],
    [
      'Invalid "name": Too small: expected string to have >=1 characters',
      'name',
      'Too small: expected string to have >=1 characters',
    ],
    ['name: Must not be empty', 'name', 'Must not be empty'],
    ['watched.0.name: must be owner/name', 'watched', 'must be owner/name'],
  ])('%s → %s', (message, field, fieldMessage) => {
    const failure = failureOf(400, message);
    expect(failure).toMatchObject({ status: 400, message, field, fieldMessage });
  });

  it.each([
    'Invalid body: expected object',
    'Webhook not found',
    'The webhook is disabled; enable it to replay a delivery',
  ])('%s names no field', (message) => {
    expect(failureOf(409, message)).toMatchObject({ message, field: null, fieldMessage: message });
  });
});

describe('api and apiFile', () => {
  const realFetch = global.fetch;
  let calls: Array<{ path: string; init: RequestInit }>;
  const answer = (response: Response) => {
    global.fetch = jest.fn(async (path: string | URL | Request, init?: RequestInit) => {
      calls.push({ path: String(path), init: init ?? {} });
      return response;
    }) as typeof fetch;
  };

  beforeEach(() => {
    calls = [];
    useCsrfToken(null);
  });
  afterAll(() => {
    global.fetch = realFetch;
  });

  it('sends JSON with the session CSRF token and returns the parsed answer', async () => {
    useCsrfToken('csrf-1');
    answer(
      new Response('{"id":"t1"}', { status: 200, headers: { 'content-type': 'application/json' } }),
    );
    await expect(
      api('POST', '/api/settings/tokens', { name: 'cli', role: 'read' }),
    ).resolves.toEqual({ id: 't1' });
    expect(calls[0]!.init.headers).toMatchObject({
      'X-CSRF-Token': 'csrf-1',
      'Content-Type': 'application/json',
    });
    expect(calls[0]!.init.body).toBe('{"name":"cli","role":"read"}');
  });

  it('answers undefined for 204', async () => {
    answer(new Response(null, { status: 204 }));
    await expect(api('DELETE', '/api/settings/tokens/t1')).resolves.toBeUndefined();
  });

  it("throws the API's own error message, or X-Error-Message when the body is not JSON", async () => {
    answer(new Response('{"error":"Invalid \\"name\\": Must not be empty"}', { status: 400 }));
    await expect(api('POST', '/x', {})).rejects.toMatchObject({
      status: 400,
      field: 'name',
      fieldMessage: 'Must not be empty',
    });
    answer(
      new Response('<html>bad gateway</html>', {
        status: 502,
        headers: { 'x-error-message': 'Upstream unavailable' },
      }),
    );
    await expect(api('GET', '/x')).rejects.toMatchObject({
      status: 502,
      message: 'Upstream unavailable',
    });
  });

  it('says Gatehouse could not be reached when the request never got an answer', async () => {
    global.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    const failure = await api('GET', '/x').catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).message).toMatch(/could not be reached/);
  });

  it('apiFile keeps an export as served (CSV is not JSON)', async () => {
    const csv =
      'seq,createdAt,action\r\n1,2026-01-01T00:00:00.000Z,settings.token_duration_changed\r\n';
    answer(new Response(csv, { status: 200, headers: { 'content-type': 'text/csv' } }));
    expect(
      await (await apiFile('/api/organizations/acme/audit-log/export?format=csv')).text(),
    ).toBe(csv);
  });
});
