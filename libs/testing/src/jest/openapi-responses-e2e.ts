import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { OpenApiResponseCheck } from '../openapi/openapi-response-check';
import { WORKSPACE_ROOT } from '../process/node-process';

// Every answer an end-to-end test gets through `fetch` from a documented operation is checked
// against docs/openapi.json, the rendered OpenAPI document (docs/openapi.md); a mismatch fails the test that made the call.
// The check reads a clone of the body in the background, so the test's own reading is untouched.

const check = new OpenApiResponseCheck(
  JSON.parse(readFileSync(join(WORKSPACE_ROOT, 'docs/openapi.json'), 'utf8')),
);
const pending: Array<Promise<string | null>> = [];
const originalFetch = globalThis.fetch;

function requestOf(
  input: Parameters<typeof fetch>[0],
  init?: RequestInit,
): { method: string; url: URL } {
  if (input instanceof Request)
    return { method: init?.method ?? input.method, url: new URL(input.url) };
  return { method: init?.method ?? 'GET', url: new URL(String(input)) };
}

globalThis.fetch = async (input, init) => {
  const response = await originalFetch(input, init);
  const { method, url } = requestOf(input, init);
  if (check.documents(method, url.pathname)) {
    const copy = response.clone();
    pending.push(
      copy.text().then(
        (body) =>
          check.problemWith({
            method,
            path: url.pathname,
            status: response.status,
            contentType: response.headers.get('content-type'),
            body,
          }),
        () => null,
      ),
    );
  }
  return response;
};

afterEach(async () => {
  const problems = (await Promise.all(pending.splice(0))).filter((problem) => problem !== null);
  if (problems.length > 0)
    throw new Error(`answers that do not match docs/openapi.json:\n${problems.join('\n')}`);
});
