import { jobSecretsSchema, mergeJobSecrets, secretNames } from './job-secrets';

describe('mergeJobSecrets', () => {
  it.each([
    ['replaces listed secrets', { A: '1', B: '2' }, { A: 'one' }, { A: 'one', B: '2' }],
    ['adds new secrets', { A: '1' }, { C: '3' }, { A: '1', C: '3' }],
    ['removes a secret given as an empty string', { A: '1', B: '2' }, { B: '' }, { A: '1' }],
    ['ignores the removal of an unknown secret', { A: '1' }, { Z: '' }, { A: '1' }],
    ['keeps everything for an empty update', { A: '1', B: '2' }, {}, { A: '1', B: '2' }],
    [
      'does all three at once',
      { A: '1', B: '2', C: '3' },
      { A: 'x', B: '', D: '4' },
      { A: 'x', C: '3', D: '4' },
    ],
  ])('%s', (_name, stored, update, expected) => {
    const storedCopy = { ...stored };
    expect(mergeJobSecrets(stored, update)).toEqual(expected);
    expect(stored).toEqual(storedCopy);
  });
});

describe('secretNames', () => {
  it('lists names sorted, never values', () => {
    expect(secretNames({ ZETA: 'z', ALPHA: 'a', HF_TOKEN: 'hf_x' })).toEqual([
      'ALPHA',
      'HF_TOKEN',
      'ZETA',
    ]);
    expect(secretNames({})).toEqual([]);
  });
});

describe('jobSecretsSchema', () => {
  const onCreate = jobSecretsSchema({ allowEmptyValues: false });
  const onUpdate = jobSecretsSchema({ allowEmptyValues: true });

  it('accepts environment-variable names', () => {
    expect(onCreate.parse({ HF_TOKEN: 'hf_abc', _PRIVATE: 'x', A1: 'y' })).toEqual({
      HF_TOKEN: 'hf_abc',
      _PRIVATE: 'x',
      A1: 'y',
    });
  });

  it.each([
    [
      'a lower-case name',
      { hf_token: 'x' },
      ['hf_token'],
      'names are environment variable names: A-Z, 0-9 and _, not starting with a digit',
    ],
    [
      'a name led by a digit',
      { '1ABC': 'x' },
      ['1ABC'],
      'names are environment variable names: A-Z, 0-9 and _, not starting with a digit',
    ],
    [
      'a name with a dash',
      { 'A-B': 'x' },
      ['A-B'],
      'names are environment variable names: A-Z, 0-9 and _, not starting with a digit',
    ],
    [
      'an empty name',
      { '': 'x' },
      [''],
      'names are environment variable names: A-Z, 0-9 and _, not starting with a digit',
    ],
    [
      'a 129-character name',
      { ['A'.repeat(129)]: 'x' },
      ['A'.repeat(129)],
      'names are at most 128 characters',
    ],
    [
      'WEBHOOK_PAYLOAD',
      { WEBHOOK_PAYLOAD: 'x' },
      ['WEBHOOK_PAYLOAD'],
      'WEBHOOK_PAYLOAD is set by the webhook itself and cannot be a secret',
    ],
    [
      'WEBHOOK_SECRET',
      { WEBHOOK_SECRET: 'x' },
      ['WEBHOOK_SECRET'],
      'WEBHOOK_SECRET is set by the webhook itself and cannot be a secret',
    ],
    ['an empty value', { A: '' }, ['A'], 'must not be empty'],
    ['a value with NUL', { A: 'a\0b' }, ['A'], 'must not contain NUL characters'],
    [
      'a 65,537-character value',
      { A: 'x'.repeat(65_537) },
      ['A'],
      'must be at most 65536 characters',
    ],
    ['a number value', { A: 1 }, ['A'], 'secret values must be strings'],
  ])('refuses %s on create', (_label, value, path, message) => {
    const result = onCreate.safeParse(value);
    expect(result.success).toBe(false);
    expect(result.error!.issues[0]).toMatchObject({ path, message });
  });

  it('refuses more than 100 secrets', () => {
    const many = Object.fromEntries(Array.from({ length: 101 }, (_, i) => [`S${i}`, 'v']));
    expect(onCreate.safeParse(many).error!.issues[0]).toMatchObject({
      path: [],
      message: 'at most 100 secrets',
    });
  });

  it('accepts an empty value (removal) only on update', () => {
    expect(onUpdate.parse({ A: '' })).toEqual({ A: '' });
    expect(onCreate.safeParse({ A: '' }).success).toBe(false);
  });

  it('refuses a non-object', () => {
    expect(onCreate.safeParse(['A']).error!.issues[0]!.message).toBe(
      'must be an object of name to value',
    );
  });
});
