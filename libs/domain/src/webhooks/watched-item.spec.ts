import { watchedItemSchema, watchedKey, watchedNameProblem } from './watched-item';

describe('watchedNameProblem', () => {
  it.each([
    ['model', 'gpt2'],
    ['model', 'openai-community/gpt2'],
    ['model', 'bert-base-uncased'],
    ['dataset', 'HuggingFaceH4/ultrachat_200k'],
    ['space', 'wauplin/gradio-user-history'],
    ['model', 'a/b.c_d-e'],
    ['model', '_private/x'],
    ['user', 'julien-c'],
    ['org', 'HuggingFaceH4'],
    ['bucket', 'julien-c/my-bucket'],
    ['model', `${'a'.repeat(96)}/${'b'.repeat(96)}`],
  ] as const)('accepts %s %s', (type, name) => {
    expect(watchedNameProblem(type, name)).toBeNull();
  });

  it.each([
    [
      'model',
      'a/b/c',
      'a model is named by its repository id, "owner/name" (or a legacy bare name)',
    ],
    [
      'model',
      '/gpt2',
      'a model is named by its repository id, "owner/name" (or a legacy bare name)',
    ],
    [
      'model',
      'owner/',
      'a model is named by its repository id, "owner/name" (or a legacy bare name)',
    ],
    [
      'model',
      '-gpt2',
      'a model is named by its repository id, "owner/name" (or a legacy bare name)',
    ],
    [
      'model',
      'gpt2.',
      'a model is named by its repository id, "owner/name" (or a legacy bare name)',
    ],
    [
      'model',
      'a--b',
      'a model is named by its repository id, "owner/name" (or a legacy bare name)',
    ],
    [
      'dataset',
      'a..b',
      'a dataset is named by its repository id, "owner/name" (or a legacy bare name)',
    ],
    [
      'space',
      'with space/x',
      'a space is named by its repository id, "owner/name" (or a legacy bare name)',
    ],
    ['model', 'é/x', 'a model is named by its repository id, "owner/name" (or a legacy bare name)'],
    [
      'model',
      'a'.repeat(97),
      'a model is named by its repository id, "owner/name" (or a legacy bare name)',
    ],
    ['user', 'julien-c/x', 'a user is named by its user name'],
    ['org', 'bad name', 'an org is named by its organization name'],
    ['bucket', 'my-bucket', 'a bucket is named "owner/name"'],
    ['bucket', 'a/b/c', 'a bucket is named "owner/name"'],
  ] as const)('refuses %s %p', (type, name, problem) => {
    expect(watchedNameProblem(type, name)).toBe(problem);
  });
});

describe('watchedItemSchema', () => {
  it('keeps exactly type and name', () => {
    expect(watchedItemSchema.parse({ type: 'user', name: 'julien-c', extra: 1 })).toEqual({
      type: 'user',
      name: 'julien-c',
    });
  });

  it.each([
    [
      { type: 'repo', name: 'x' },
      ['type'],
      'must be one of model, dataset, space, org, user, bucket',
    ],
    [{ type: 'model' }, ['name'], 'must be a string'],
    [{ type: 'model', name: '' }, ['name'], 'must not be empty'],
    [{ type: 'bucket', name: 'solo' }, ['name'], 'a bucket is named "owner/name"'],
  ])('refuses %p', (value, path, message) => {
    expect(watchedItemSchema.safeParse(value).error!.issues[0]).toMatchObject({ path, message });
  });
});

describe('watchedKey', () => {
  it('ignores case, since Hub names are case-insensitive', () => {
    expect(watchedKey('model', 'OpenAI-Community/GPT2')).toBe('model:openai-community/gpt2');
    expect(watchedKey('org', 'HuggingFaceH4')).toBe(watchedKey('org', 'huggingfaceh4'));
  });
});
