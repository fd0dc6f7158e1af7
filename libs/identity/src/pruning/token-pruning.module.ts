import {
  BeforeApplicationShutdown,
  DynamicModule,
  Inject,
  Injectable,
  Module,
  OnApplicationBootstrap,
  Optional,
} from '@nestjs/common';
import type { Clock } from '@gatehouse/domain';
import { CLOCK, LOGGER } from '@gatehouse/platform';
import type { Logger } from 'pino';
import { ExpiredTokenStore } from './ports/expired-token.store';
import { SqlExpiredTokenStore } from './infrastructure/sql-expired-token.store';
import {
  DEFAULT_TOKEN_PRUNE_BATCH_SIZE,
  DEFAULT_TOKEN_PRUNE_INTERVAL_MS,
  TokenPruner,
} from './token-pruner';

export interface TokenPruningOptions {
  /** GATEHOUSE_TOKEN_RETENTION_DAYS. */
  retentionDays: number;
  /** Default hourly. */
  intervalMs?: number;
}

const TOKEN_PRUNING_OPTIONS = Symbol('gatehouse.tokenPruningOptions');

const SILENT = { info: () => undefined, warn: () => undefined };

/** Runs the TokenPruner while the application runs. */
@Injectable()
class TokenPruningLifecycle implements OnApplicationBootstrap, BeforeApplicationShutdown {
  readonly pruner: TokenPruner;

  constructor(
    store: ExpiredTokenStore,
    @Inject(CLOCK) clock: Clock,
    @Inject(TOKEN_PRUNING_OPTIONS) options: TokenPruningOptions,
    @Optional() @Inject(LOGGER) logger?: Logger,
  ) {
    this.pruner = new TokenPruner(
      { store, clock, logger: logger ? logger.child({ component: 'token-pruner' }) : SILENT },
      {
        retentionMs: options.retentionDays * 86_400_000,
        intervalMs: options.intervalMs ?? DEFAULT_TOKEN_PRUNE_INTERVAL_MS,
        batchSize: DEFAULT_TOKEN_PRUNE_BATCH_SIZE,
      },
    );
  }

  onApplicationBootstrap(): void {
    this.pruner.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.pruner.stop();
  }
}

/**
 * Prunes expired access and refresh tokens on a timer. Imported by the service that issues
 * interactive tokens (AuthModule), once per process; needs the DataSource and CLOCK.
 */
@Module({})
export class TokenPruningModule {
  static forRoot(options: TokenPruningOptions): DynamicModule {
    return {
      module: TokenPruningModule,
      providers: [
        { provide: TOKEN_PRUNING_OPTIONS, useValue: options },
        { provide: ExpiredTokenStore, useClass: SqlExpiredTokenStore },
        TokenPruningLifecycle,
      ],
      exports: [TokenPruningLifecycle],
    };
  }
}
