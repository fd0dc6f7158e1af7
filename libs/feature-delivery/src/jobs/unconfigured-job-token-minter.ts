import type { MintedJobToken } from '@gatehouse/domain';
import { JobLaunchError } from './ports/job-launcher';
import { JobTokenMinter } from './ports/job-token-minter';

/**
 * A delivery worker not told where token-exchange is (no GATEHOUSE_TOKEN_EXCHANGE_URL): a Job
 * webhook that asks for a token fails its launch for good, as a Job never starts without it.
 */
export class UnconfiguredJobTokenMinter extends JobTokenMinter {
  mint(): Promise<MintedJobToken> {
    return Promise.reject(
      new JobLaunchError(
        'the Job token could not be minted: this delivery worker has no GATEHOUSE_TOKEN_EXCHANGE_URL',
        true,
      ),
    );
  }
}
