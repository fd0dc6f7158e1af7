import type { RepoChangeEvent } from '../webhooks/repo-change-event';

/**
 * Test data for the repo change event. A builder takes what the test is about and keeps the rest
 * of a valid event, so a new optional field of the event touches only the tests about it; `repo`
 * is merged field by field (`{ repo: { private: true } }` keeps the name, id and owner).
 */
export type RepoChangeEventOverrides = Partial<Omit<RepoChangeEvent, 'repo'>> & {
  repo?: Partial<RepoChangeEvent['repo']>;
};

function merged(base: RepoChangeEvent, overrides: RepoChangeEventOverrides): RepoChangeEvent {
  const { repo, ...rest } = overrides;
  return { ...base, ...rest, repo: { ...base.repo, ...repo } };
}

const GPT2_HEAD = 'c379e821c9c95d613899e8c4343e4bfee2b0c600';

/** A push to the main branch of the model openai-community/gpt2 (`repo.content` update, no `headSha`). */
export function aRepoChangeEvent(overrides: RepoChangeEventOverrides = {}): RepoChangeEvent {
  return merged(
    {
      id: 'evt_6399f58518721fdd27fc9cab',
      time: '2026-01-01T11:59:59.000Z',
      event: { action: 'update', scope: 'repo.content' },
      repo: {
        type: 'model',
        name: 'openai-community/gpt2',
        id: '621ffdc036468d709f17434d',
        private: false,
        owner: { id: '628b753283ef59b5be89e937', name: 'openai-community' },
      },
      updatedRefs: [{ ref: 'refs/heads/main', oldSha: null, newSha: GPT2_HEAD }],
    },
    overrides,
  );
}

/** The hub-docs "Pull request opened" example as a repo change event. */
export function aPullRequestOpenedEvent(overrides: RepoChangeEventOverrides = {}): RepoChangeEvent {
  return merged(
    {
      id: 'evt_6399f58518721fdd27fc9cab',
      time: '2022-12-14T16:03:17.000Z',
      event: { action: 'create', scope: 'discussion' },
      repo: {
        type: 'model',
        name: 'gpt2',
        id: '621ffdc036468d709f17434d',
        private: false,
        owner: { id: '628b753283ef59b5be89e937', name: 'openai-community' },
        headSha: GPT2_HEAD,
      },
      discussion: {
        id: '6399f58518721fdd27fc9ca9',
        num: 19,
        title: 'Update co2 emissions',
        status: 'open',
        isPullRequest: true,
        author: { id: '61d2f90c3c2083e1c08af22d' },
        changes: { base: 'refs/heads/main' },
      },
      comment: {
        id: '6399f58518721fdd27fc9caa',
        author: { id: '61d2f90c3c2083e1c08af22d' },
        content: 'Add co2 emissions information to the model card',
        hidden: false,
      },
    },
    overrides,
  );
}

/** A push to a Space (the huggingface_hub fixture shape: `subdomain`, `updatedRefs`). */
export function aSpacePushEvent(overrides: RepoChangeEventOverrides = {}): RepoChangeEvent {
  return merged(
    {
      id: 'evt-0001',
      time: '2024-01-02T03:04:05+01:00',
      event: { action: 'update', scope: 'repo.content' },
      repo: {
        type: 'space',
        name: 'Wauplin/gradio-user-history',
        id: '651311c8e8a8a9c5f2b4e9e1',
        private: false,
        owner: { id: '6273f303f6d63a28483fde12', name: 'Wauplin' },
        headSha: '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d',
        subdomain: 'wauplin-gradio-user-history',
      },
      updatedRefs: [
        {
          ref: 'refs/heads/main',
          oldSha: 'ffffffffffffffffffffffffffffffffffffffff',
          newSha: '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d',
        },
        { ref: 'refs/tags/v1', oldSha: null, newSha: '1a2b3c4d5e6f708192a3b4c5d6e7f8091a2b3c4d' },
      ],
    },
    overrides,
  );
}
