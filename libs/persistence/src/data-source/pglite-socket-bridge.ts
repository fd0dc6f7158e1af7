import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
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
  const db = await PGlite.create({ dataDir: workerData.dataDir, startParams: [...PGlite.defaultStartParams, ...workerData.settings] });
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

/**
 * Runs as a child process: creates the database files (initdb) and exits. initdb leaves a few
 * hundred megabytes behind in the process that ran it (its WebAssembly memory until a later
 * collection, and malloc arenas that glibc keeps after a worker thread ends); a process of its
 * own gives all of it back when it exits.
 */
const INITDB_SOURCE = `
const [pglitePath, dataDir, settings] = process.argv.slice(1);
const { PGlite } = require(pglitePath);
PGlite.create({ dataDir, startParams: [...PGlite.defaultStartParams, ...JSON.parse(settings)] })
  .then((db) => db.close())
  .catch((error) => {
    process.stderr.write(String((error && error.stack) || error));
    process.exitCode = 1;
  });
`;

/**
 * Server settings for the embedded database, on top of PGlite's own start parameters. PostgreSQL's
 * defaults size a server for many sessions; PGlite is one session over a database of a few
 * megabytes whose files the operating system caches anyway, and every buffer lives in the
 * process's WebAssembly memory. The 128 MB default of shared_buffers alone was most of the
 * all-in-one's resident memory (tools/bench/report/findings.md, "Memory").
 */
const PGLITE_SETTINGS = ['shared_buffers=16MB', 'max_connections=4'].flatMap((setting) => [
  '-c',
  setting,
]);

/**
 * The worker's young generation, in MiB. Its JavaScript is PGlite's glue and the socket server,
 * which keep little alive between messages; V8 would otherwise size it like the main thread's
 * (the image's `--max-semi-space-size`), resident for the life of the process.
 */
const WORKER_YOUNG_GENERATION_MB = 3;

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
  const pglitePath = require.resolve('@electric-sql/pglite');
  try {
    if (!existsSync(join(absoluteDataDir, 'PG_VERSION'))) {
      await promisify(execFile)(
        process.execPath,
        ['-e', INITDB_SOURCE, pglitePath, absoluteDataDir, JSON.stringify(PGLITE_SETTINGS)],
        { maxBuffer: 16 * 1024 * 1024 },
      );
    }
    worker = new Worker(WORKER_SOURCE, {
      eval: true,
      resourceLimits: { maxYoungGenerationSizeMb: WORKER_YOUNG_GENERATION_MB },
      workerData: {
        dataDir: absoluteDataDir,
        socketFile: join(socketDir, `.s.PGSQL.${SOCKET_PORT}`),
        pglitePath,
        socketPath: require.resolve('@electric-sql/pglite-socket'),
        settings: PGLITE_SETTINGS,
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
      else
        reject(
          new Error(message.type === 'failed' ? message.message : `unexpected ${message.type}`),
        );
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
