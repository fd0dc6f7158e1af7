import { BENCH_CLIENT, GATEHOUSE_TARGET, VISITOR_PASSWORD, VISITOR_PREFIX } from '../gatehouse/bench-accounts';
import type { LoadGenerator } from '../harness/load-generator';
import type { Fact } from '../harness/scenario';
import { median } from '../harness/trial';
import type { Credentials } from '../load/credential-pool';

/** Tokens revoked per measurement. */
export const REVOKED_TOKENS = 20;
/** How long a poll waits for the 401 before it counts the token as never revoked. */
const GIVE_UP_MS = 5000;
/** Where a bearer token is checked after its revocation. */
export const CHECKED_PATHS = ['/oauth/userinfo', '/api/whoami-v2'] as const;

/** Signs `count` visitors in on `url` (from `firstVisitor` on) and returns their tokens. */
export async function signInForTokens(load: LoadGenerator, url: string, firstVisitor: number, count: number): Promise<Credentials[]> {
  const pool = `revocation-${url}-${firstVisitor}`;
  const result = await load.run({
    flow: { kind: 'gatehouse-sign-in', target: GATEHOUSE_TARGET, loginPrefix: VISITOR_PREFIX, firstVisitor, password: VISITOR_PASSWORD, keepIn: [pool] },
    url,
    connections: Math.min(4, count),
    flows: count,
  });
  if (result.errors > 0 || result.completed < count) throw new Error(`${result.completed} of ${count} sign-ins completed on ${url}: ${result.firstErrors.join('; ')}`);
  return load.take(pool);
}

async function status(url: string, token: string): Promise<number> {
  const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await answer.arrayBuffer();
  return answer.status;
}

/** Milliseconds from `since` until `url` answers 401 for `token`, asking again as soon as it answers; GIVE_UP_MS when it never does. */
async function untilRefused(url: string, token: string, since: number): Promise<number> {
  for (;;) {
    const code = await status(url, token);
    const elapsed = performance.now() - since;
    if (code === 401) return elapsed;
    if (code !== 200) throw new Error(`${url} answered ${code} while waiting for the revocation`);
    if (elapsed >= GIVE_UP_MS) return GIVE_UP_MS;
  }
}

export interface RevocationRoute {
  /** Base URL the revocation is posted to. */
  revokeUrl: string;
  /** Base URL the token is checked on before and after. */
  checkUrl: string;
}

/**
 * For each token: check it on every path (so every cache on the way holds it as valid), revoke it
 * with POST /oauth/revoke as the app it was issued to, then ask each path again and again until it
 * answers 401. Returns per path the times from the revocation's answer to the first 401, in ms.
 */
export async function measureRevocation(tokens: Credentials[], route: RevocationRoute): Promise<Record<string, number[]>> {
  const latencies: Record<string, number[]> = Object.fromEntries(CHECKED_PATHS.map((path) => [path, []]));
  for (const { accessToken } of tokens) {
    for (const path of CHECKED_PATHS) {
      const code = await status(`${route.checkUrl}${path}`, accessToken);
      if (code !== 200) throw new Error(`${path} answered ${code} before the revocation`);
    }
    const revoked = await fetch(`${route.revokeUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token: accessToken, token_type_hint: 'access_token', client_id: BENCH_CLIENT.clientId }),
    });
    const body = await revoked.text();
    if (revoked.status !== 200) throw new Error(`POST /oauth/revoke answered ${revoked.status}: ${body.slice(0, 200)}`);
    const answeredAt = performance.now();
    const times = await Promise.all(CHECKED_PATHS.map((path) => untilRefused(`${route.checkUrl}${path}`, accessToken, answeredAt)));
    CHECKED_PATHS.forEach((path, index) => latencies[path]!.push(times[index]!));
  }
  return latencies;
}

/** `revocation to 401 on <path> <where>, p50` and `…, max` facts; the max is what the ≤ 1 s target reads (report/targets.ts). */
export function revocationFacts(latencies: Record<string, number[]>, where: string): Fact[] {
  return Object.entries(latencies).flatMap(([path, times]) => [
    { name: `revocation to 401 on ${path} ${where}, p50`, value: median(times), unit: 'ms', how: `${times.length} tokens, each checked once before (cached), revoked, then asked again until 401` },
    { name: `revocation to 401 on ${path} ${where}, max`, value: Math.max(...times), unit: 'ms' },
  ]);
}
