import {
  type MatchableEvent,
  type Subscription,
  SubscriptionIndex,
  type SubscriptionState,
} from './subscription-index';

function sub(
  webhookId: string,
  watched: Subscription['watched'],
  extra: Partial<Subscription> = {},
): Subscription {
  return {
    webhookId,
    ownerId: `owner-of-${webhookId}`,
    watched,
    domains: ['repo', 'discussion'],
    disabled: false,
    revision: 1,
    ...extra,
  };
}

function repoEvent(scope: string, repo: Partial<MatchableEvent['repo']> = {}): MatchableEvent {
  return {
    event: { scope },
    repo: {
      type: 'model',
      name: 'openai-community/gpt2',
      private: false,
      owner: { id: 'o1', name: 'openai-community' },
      ...repo,
    },
  };
}

const everyone = { canRead: () => true };
const ids = (subs: SubscriptionState[]) => subs.map((s) => s.webhookId).sort();

describe('SubscriptionIndex.match', () => {
  const index = new SubscriptionIndex();
  index.upsert(sub('repo-watcher', [{ type: 'model', name: 'openai-community/gpt2' }]));
  index.upsert(sub('repo-watcher-other-case', [{ type: 'model', name: 'OpenAI-Community/GPT2' }]));
  index.upsert(sub('dataset-same-name', [{ type: 'dataset', name: 'openai-community/gpt2' }]));
  index.upsert(sub('org-watcher', [{ type: 'org', name: 'openai-community' }]));
  index.upsert(sub('user-type-watcher', [{ type: 'user', name: 'openai-community' }]));
  index.upsert(
    sub('both-repo-and-org', [
      { type: 'model', name: 'openai-community/gpt2' },
      { type: 'org', name: 'openai-community' },
    ]),
  );
  index.upsert(
    sub('repo-domain-only', [{ type: 'org', name: 'openai-community' }], { domains: ['repo'] }),
  );
  index.upsert(
    sub('discussion-domain-only', [{ type: 'org', name: 'openai-community' }], {
      domains: ['discussion'],
    }),
  );
  index.upsert(sub('disabled', [{ type: 'org', name: 'openai-community' }], { disabled: true }));
  index.upsert(sub('other-repo', [{ type: 'model', name: 'openai-community/gpt2-xl' }]));
  index.upsert(sub('legacy-name', [{ type: 'model', name: 'gpt2' }]));
  index.upsert(sub('bucket-watcher', [{ type: 'bucket', name: 'openai-community/weights' }]));

  const ALL_REPO = [
    'both-repo-and-org',
    'org-watcher',
    'repo-domain-only',
    'repo-watcher',
    'repo-watcher-other-case',
    'user-type-watcher',
  ];
  const ALL_DISCUSSION = [
    'both-repo-and-org',
    'discussion-domain-only',
    'org-watcher',
    'repo-watcher',
    'repo-watcher-other-case',
    'user-type-watcher',
  ];

  it.each([
    ['repo', ALL_REPO],
    ['repo.content', ALL_REPO],
    ['repo.config', ALL_REPO],
    ['repo.config.dois', ALL_REPO],
    ['discussion', ALL_DISCUSSION],
    ['discussion.comment', ALL_DISCUSSION],
    ['billing', []],
  ])('a %s event on the repo reaches %p', (scope, expected) => {
    expect(ids(index.match(repoEvent(scope), everyone))).toEqual(expected);
  });

  it('delivers once to a webhook watching both the repo and its owner', () => {
    expect(
      index.match(repoEvent('repo'), everyone).filter((s) => s.webhookId === 'both-repo-and-org'),
    ).toHaveLength(1);
  });

  it('matches a legacy bare repo name only when the event carries it', () => {
    expect(ids(index.match(repoEvent('repo', { name: 'gpt2' }), everyone))).toEqual(
      [
        'both-repo-and-org',
        'org-watcher',
        'repo-domain-only',
        'user-type-watcher',
        'legacy-name',
      ].sort(),
    );
  });

  it('does not confuse repository types', () => {
    expect(ids(index.match(repoEvent('repo', { type: 'dataset' }), everyone))).toEqual(
      [
        'both-repo-and-org',
        'dataset-same-name',
        'org-watcher',
        'repo-domain-only',
        'user-type-watcher',
      ].sort(),
    );
  });

  it('sends bucket events only to watchers of that bucket, never to owner watchers', () => {
    const bucket = repoEvent('repo.content', { type: 'bucket', name: 'openai-community/weights' });
    expect(ids(index.match(bucket, everyone))).toEqual(['bucket-watcher']);
    expect(
      ids(
        index.match(
          { ...bucket, repo: { ...bucket.repo, name: 'openai-community/other' } },
          everyone,
        ),
      ),
    ).toEqual([]);
  });

  it('sends a private repository event only to webhooks whose owner can read it', () => {
    const asked: string[] = [];
    const access = {
      canRead: (ownerUserId: string, repo: MatchableEvent['repo']) => {
        asked.push(ownerUserId);
        expect(repo.name).toBe('openai-community/gpt2');
        return ownerUserId === 'owner-of-org-watcher';
      },
    };
    expect(ids(index.match(repoEvent('repo', { private: true }), access))).toEqual(['org-watcher']);
    expect(asked.sort()).toEqual(ALL_REPO.map((id) => `owner-of-${id}`).sort());
  });

  it('never asks about access for public repositories', () => {
    const access = { canRead: jest.fn(() => false) };
    expect(index.match(repoEvent('repo'), access)).toHaveLength(ALL_REPO.length);
    expect(access.canRead).not.toHaveBeenCalled();
  });
});

