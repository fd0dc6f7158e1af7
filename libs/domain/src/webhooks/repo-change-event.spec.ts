import { repoChangeEventSchema } from './repo-change-event';
import { aPullRequestOpenedEvent, aSpacePushEvent } from '../testing/repo-change-event-builders';

function firstIssue(value: unknown): { path: PropertyKey[]; message: string } {
  const result = repoChangeEventSchema.safeParse(value);
  expect(result.success).toBe(false);
  const { path, message } = result.error!.issues[0]!;
  return { path, message };
}

describe('repoChangeEventSchema', () => {
  it.each([
    ['a pull request opened', aPullRequestOpenedEvent()],
    ['a push to a Space', aSpacePushEvent()],
    [
      'a repo move',
      {
        ...aSpacePushEvent(),
        event: { action: 'move', scope: 'repo' },
        movedTo: { name: 'Wauplin/history', owner: { id: '6273f303f6d63a28483fde12' } },
      },
    ],
    [
      'a config change',
      {
        ...aSpacePushEvent(),
        event: { action: 'update', scope: 'repo.config' },
        updatedConfig: { private: true },
      },
    ],
    [
      'a future sub-scope',
      { ...aSpacePushEvent(), event: { action: 'create', scope: 'repo.config.dois' } },
    ],
    [
      'a bucket change',
      {
        ...aSpacePushEvent(),
        updatedRefs: undefined,
        repo: {
          type: 'bucket',
          name: 'julien-c/data',
          id: 'b1',
          private: true,
          owner: { id: 'u1', name: 'julien-c' },
        },
      },
    ],
    [
      'a hidden comment without content',
      {
        ...aPullRequestOpenedEvent(),
        event: { action: 'update', scope: 'discussion.comment' },
        comment: { id: 'c1', author: { id: 'a1' }, hidden: true },
      },
    ],
  ])('accepts %s', (_label, event) => {
    expect(repoChangeEventSchema.parse(event)).toEqual(JSON.parse(JSON.stringify(event)));
  });

  it.each([
    [
      'an id with a dot',
      { ...aSpacePushEvent(), id: 'a.b' },
      ['id'],
      'must be 1-128 characters of A-Z, a-z, 0-9, _ and -',
    ],
    [
      'a time without offset',
      { ...aSpacePushEvent(), time: '2024-01-02T03:04:05' },
      ['time'],
      'Invalid ISO datetime',
    ],
    [
      'an unknown action',
      { ...aSpacePushEvent(), event: { action: 'add', scope: 'repo' } },
      ['event', 'action'],
      'Invalid option: expected one of "create"|"update"|"delete"|"move"',
    ],
    [
      'an unknown scope',
      { ...aSpacePushEvent(), event: { action: 'update', scope: 'billing' } },
      ['event', 'scope'],
      'must be repo, repo.content, repo.config, discussion, discussion.comment or a sub-scope',
    ],
    [
      'create on repo.content',
      { ...aSpacePushEvent(), event: { action: 'create', scope: 'repo.content' } },
      ['event', 'action'],
      'repo.content events take update',
    ],
    [
      'move on a discussion',
      { ...aPullRequestOpenedEvent(), event: { action: 'move', scope: 'discussion' } },
      ['event', 'action'],
      'discussion events take create|update|delete',
    ],
    [
      'a discussion event without discussion',
      { ...aPullRequestOpenedEvent(), discussion: undefined },
      ['discussion'],
      'is required for discussion events',
    ],
    [
      'a comment event without comment',
      {
        ...aPullRequestOpenedEvent(),
        event: { action: 'create', scope: 'discussion.comment' },
        comment: undefined,
      },
      ['comment'],
      'is required for discussion.comment events',
    ],
    [
      'a move without movedTo',
      { ...aSpacePushEvent(), event: { action: 'move', scope: 'repo' } },
      ['movedTo'],
      'is required for move events',
    ],
    [
      'a bucket discussion',
      {
        ...aPullRequestOpenedEvent(),
        repo: {
          type: 'bucket',
          name: 'a/b',
          id: 'b1',
          private: false,
          owner: { id: 'u', name: 'a' },
        },
      },
      ['event', 'scope'],
      'buckets have no discussions',
    ],
    [
      'an unknown repo type',
      { ...aSpacePushEvent(), repo: { ...aSpacePushEvent().repo, type: 'collection' } },
      ['repo', 'type'],
      'Invalid option: expected one of "model"|"dataset"|"space"|"bucket"',
    ],
    [
      'a bad repo name',
      { ...aSpacePushEvent(), repo: { ...aSpacePushEvent().repo, name: 'a/b/c' } },
      ['repo', 'name'],
      'a space is named by its repository id, "owner/name" (or a legacy bare name)',
    ],
    [
      'an owner that is not the namespace',
      {
        ...aSpacePushEvent(),
        repo: { ...aSpacePushEvent().repo, owner: { id: 'x', name: 'someone-else' } },
      },
      ['repo', 'owner', 'name'],
      'must be the namespace of repo.name ("Wauplin")',
    ],
    [
      'a short headSha',
      { ...aSpacePushEvent(), repo: { ...aSpacePushEvent().repo, headSha: 'abc123' } },
      ['repo', 'headSha'],
      'must be a hexadecimal git object id',
    ],
    [
      'a ref that is not a full name',
      { ...aSpacePushEvent(), updatedRefs: [{ ref: 'main', oldSha: null, newSha: null }] },
      ['updatedRefs', 0, 'ref'],
      'must be a full ref name such as refs/heads/main',
    ],
    [
      'a bad discussion status',
      {
        ...aPullRequestOpenedEvent(),
        discussion: { ...aPullRequestOpenedEvent().discussion!, status: 'wip' },
      },
      ['discussion', 'status'],
      'Invalid option: expected one of "open"|"closed"|"merged"|"draft"',
    ],
  ])('refuses %s', (_label, event, path, message) => {
    expect(firstIssue(event)).toEqual({ path, message });
  });

  it('matches the owner namespace case-insensitively', () => {
    const event = {
      ...aSpacePushEvent(),
      repo: { ...aSpacePushEvent().repo, owner: { id: 'x', name: 'wauplin' } },
    };
    expect(repoChangeEventSchema.safeParse(event).success).toBe(true);
  });
});
