import {
  leakedCredentialCandidates,
  MAX_LEAKED_CREDENTIALS_PER_REPORT,
} from './leaked-credentials';

const PERSONAL = 'hf_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9';
const ACCESS = 'hf_oauth_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9';
const REFRESH = 'hf_oauth_refresh_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9';

describe('leakedCredentialCandidates', () => {
  it.each([
    [
      'a batch of tokens of every kind',
      { credentials: [PERSONAL, ACCESS, REFRESH] },
      [PERSONAL, ACCESS, REFRESH],
    ],
    [
      'a token given twice, once',
      { credentials: [PERSONAL, ACCESS, PERSONAL] },
      [PERSONAL, ACCESS],
    ],
    [
      'entries that are no token passed over',
      { credentials: ['hf_short', 42, null, { token: PERSONAL }, ` ${PERSONAL}`, 'ghp_x', ACCESS] },
      [ACCESS],
    ],
    ['other keys ignored', { credentials: [PERSONAL], extra: true }, [PERSONAL]],
    ['no credentials key', { token: PERSONAL }, []],
    ['credentials not an array', { credentials: PERSONAL }, []],
    ['an empty batch', { credentials: [] }, []],
    ['an array body', [PERSONAL], []],
    ['a string body', PERSONAL, []],
    ['null', null, []],
    ['no body', undefined, []],
  ])('%s', (_case, body, expected) => {
    expect(leakedCredentialCandidates(body)).toEqual(expected);
  });

  it('looks only at the first entries of an oversized batch', () => {
    const filler = Array.from({ length: MAX_LEAKED_CREDENTIALS_PER_REPORT - 1 }, () => 'junk');
    const body = { credentials: [...filler, PERSONAL, ACCESS, ...filler] };
    expect(leakedCredentialCandidates(body)).toEqual([PERSONAL]);
  });

  it('keeps at most the cap of distinct tokens', () => {
    const tokens = Array.from(
      { length: MAX_LEAKED_CREDENTIALS_PER_REPORT * 3 },
      (_, index) => `hf_${String(index).padStart(30, 'a')}`,
    );
    expect(leakedCredentialCandidates({ credentials: tokens })).toEqual(
      tokens.slice(0, MAX_LEAKED_CREDENTIALS_PER_REPORT),
    );
  });
});
