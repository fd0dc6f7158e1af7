import { checkFineGrainedRequest } from '../oauth/token-permissions';
import {
  DEFAULT_JOB_TOKEN_TTL_SECONDS,
  isJobTokenRepoType,
  jobTokenGrantRequest,
  jobTokenRequestSchema,
  jobTokenTtlSeconds,
  MAX_JOB_TOKEN_TTL_SECONDS,
} from './job-token';

describe('jobTokenTtlSeconds', () => {
  it.each([
    [600, 600],
    [1.5, 2],
    [null, DEFAULT_JOB_TOKEN_TTL_SECONDS],
    [undefined, DEFAULT_JOB_TOKEN_TTL_SECONDS],
    [0, DEFAULT_JOB_TOKEN_TTL_SECONDS],
    [7 * 86_400, MAX_JOB_TOKEN_TTL_SECONDS],
  ])('a Job timeout of %s s gives a token of %s s', (timeout, ttl) => {
    expect(jobTokenTtlSeconds(timeout)).toBe(ttl);
  });

  it('caps every token at a day', () => {
    expect(MAX_JOB_TOKEN_TTL_SECONDS).toBe(86_400);
  });
});

describe('jobTokenGrantRequest', () => {
  it('reads one repository: its content and its access requests, nothing global', () => {
    const grant = jobTokenGrantRequest({ type: 'dataset', name: 'acme/logs' }, 'read');
    expect(checkFineGrainedRequest(grant)).toEqual({
      global: [],
      scoped: [
        {
          entity: { type: 'dataset', name: 'acme/logs' },
          permissions: ['repo.content.read', 'repo.access.read'],
        },
      ],
      canReadGatedRepos: false,
    });
  });

  it('writes one repository with write', () => {
    const grant = jobTokenGrantRequest({ type: 'space', name: 'acme/demo' }, 'write');
    expect(checkFineGrainedRequest(grant).scoped[0]!.permissions).toEqual([
      'repo.content.read',
      'repo.access.read',
      'repo.write',
    ]);
  });
});

describe('the Job token request', () => {
  const request = {
    userId: '65c000000000000000000001',
    webhookId: '65c000000000000000000002',
    deliveryId: '65c000000000000000000003',
    repo: { type: 'model', name: 'acme/bert' },
    access: 'read',
    ttlSeconds: 600,
  };

  it('takes a model, dataset or space, never a bucket', () => {
    expect(jobTokenRequestSchema.safeParse(request).success).toBe(true);
    expect(isJobTokenRepoType('bucket')).toBe(false);
    expect(
      jobTokenRequestSchema.safeParse({ ...request, repo: { type: 'bucket', name: 'acme/b' } })
        .success,
    ).toBe(false);
  });

  it('refuses a lifetime beyond the cap and an access other than read or write', () => {
    expect(
      jobTokenRequestSchema.safeParse({ ...request, ttlSeconds: MAX_JOB_TOKEN_TTL_SECONDS + 1 })
        .success,
    ).toBe(false);
    expect(jobTokenRequestSchema.safeParse({ ...request, access: 'none' }).success).toBe(false);
  });
});
