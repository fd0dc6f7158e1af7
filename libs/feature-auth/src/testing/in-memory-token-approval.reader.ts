import {
  OrganizationTokenRules,
  TokenApprovalReader,
} from '../personal-tokens/ports/token-approval.reader';

/** Test double of TokenApprovalReader: the rules a test puts in, by user id. */
export class InMemoryTokenApprovalReader extends TokenApprovalReader {
  readonly rules = new Map<string, OrganizationTokenRules[]>();

  async rulesOf(userId: string): Promise<OrganizationTokenRules[]> {
    return this.rules.get(userId) ?? [];
  }
}
