import type { RepoChangeEvent } from '@gatehouse/domain';
import { aRepoChangeEvent, type RepoChangeEventOverrides } from '@gatehouse/domain/testing';

export const GPT2_REPO_ID = '621ffdc036468d709f17434d';
const GPT2_OWNER_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';
const GPT2_HEAD = 'c379e821c9c95d613899e8c4343e4bfee2b0c600';

/** A push to openai-community/gpt2 (owner: the ORG of the fakes). */
export function pushEvent(id: string, overrides: RepoChangeEventOverrides = {}): RepoChangeEvent {
  return aRepoChangeEvent({
    id,
    updatedRefs: [{ ref: 'refs/heads/main', oldSha: 'a'.repeat(40), newSha: GPT2_HEAD }],
    ...overrides,
    repo: {
      id: GPT2_REPO_ID,
      owner: { id: GPT2_OWNER_ID, name: 'openai-community' },
      headSha: GPT2_HEAD,
      ...overrides.repo,
    },
  });
}
