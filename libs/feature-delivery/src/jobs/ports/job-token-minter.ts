import type { JobTokenRequest, MintedJobToken } from '@gatehouse/domain';

/**
 * Mints the token a Job webhook asks for at launch (docs/architecture.md flow 4, "Job tokens"):
 * token-exchange writes it and its audit entry, the worker only passes the value on as HF_TOKEN.
 * Rejects with JobLaunchError (`permanent` when asking again cannot help), so a failed mint is a
 * failed launch and the Job never starts without its token.
 */
export abstract class JobTokenMinter {
  abstract mint(request: JobTokenRequest): Promise<MintedJobToken>;
}
