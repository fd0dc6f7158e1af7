import { Inject, Injectable } from '@nestjs/common';
import { hashToken } from '@gatehouse/crypto';
import {
  ApiError,
  type Clock,
  hasValidChecksum,
  leakedCredentialCandidates,
  rateLimitKeyOf,
} from '@gatehouse/domain';
import { FlowStore, RateLimiter } from '@gatehouse/flow-state';
import { OutboxWriter, RandomSource, TransactionRunner } from '@gatehouse/identity';
import { CLOCK, FLOW_STORE } from '@gatehouse/platform';
import { leakReportMessage } from './leaked-credential-events';
import { LEAKED_CREDENTIALS_OPTIONS, LeakedCredentialsOptions } from './leaked-credentials-options';

/**
 * `POST /api/credentials/revoke` up to its answer (docs/security.md "Leaked tokens"). It looks no
 * token up: it picks the well-formed tokens of the batch (leakedCredentialCandidates), hashes
 * them and queues their hashes in the outbox, where RevokeLeakedCredentials takes them. So the
 * work, and the time, of the answer is the same whether the tokens are live, dead or made up,
 * and a crash after the answer loses nothing. It has no token store to look anything up with.
 */
@Injectable()
export class ReportLeakedCredentials {
  private readonly reports: RateLimiter;

  constructor(
    private readonly transactions: TransactionRunner,
    private readonly outbox: OutboxWriter,
    private readonly random: RandomSource,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(LEAKED_CREDENTIALS_OPTIONS) private readonly options: LeakedCredentialsOptions,
    @Inject(FLOW_STORE) store: FlowStore,
  ) {
    this.reports = new RateLimiter(store, 'leaked-credential-reports:');
  }

  /** `body` as parsed, whatever it is; `address` the client's (clientAddressOf). */
  async execute(request: { body: unknown; address: string }): Promise<void> {
    const { reportsPerAddress, windowSeconds } = this.options;
    const admitted = await this.reports.hit(
      rateLimitKeyOf(request.address),
      reportsPerAddress,
      windowSeconds * 1000,
    );
    if (!admitted.allowed) {
      throw new ApiError(
        'rate_limited',
        'Too many leak reports from your address; try again later',
        {
          retryAfterSeconds: Math.max(1, Math.ceil(admitted.resetMs / 1000)),
          detail: `address ${request.address}`,
        },
      );
    }
    const candidates = leakedCredentialCandidates(request.body);
    if (candidates.length === 0) return;
    const nowMs = this.clock.now();
    const message = leakReportMessage({
      reportId: this.random.id(nowMs),
      tokenHashes: candidates.map(hashToken),
      checksummed: candidates.filter(hasValidChecksum).length,
      reportedAt: new Date(nowMs),
    });
    await this.transactions.run((tx) => this.outbox.append(tx, message));
  }
}
