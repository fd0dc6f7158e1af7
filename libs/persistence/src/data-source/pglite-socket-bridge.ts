import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Worker } from 'node:worker_threads';
import { lockDataDir } from './data-dir-lock';

export interface PgliteBridge {
  /** Directory holding the Unix socket: pass it as `host` to the `pg` driver. */
  readonly socketDir: string;
  readonly port: number;
  stop(): Promise<void>;
}

const SOCKET_PORT = 5432;

/**
 * Runs in a worker thread: opens PGlite on the data directory and serves it on the socket.
 * Inline (not a separate file) so it survives bundling and compilation of the apps unchanged;
 * a real Node context (not Jest's VM) so PGlite's dynamic imports of node built-ins work.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { PGlite } = require(workerData.pglitePath);
const { PGLiteSocketServer } = require(workerData.socketPath);
(async () => {
  const db = await PGlite.create({ dataDir: workerData.dataDir });
  const server = new PGLiteSocketServer({ db, path: workerData.socketFile, maxConnections: 1 });
  await server.start();
  parentPort.on('message', async (message) => {
    if (message !== 'stop') return;
    await server.stop();
    await db.close();
    parentPort.postMessage({ type: 'stopped' });
  });
  parentPort.postMessage({ type: 'ready' });
})().catch((error) => parentPort.postMessage({ type: 'failed', message: String(error && error.stack || error) }));
`;

type WorkerMessage = { type: 'ready' } | { type: 'stopped' } | { type: 'failed'; message: string };

/**
 * Opens the PGlite database under `dataDir` (in a worker thread, so its WASM engine does not
 * block the event loop) and serves it on a Unix socket in a fresh private directory (mode 0700).
 * TypeORM then talks to it through the ordinary `pg` driver and the real wire protocol: the same
 * type parsing, arrays, jsonb and errors as on PostgreSQL.
 *
 * PGlite is one backend session. The socket server can multiplex connections, but it
 * interleaves extended-protocol messages (Parse/Bind/Execute) of different connections outside
 * a transaction, which would bind one client's parameters to another's statement. So the
 * server accepts a single connection and the caller must use a pool of one.
 */
export async function startPgliteBridge(dataDir: string): Promise<PgliteBridge> {
  const absoluteDataDir = resolve(dataDir);
  mkdirSync(absoluteDataDir, { recursive: true });
  const unlock = lockDataDir(absoluteDataDir);
  const socketDir = mkdtempSync(join(tmpdir(), 'gatehouse-pglite-'));
  const cleanUp = () => {
    rmSync(socketDir, { recursive: true, force: true });
    unlock();
  };

  let worker: Worker | undefined;
  try {
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: {
        dataDir: absoluteDataDir,
        socketFile: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
        pglitePath: require.resolve('@electric-sql/pglite'),
        socketPath: require.resolve('@electric-sql/pglite-socket'),
      },
    });
    await nextMessage(worker, 'ready');
  } catch (error) {
    await worker?.terminate();
    cleanUp();
    throw new Error(`PGlite could not open ${absoluteDataDir}: ${(error as Error).message}`);
  }

  const running = worker;
  return {
    socketDir,
    port: SOCKET_PORT,
    async stop() {
      running.postMessage('stop');
      try {
        await nextMessage(running, 'stopped');
      } finally {
        await running.terminate();
        cleanUp();
      }
    },
  };
}

function nextMessage(worker: Worker, expected: 'ready' | 'stopped'): Promise<void> {
  return new Promise((resolvePromise, reject) => {
    const onMessage = (message: WorkerMessage) => {
      off();
      if (message.type === expected) resolvePromise();
      else reject(new Error(message.type === 'failed' ? message.message : `unexpected ${message.type}`));
    };
    const onError = (error: Error) => {
      off();
      reject(error);
    };
    const onExit = (code: number) => {
      off();
      reject(new Error(`PGlite worker exited with code ${code}`));
    };
    const off = () => {
      worker.off('message', onMessage);
      worker.off('error', onError);
      worker.off('exit', onExit);
    };
    worker.on('message', onMessage);
    worker.on('error', onError);
    worker.on('exit', onExit);
  });
}
