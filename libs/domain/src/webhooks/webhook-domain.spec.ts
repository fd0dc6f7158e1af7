import { domainOfScope, webhookDomainsSchema } from './webhook-domain';

describe('webhookDomainsSchema', () => {
  it.each([
    [['repo'], ['repo']],
    [['discussion'], ['discussion']],
    [['discussions'], ['discussion']],
    [
      ['discussion', 'repo'],
      ['repo', 'discussion'],
    ],
    [
      ['repo', 'discussions', 'discussion', 'repo'],
      ['repo', 'discussion'],
    ],
  ])('normalises %p to %p', (input, expected) => {
    expect(webhookDomainsSchema.parse(input)).toEqual(expected);
  });

  it.each([
    [[], [], 'must list at least one of repo, discussion (omit it to receive both)'],
    [['comments'], [0], 'must be "repo" or "discussion" ("discussions" is accepted)'],
    [['toString'], [0], 'must be "repo" or "discussion" ("discussions" is accepted)'],
    [['Repo'], [0], 'must be "repo" or "discussion" ("discussions" is accepted)'],
    [[1], [0], 'must be a string'],
    ['repo', [], 'must be an array of domains'],
  ])('refuses %p', (input, path, message) => {
    expect(webhookDomainsSchema.safeParse(input).error!.issues[0]).toMatchObject({ path, message });
  });
});

describe('domainOfScope', () => {
  it.each([
    ['repo', 'repo'],
    ['repo.content', 'repo'],
    ['repo.config', 'repo'],
    ['repo.config.dois', 'repo'],
    ['discussion', 'discussion'],
    ['discussion.comment', 'discussion'],
    ['repository', null],
    ['billing', null],
  ])('%s -> %s', (scope, domain) => {
    expect(domainOfScope(scope)).toBe(domain);
  });
});
