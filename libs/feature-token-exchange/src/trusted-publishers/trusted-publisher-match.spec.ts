import { InvalidGrant, InvalidRequest, InvalidTarget, OAuthError } from '@gatehouse/domain';
import { matchTrustedPublisher } from './trusted-publisher-match';
import type { TrustedPublisher } from './ports/trusted-publisher.store';

const entry = (id: string, fields: Partial<TrustedPublisher> = {}): TrustedPublisher => ({
  id,
  issuer: 'https://ci.example',
  jwksUri: 'https://ci.example/jwks',
  audience: 'gatehouse',
  conditions: { repository: 'acme/bert-training', ref: 'refs/heads/main' },
  repoType: 'model',
  repoName: 'acme/bert',
  ...fields,
});

const bert = entry('bert');
const data = entry('data', {
  repoType: 'dataset',
  repoName: 'acme/corpus',
  conditions: { repository: 'acme/corpus-ci' },
});
const claims = {
  aud: 'gatehouse',
  repository: 'acme/bert-training',
  ref: 'refs/heads/main',
  workflow: 'release',
};

function refusal(run: () => unknown): OAuthError {
  try {
    run();
  } catch (error) {
    return error as OAuthError;
  }
  throw new Error('expected a refusal');
}

describe('matchTrustedPublisher', () => {
  it('finds the entry whose audience and conditions the claims meet', () => {
    expect(matchTrustedPublisher([bert, data], claims)).toBe(bert);
    expect(
      matchTrustedPublisher([bert, data], { aud: ['gatehouse'], repository: 'acme/corpus-ci' }),
    ).toBe(data);
  });

  it.each([
    [
      'a wrong audience',
      { ...claims, aud: 'https://huggingface.co' },
      InvalidRequest,
      'subject_token audience is not accepted',
    ],
    [
      'an audience list with another audience too',
      { ...claims, aud: ['gatehouse', 'other'] },
      InvalidRequest,
      'subject_token audience is not accepted',
    ],
    [
      'no audience',
      { ...claims, aud: undefined },
      InvalidRequest,
      'subject_token audience is not accepted',
    ],
    [
      'an unmatched repository',
      { ...claims, repository: 'mallory/bert-training' },
      InvalidGrant,
      'No trusted publisher matches this token (repository, workflow or environment)',
    ],
    [
      'another branch',
      { ...claims, ref: 'refs/heads/dev' },
      InvalidGrant,
      'No trusted publisher matches this token (repository, workflow or environment)',
    ],
    [
      'a missing condition claim',
      { aud: 'gatehouse', repository: 'acme/bert-training' },
      InvalidGrant,
      'No trusted publisher matches this token (repository, workflow or environment)',
    ],
    [
      'a condition met only by an object',
      { ...claims, ref: { toString: (): string => 'refs/heads/main' } },
      InvalidGrant,
      'No trusted publisher matches this token (repository, workflow or environment)',
    ],
  ])('refuses %s', (_case, tokenClaims, ErrorClass, description) => {
    const error = refusal(() =>
      matchTrustedPublisher([bert, data], tokenClaims as Record<string, unknown>),
    );
    expect(error).toBeInstanceOf(ErrorClass);
    expect(error.description).toBe(description);
  });

  it('picks the repository named by resource', () => {
    const twin = entry('twin', { repoName: 'acme/bert-small' });
    expect(matchTrustedPublisher([bert, twin], claims, 'model/acme/bert-small')).toBe(twin);
    expect(matchTrustedPublisher([bert, twin], claims, 'models/acme/bert-small')).toBe(twin);
    expect(matchTrustedPublisher([bert, twin], claims, 'acme/bert')).toBe(bert);
    expect(
      matchTrustedPublisher([bert, twin], claims, 'https://hub.example/acme/bert-small/'),
    ).toBe(twin);
    expect(
      matchTrustedPublisher(
        [data],
        { aud: 'gatehouse', repository: 'acme/corpus-ci' },
        'https://hub.example/datasets/acme/corpus',
      ),
    ).toBe(data);
  });

  it('refuses a resource that is not a trusting repository, and ambiguity without resource', () => {
    const twin = entry('twin', { repoName: 'acme/bert-small' });
    expect(refusal(() => matchTrustedPublisher([bert], claims, 'model/acme/other'))).toBeInstanceOf(
      InvalidTarget,
    );
    const ambiguous = refusal(() => matchTrustedPublisher([bert, twin], claims));
    expect(ambiguous).toBeInstanceOf(InvalidRequest);
    expect(ambiguous.description).toBe(
      'Several repositories trust this token: name one with resource',
    );
  });
});
