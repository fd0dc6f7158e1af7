/* global URL, Response */
// Runs token-exchange requests with openid-client v6 (an ES module, so outside Jest's CommonJS
// runtime) and prints one JSON result per request. Input (argv[2], JSON):
//   { issuer, requests: [{ clientId, clientSecret?, params }] }
// Output: [{ ok: true, tokens, claims } | { ok: false, status, error, error_description, name }]
import * as client from 'openid-client';

const GRANT = 'urn:ietf:params:oauth:grant-type:token-exchange';
const input = JSON.parse(process.argv[2]);
const results = [];

for (const request of input.requests) {
  const auth = request.clientSecret === undefined ? client.None() : client.ClientSecretBasic();
  const config = await client.discovery(
    new URL(input.issuer),
    request.clientId,
    request.clientSecret,
    auth,
    {
      execute: [client.allowInsecureRequests],
    },
  );
  try {
    const tokens = await client.genericGrantRequest(config, GRANT, request.params);
    results.push({ ok: true, tokens: { ...tokens }, claims: tokens.claims() ?? null });
  } catch (error) {
    results.push({ ok: false, ...(await describe(error)) });
  }
}
process.stdout.write(`${JSON.stringify(results)}\n`);

/** openid-client's errors: a body error carries `error`; a 401 with a challenge carries the response. */
async function describe(error) {
  const described = {
    name: error.name,
    status: error.status,
    error: error.error,
    error_description: error.error_description,
  };
  const response = error.response ?? error.cause?.response;
  if (described.error === undefined && response instanceof Response && !response.bodyUsed) {
    const body = await response.json().catch(() => ({}));
    described.status ??= response.status;
    described.error = body.error;
    described.error_description = body.error_description;
  }
  described.status ??= error.cause?.status;
  return described;
}
