/** A repo.content update on a model, shaped as the delivery worker sends it (payload v3). */
export function repoUpdatePayload(
  overrides: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    event: { action: 'update', scope: 'repo.content' },
    repo: {
      type: 'model',
      name: 'acme/sentiment-small',
      id: '6650f1c2a9b3e41d2c7f0a11',
      private: false,
      owner: { id: '6650f1c2a9b3e41d2c7f0a01' },
      url: {
        web: 'https://hub.example.test/acme/sentiment-small',
        api: 'https://hub.example.test/api/models/acme/sentiment-small',
      },
      headSha: '9c1f4b7e2d3a5c6b8e0f1a2b3c4d5e6f7a8b9c0d',
    },
    updatedRefs: [
      {
        ref: 'refs/heads/main',
        oldSha: '1111111111111111111111111111111111111111',
        newSha: '9c1f4b7e2d3a5c6b8e0f1a2b3c4d5e6f7a8b9c0d',
      },
    ],
    webhook: { id: '6650f1c2a9b3e41d2c7f0aff', version: 3 },
    ...overrides,
  };
}

/** A pull request opened on a Space: discussion and its first comment. */
export function pullRequestOpenedPayload(): Record<string, unknown> {
  return {
    event: { action: 'create', scope: 'discussion' },
    repo: {
      type: 'space',
      name: 'acme/demo',
      id: '6650f1c2a9b3e41d2c7f0a22',
      private: true,
      owner: { id: '6650f1c2a9b3e41d2c7f0a01' },
      url: { web: 'https://hub.example.test/spaces/acme/demo' },
      subdomain: 'acme-demo',
    },
    discussion: {
      id: '6650f1c2a9b3e41d2c7f0a33',
      num: 7,
      author: { id: '6650f1c2a9b3e41d2c7f0a44' },
      url: { web: 'https://hub.example.test/spaces/acme/demo/discussions/7' },
      title: 'Fix the README',
      isPullRequest: true,
      status: 'open',
      changes: { base: 'refs/heads/main' },
      pinned: false,
    },
    comment: {
      id: '6650f1c2a9b3e41d2c7f0a55',
      author: { id: '6650f1c2a9b3e41d2c7f0a44' },
      hidden: false,
      content: 'Typo fixes.',
      url: {
        web: 'https://hub.example.test/spaces/acme/demo/discussions/7#6650f1c2a9b3e41d2c7f0a55',
      },
    },
    webhook: { id: '6650f1c2a9b3e41d2c7f0aff', version: 3 },
  };
}
