import { ApiError, type JobTokenRequest, type MintedJobToken } from '@gatehouse/domain';
import { JobLaunchError } from '../ports/job-launcher';
import { JobTokenMinter } from '../ports/job-token-minter';

/** What mints in the same process: token-exchange's JobTokenService, found by the all-in-one. */
export interface JobTokenMinting {
  mint(request: JobTokenRequest): Promise<MintedJobToken>;
}

const PERMANENT_CODES: ReadonlySet<string> = new Set(['bad_request', 'forbidden', 'not_found']);

/**
 * The all-in-one: token-exchange runs in the same process, so the service is called directly;
 * its refusals become launch failures as the HTTP minter's 4xx answers do.
 */
export class InProcessJobTokenMinter extends JobTokenMinter {
  constructor(private readonly minting: () => JobTokenMinting) {
    super();
  }

  async mint(request: JobTokenRequest): Promise<MintedJobToken> {
    try {
      return await this.minting().mint(request);
    } catch (error) {
      if (error instanceof ApiError)
        throw new JobLaunchError(
          `the Job token could not be minted: ${error.message}`,
          PERMANENT_CODES.has(error.code),
        );
      throw new JobLaunchError('the Job token could not be minted', false);
    }
  }
}