describe('SubscriptionIndex updates', () => {
  const event = repoEvent('repo');

  it('replaces a subscription with a newer revision and re-indexes it', () => {
    const index = new SubscriptionIndex();
    expect(index.upsert(sub('w', [{ type: 'org', name: 'openai-community' }]))).toBe(true);
    expect(index.upsert(sub('w', [{ type: 'org', name: 'someone-else' }], { revision: 2 }))).toBe(
      true,
    );
    expect(index.match(event, everyone)).toEqual([]);
    expect(index.candidateCount(event)).toBe(0);
    expect(index.size).toBe(1);
  });

  it.each([
    ['older', 1],
    ['same', 2],
  ])('ignores an upsert with an %s revision', (_label, revision) => {
    const index = new SubscriptionIndex();
    index.upsert(sub('w', [{ type: 'org', name: 'openai-community' }], { revision: 2 }));
    expect(index.upsert(sub('w', [{ type: 'org', name: 'someone-else' }], { revision }))).toBe(
      false,
    );
    expect(ids(index.match(event, everyone))).toEqual(['w']);
  });

  it('stops matching when disabled and matches again when enabled', () => {
    const index = new SubscriptionIndex();
    const watched = [{ type: 'org' as const, name: 'openai-community' }];
    index.upsert(sub('w', watched));
    index.upsert(sub('w', watched, { disabled: true, revision: 2 }));
    expect(index.match(event, everyone)).toEqual([]);
    expect(index.candidateCount(event)).toBe(0);
    expect(index.get('w')?.disabled).toBe(true);
    index.upsert(sub('w', watched, { revision: 3 }));
    expect(ids(index.match(event, everyone))).toEqual(['w']);
  });

  it('removes a webhook and keeps a late, older upsert from bringing it back', () => {
    const index = new SubscriptionIndex();
    const watched = [{ type: 'org' as const, name: 'openai-community' }];
    index.upsert(sub('w', watched, { revision: 4 }));
    expect(index.remove('w', 5)).toBe(true);
    expect(index.upsert(sub('w', watched, { revision: 4 }))).toBe(false);
    expect(index.upsert(sub('w', watched, { revision: 5 }))).toBe(false);
    expect(index.match(event, everyone)).toEqual([]);
    expect(index.size).toBe(0);
  });

  it('ignores a delete older than the stored version', () => {
    const index = new SubscriptionIndex();
    index.upsert(sub('w', [{ type: 'org', name: 'openai-community' }], { revision: 7 }));
    expect(index.remove('w', 6)).toBe(false);
    expect(ids(index.match(event, everyone))).toEqual(['w']);
  });

  it('removes without a revision unconditionally', () => {
    const index = new SubscriptionIndex();
    index.upsert(sub('w', [{ type: 'org', name: 'openai-community' }], { revision: 7 }));
    expect(index.remove('w')).toBe(true);
    expect(index.remove('w')).toBe(false);
    expect(
      index.upsert(sub('w', [{ type: 'org', name: 'openai-community' }], { revision: 1 })),
    ).toBe(true);
  });

  it('keeps the other watchers of a shared key as webhooks come and go, one watching it twice', () => {
    const index = new SubscriptionIndex();
    const org = { type: 'org' as const, name: 'openai-community' };
    index.upsert(sub('a', [org]));
    index.upsert(sub('b', [org, { type: 'user', name: 'OpenAI-Community' }]));
    index.upsert(sub('c', [org]));
    expect(ids(index.match(event, everyone))).toEqual(['a', 'b', 'c']);
    expect(index.remove('a')).toBe(true);
    expect(ids(index.match(event, everyone))).toEqual(['b', 'c']);
    expect(index.remove('c')).toBe(true);
    expect(ids(index.match(event, everyone))).toEqual(['b']);
    expect(index.candidateCount(event)).toBe(1);
    expect(index.remove('b')).toBe(true);
    expect(index.candidateCount(event)).toBe(0);
    index.upsert(sub('c', [org], { revision: 2 }));
    expect(ids(index.match(event, everyone))).toEqual(['c']);
  });

  it('hands back what it holds of a webhook, without its watched items', () => {
    const index = new SubscriptionIndex();
    index.upsert(
      sub('w', [{ type: 'org', name: 'openai-community' }], {
        ownerId: 'alice',
        domains: ['discussion'],
        revision: 7,
      }),
    );
    index.upsert(sub('off', [{ type: 'org', name: 'openai-community' }], { disabled: true }));
    const expected = {
      webhookId: 'w',
      ownerId: 'alice',
      domains: ['discussion'],
      disabled: false,
      revision: 7,
    };
    expect(index.get('w')).toEqual(expected);
    expect(index.match(repoEvent('discussion.comment'), everyone)).toEqual([expected]);
    expect(index.get('off')).toEqual({
      webhookId: 'off',
      ownerId: 'owner-of-off',
      domains: ['repo', 'discussion'],
      disabled: true,
      revision: 1,
    });
    expect(index.get('unknown')).toBeUndefined();
  });

  it('reuses the place of a removed webhook without mixing the two up', () => {
    const index = new SubscriptionIndex();
    index.upsert(sub('old', [{ type: 'org', name: 'openai-community' }], { revision: 3 }));
    expect(index.remove('old')).toBe(true);
    index.upsert(sub('new', [{ type: 'model', name: 'openai-community/gpt2' }]));
    expect(ids(index.match(repoEvent('repo'), everyone))).toEqual(['new']);
    expect(
      ids(index.match(repoEvent('repo', { name: 'openai-community/other' }), everyone)),
    ).toEqual([]);
    expect(index.get('new')?.revision).toBe(1);
    expect(index.get('old')).toBeUndefined();
  });
});

describe('SubscriptionIndex at scale', () => {
  it('matches among 100,000 webhooks by touching only the candidates', () => {
    const index = new SubscriptionIndex();
    for (let i = 0; i < 100_000; i++) {
      index.upsert(
        sub(`w${i}`, [
          { type: i % 2 ? 'model' : 'dataset', name: `org${i % 5000}/repo${i}` },
          { type: 'user', name: `user${i}` },
        ]),
      );
    }
    index.upsert(sub('watches-repo', [{ type: 'model', name: 'org7/repo7' }]));
    index.upsert(sub('watches-owner', [{ type: 'org', name: 'org7' }]));
    expect(index.size).toBe(100_002);

    const event = repoEvent('repo.content', {
      name: 'org7/repo7',
      private: true,
      owner: { id: 'o7', name: 'org7' },
    });
    const canRead = jest.fn(() => true);
    const matched = index.match(event, { canRead });

    expect(ids(matched)).toEqual(['w7', 'watches-owner', 'watches-repo']);
    expect(index.candidateCount(event)).toBe(3);
    expect(canRead).toHaveBeenCalledTimes(3);
  });
});
