import type { RepoChangeEvent } from '@gatehouse/domain';

export const GPT2_REPO_ID = '621ffdc036468d709f17434d';
const GPT2_OWNER_ID = 'bbbbbbbbbbbbbbbbbbbbbbbb';

/** A push to openai-community/gpt2 (owner: the ORG of the fakes). */
export function pushEvent(id: string, overrides: Partial<RepoChangeEvent> = {}): RepoChangeEvent {
  return {
    id,
    time: '2026-01-01T11:59:59.000Z',
    event: { action: 'update', scope: 'repo.content' },
    repo: {
      type: 'model',
      name: 'openai-community/gpt2',
      id: GPT2_REPO_ID,
      private: false,
      owner: { id: GPT2_OWNER_ID, name: 'openai-community' },
      headSha: 'c379e821c9c95d613899e8c4343e4bfee2b0c600',
    },
    updatedRefs: [
      {
        ref: 'refs/heads/main',
        oldSha: 'a'.repeat(40),
        newSha: 'c379e821c9c95d613899e8c4343e4bfee2b0c600',
      },
    ],
    ...overrides,
  };
}
