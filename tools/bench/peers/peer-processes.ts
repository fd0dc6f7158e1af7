import {
  findFreePort,
  NodeProcess,
  REGISTER_SWC,
  startNodeProcess,
  WORKSPACE_ROOT,
} from '@gatehouse/testing';
import { join } from 'node:path';
import type { BarePeerOptions } from './bare-token-server';
import type { OidcPeerOptions } from './oidc-provider-server';

/** The process name of oidc-provider on its in-memory adapter, in the bench's CPU and RSS columns. */
export const OIDC_MEMORY_PROCESS = 'oidc-provider (memory)';

export interface RunningPeer {
  url: string;
  process: NodeProcess;
}

async function startPeer(
  entry: string,
  variable: string,
  options: object & { port: number },
): Promise<RunningPeer> {
  const peer = startNodeProcess(join(WORKSPACE_ROOT, 'tools/bench/peers', entry), {
    nodeArgs: ['--require', REGISTER_SWC],
    env: { [variable]: JSON.stringify(options), NODE_ENV: 'production' },
  });
  await peer.waitForLog((line) => line.msg === 'listening', 60_000);
  return { url: `http://127.0.0.1:${options.port}`, process: peer };
}

export async function startOidcProviderPeer(
  options: Omit<OidcPeerOptions, 'port'>,
): Promise<RunningPeer> {
  return startPeer('oidc-provider-server.ts', 'BENCH_OIDC_OPTIONS', {
    ...options,
    port: await findFreePort(),
  });
}

export async function startBareTokenServer(
  options: Omit<BarePeerOptions, 'port'>,
): Promise<RunningPeer> {
  return startPeer('bare-token-server.ts', 'BENCH_BARE_OPTIONS', {
    ...options,
    port: await findFreePort(),
  });
}
