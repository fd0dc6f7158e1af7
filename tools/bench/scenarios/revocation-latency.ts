import {
  BENCH_CLIENT,
  GATEHOUSE_TARGET,
  VISITOR_PASSWORD,
  VISITOR_PREFIX,
} from '../gatehouse/bench-accounts';
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
export async function signInForTokens(
  load: LoadGenerator,
  url: string,
  firstVisitor: number,
  count: number,
): Promise<Credentials[]> {
  const pool = `revocation-${url}-${firstVisitor}`;
  const result = await load.run({
    flow: {
      kind: 'gatehouse-sign-in',
      target: GATEHOUSE_TARGET,
      loginPrefix: VISITOR_PREFIX,
      firstVisitor,
      password: VISITOR_PASSWORD,
      keepIn: [pool],
    },
    url,
    connections: Math.min(4, count),
    flows: count,
  });
  if (result.errors > 0 || result.completed < count)
    throw new Error(
      `${result.completed} of ${count} sign-ins completed on ${url}: ${result.firstErrors.join('; ')}`,
    );
  return load.take(pool);
}

async function status(url: string, token: string): Promise<number> {
  const answer = await fetch(url, { headers: { authorization: `Bearer ${token}` } });
  await answer.arrayBuffer();
  return answer.status;
}

interface Refusal {
  /** From `since` to the first 401, in ms (GIVE_UP_MS when none came). */
  ms: number;
  /** 200s answered after the revocation's own answer, before the 401. */
  accepted: number;
}

/** Asks `url` again as soon as it answers, until it refuses `token` with 401. */
async function untilRefused(url: string, token: string, since: number): Promise<Refusal> {
  for (let accepted = 0; ; accepted += 1) {
    const code = await status(url, token);
    const elapsed = performance.now() - since;
    if (code === 401) return { ms: elapsed, accepted };
    if (code !== 200) throw new Error(`${url} answered ${code} while waiting for the revocation`);
    if (elapsed >= GIVE_UP_MS) return { ms: GIVE_UP_MS, accepted };
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
 * answers 401. Returns per path, for each token, the time from the revocation's answer to the first
 * 401 and how many 200s came before it. The time includes that 401's own round trip: it cannot be
 * shorter than one check.
 */
export async function measureRevocation(
  tokens: Credentials[],
  route: RevocationRoute,
): Promise<Record<string, Refusal[]>> {
  const latencies: Record<string, Refusal[]> = Object.fromEntries(
    CHECKED_PATHS.map((path) => [path, []]),
  );
  for (const { accessToken } of tokens) {
    for (const path of CHECKED_PATHS) {
      const code = await status(`${route.checkUrl}${path}`, accessToken);
      if (code !== 200) throw new Error(`${path} answered ${code} before the revocation`);
    }
    const revoked = await fetch(`${route.revokeUrl}/oauth/revoke`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        token: accessToken,
        token_type_hint: 'access_token',
        client_id: BENCH_CLIENT.clientId,
      }),
    });
    const body = await revoked.text();
    if (revoked.status !== 200)
      throw new Error(`POST /oauth/revoke answered ${revoked.status}: ${body.slice(0, 200)}`);
    const answeredAt = performance.now();
    const times = await Promise.all(
      CHECKED_PATHS.map((path) =>
        untilRefused(`${route.checkUrl}${path}`, accessToken, answeredAt),
      ),
    );
    CHECKED_PATHS.forEach((path, index) => latencies[path]!.push(times[index]!));
  }
  return latencies;
}

/**
 * `revocation to 401 on <path> <where>, p50` and `…, max` facts, and the 200s answered after a
 * revocation; the max is what the ≤ 1 s target reads (report/targets.ts).
 */
export function revocationFacts(latencies: Record<string, Refusal[]>, where: string): Fact[] {
  return Object.entries(latencies).flatMap(([path, refusals]) => {
    const times = refusals.map((refusal) => refusal.ms);
    return [
      {
        name: `revocation to 401 on ${path} ${where}, p50`,
        value: median(times),
        unit: 'ms',
        how: `${times.length} tokens, each checked once before (cached), revoked, then asked again until 401; the time includes that 401's round trip`,
      },
      { name: `revocation to 401 on ${path} ${where}, max`, value: Math.max(...times), unit: 'ms' },
      {
        name: `200s on ${path} ${where} after the revocation answered`,
        value: refusals.reduce((sum, refusal) => sum + refusal.accepted, 0),
        unit: `over ${refusals.length} tokens`,
      },
    ];
  });
}

/** One log line per path: each token's time to 401, and the 200s before it when any. */
export function describeRefusals(latencies: Record<string, Refusal[]>): string[] {
  return Object.entries(latencies).map(
    ([path, refusals]) =>
      `${path}: ${refusals.map((refusal) => `${refusal.ms.toFixed(1)}${refusal.accepted ? ` (${refusal.accepted}×200)` : ''}`).join(' ')} ms`,
  );
}
