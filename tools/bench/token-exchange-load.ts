import { Pool } from 'undici';

export interface LoadResult {
  requests: number;
  concurrency: number;
  seconds: number;
  perSecond: number;
  p50Ms: number;
  p99Ms: number;
  failures: number;
}

export interface ExchangeLoad {
  /** Base URL whose `/oauth/token` is called. */
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  subjectTokenType: string;
  emails: string[];
  scope: string;
  requests: number;
  concurrency: number;
}

/**
 * Sends `requests` token-exchange requests over `concurrency` kept-alive loopback connections,
 * each worker sending its next request when its previous answer arrived (closed loop, bounded by
 * the request count). Exchanges/s = requests / wall time.
 */
export async function runExchangeLoad(load: ExchangeLoad): Promise<LoadResult> {
  const pool = new Pool(load.baseUrl, { connections: load.concurrency, pipelining: 1 });
  const authorization = `Basic ${Buffer.from(`${encodeURIComponent(load.clientId)}:${encodeURIComponent(load.clientSecret)}`).toString('base64')}`;
  const latencies: number[] = [];
  let next = 0;
  let failures = 0;
  let firstFailure = '';
  const worker = async () => {
    while (next < load.requests) {
      const index = next++;
      const body = new URLSearchParams({
        grant_type: 'urn:ietf:params:oauth:grant-type:token-exchange',
        subject_token: load.emails[index % load.emails.length]!,
        subject_token_type: load.subjectTokenType,
        scope: load.scope,
      }).toString();
      const started = performance.now();
      const response = await pool.request({
        path: '/oauth/token',
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', authorization },
        body,
      });
      const text = await response.body.text();
      latencies.push(performance.now() - started);
      if (response.statusCode !== 200) {
        failures += 1;
        firstFailure ||= `${response.statusCode} ${text}`;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: load.concurrency }, worker));
  const seconds = (performance.now() - started) / 1000;
  await pool.close();
  if (failures > 0) throw new Error(`${failures} of ${load.requests} exchanges failed, first: ${firstFailure}`);
  latencies.sort((a, b) => a - b);
  return {
    requests: load.requests,
    concurrency: load.concurrency,
    seconds,
    perSecond: load.requests / seconds,
    p50Ms: percentile(latencies, 50),
    p99Ms: percentile(latencies, 99),
    failures,
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}
