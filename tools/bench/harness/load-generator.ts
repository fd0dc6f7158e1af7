import { ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { REGISTER_SWC, WORKSPACE_ROOT } from '@gatehouse/testing';
import type { Credentials } from '../load/credential-pool';
import type { ExchangeTransactionSpec } from '../load/exchange-transaction-loop';
import type { RawConsumeSpec, RawPostSpec } from '../load/raw-delivery-limits';
import { LoadResult } from './load-result';
import type { HashSpec, LoadCommand, LoadReplyMessage, RunSpec } from './load-spec';

/** JSON (and so IPC) carries NaN as null: a run that completed nothing has no latency. */
function withNaN(result: LoadResult): LoadResult {
  const { p50, p99, max } = result.latencyMs;
  return {
    ...result,
    latencyMs: { p50: p50 ?? Number.NaN, p99: p99 ?? Number.NaN, max: max ?? Number.NaN },
  };
}

/** The parent's handle on the load-generator process (tools/bench/load/load-process.ts). */
export class LoadGenerator {
  private nextId = 1;
  private readonly waiting = new Map<
    number,
    { resolve: (value: unknown) => void; reject: (error: Error) => void }
  >();

  private constructor(readonly child: ChildProcess) {
    child.on('message', (message: LoadReplyMessage) => {
      const pending = this.waiting.get(message.id);
      if (!pending) return;
      this.waiting.delete(message.id);
      if (message.error) pending.reject(new Error(`load generator: ${message.error}`));
      else pending.resolve(message.result);
    });
    child.on('exit', (code, signal) => {
      for (const pending of this.waiting.values())
        pending.reject(new Error(`load generator exited (${code ?? signal})`));
      this.waiting.clear();
    });
  }

  static async start(): Promise<LoadGenerator> {
    const child = spawn(
      process.execPath,
      ['--require', REGISTER_SWC, join(WORKSPACE_ROOT, 'tools/bench/load/load-process.ts')],
      {
        cwd: WORKSPACE_ROOT,
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
      },
    );
    const generator = new LoadGenerator(child);
    await new Promise<void>((ready, failed) => {
      generator.waiting.set(0, { resolve: () => ready(), reject: failed });
    });
    return generator;
  }

  get pid(): number {
    return this.child.pid!;
  }

  async run(spec: RunSpec): Promise<LoadResult> {
    return withNaN((await this.send({ run: spec })) as LoadResult);
  }

  async hash(spec: HashSpec): Promise<LoadResult> {
    return withNaN((await this.send({ hash: spec })) as LoadResult);
  }

  exchangeTransactions(spec: ExchangeTransactionSpec): Promise<LoadResult> {
    return this.send({ exchangeTransactions: spec }) as Promise<LoadResult>;
  }

  rawPost(spec: RawPostSpec): Promise<LoadResult> {
    return this.send({ rawPost: spec }) as Promise<LoadResult>;
  }

  rawConsume(spec: RawConsumeSpec): Promise<LoadResult> {
    return this.send({ rawConsume: spec }) as Promise<LoadResult>;
  }

  async seed(pool: string, credentials: Credentials[]): Promise<number> {
    return (await this.send({ seed: { pool, credentials } })) as number;
  }

  /** Empties a pool and returns what it held (the credentials of the sign-ins kept in it). */
  async take(pool: string): Promise<Credentials[]> {
    return (await this.send({ take: { pool } })) as Credentials[];
  }

  async drop(pool: string): Promise<void> {
    await this.send({ drop: { pool } });
  }

  async stop(): Promise<void> {
    if (this.child.exitCode !== null) return;
    const exited = new Promise((done) => this.child.once('exit', done));
    this.child.disconnect();
    await exited;
  }

  private send(command: LoadCommand): Promise<unknown> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({ id, command });
    });
  }
}
