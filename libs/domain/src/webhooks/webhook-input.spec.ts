import { ApiError } from '../common';
import { aWebhookSettings } from '../testing/webhook-builders';
import {
  DEFAULT_SECRET_OVERLAP_SECONDS,
  parseCreateWebhookBody,
  parseRotateWebhookSecretBody,
  parseUpdateWebhookBody,
} from './webhook-input';

const JOB_ID = '687f911eaea852de79c4a50a';
const HOOK = 'https://webhook.site/a2176e82-5720-43ee-9e06-f91cb4c91548';
const WATCHED = [
  { type: 'user' as const, name: 'julien-c' },
  { type: 'org' as const, name: 'HuggingFaceH4' },
];

function refusal(run: () => unknown): { message: string; field?: string } {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).code).toBe('bad_request');
    return { message: (error as ApiError).message, field: (error as ApiError).options.field };
  }
  throw new Error('expected a refusal');
}

describe('parseCreateWebhookBody', () => {
  it('reads the Python client body of a URL webhook (create_webhook docstring)', () => {
    const body = {
      watched: WATCHED,
      domains: ['repo', 'discussion'],
      secret: 'my-secret',
      url: HOOK,
    };
    expect(parseCreateWebhookBody(body)).toEqual({
      target: { kind: 'url', url: { url: HOOK, host: 'webhook.site', hostIsIpLiteral: false } },
      ...aWebhookSettings({ watched: WATCHED, domains: ['repo', 'discussion'] }),
      secret: 'my-secret',
      secrets: {},
    });
  });

  it('reads unset options sent as null: every domain, no secret', () => {
    const body = {
      watched: [{ type: 'model', name: 'gpt2' }],
      domains: null,
      secret: null,
      url: HOOK,
    };
    expect(parseCreateWebhookBody(body)).toMatchObject({
      domains: ['repo', 'discussion'],
      secret: null,
      secrets: {},
    });
  });

  it('reads a Job webhook body (jobSourceId) with its secrets', () => {
    const body = {
      watched: WATCHED,
      domains: ['discussions'],
      secret: null,
      jobSourceId: JOB_ID,
      secrets: { HF_TOKEN: 'hf_x' },
    };
    expect(parseCreateWebhookBody(body)).toEqual({
      target: { kind: 'job', jobSourceId: JOB_ID },
      ...aWebhookSettings({ watched: WATCHED, domains: ['discussion'] }),
      secret: null,
      secrets: { HF_TOKEN: 'hf_x' },
    });
  });

  it.each([['job_id'], ['jobId']])('accepts the Job id as %s', (key) => {
    expect(parseCreateWebhookBody({ watched: WATCHED, [key]: JOB_ID }).target).toEqual({
      kind: 'job',
      jobSourceId: JOB_ID,
    });
  });

  it('accepts the same Job id under two aliases', () => {
    expect(
      parseCreateWebhookBody({ watched: WATCHED, jobSourceId: JOB_ID, job_id: JOB_ID }).target,
    ).toEqual({ kind: 'job', jobSourceId: JOB_ID });
  });

  it('deduplicates watched items case-insensitively, keeping the first spelling, and drops extra keys', () => {
    const body = {
      watched: [
        { type: 'model', name: 'Org/Repo', x: 1 },
        { type: 'model', name: 'org/repo' },
        { type: 'dataset', name: 'org/repo' },
      ],
      url: HOOK,
    };
    expect(parseCreateWebhookBody(body).watched).toEqual([
      { type: 'model', name: 'Org/Repo' },
      { type: 'dataset', name: 'org/repo' },
    ]);
  });

  it('treats an empty secret as none', () => {
    expect(parseCreateWebhookBody({ watched: WATCHED, url: HOOK, secret: '' }).secret).toBeNull();
  });

  it('accepts an http loopback URL only with allowLoopback', () => {
    const body = { watched: WATCHED, url: 'http://127.0.0.1:9000/hook' };
    expect(parseCreateWebhookBody(body, { allowLoopback: true }).target).toEqual({
      kind: 'url',
      url: { url: 'http://127.0.0.1:9000/hook', host: '127.0.0.1', hostIsIpLiteral: true },
    });
    expect(refusal(() => parseCreateWebhookBody(body))).toEqual({
      message: 'url: must use https',
      field: 'url',
    });
  });

  it.each([
    ['a non-object body', [], 'the body must be a JSON object', undefined],
    ['a null body', null, 'the body must be a JSON object', undefined],
    ['no watched', { url: HOOK }, 'watched: is required', 'watched'],
    ['null watched', { watched: null, url: HOOK }, 'watched: is required', 'watched'],
    [
      'empty watched',
      { watched: [], url: HOOK },
      'watched: must list at least one item',
      'watched',
    ],
    [
      'watched not an array',
      { watched: 'user:x', url: HOOK },
      'watched: must be an array of {type, name}',
      'watched',
    ],
    [
      'a bad watched type',
      { watched: [{ type: 'repo', name: 'x' }], url: HOOK },
      'watched[0].type: must be one of model, dataset, space, org, user, bucket',
      'watched[0].type',
    ],
    [
      'a bad watched name',
      { watched: [WATCHED[0], { type: 'bucket', name: 'x' }], url: HOOK },
      'watched[1].name: a bucket is named "owner/name"',
      'watched[1].name',
    ],
    [
      'empty domains',
      { watched: WATCHED, url: HOOK, domains: [] },
      'domains: must list at least one of repo, discussion (omit it to receive both)',
      'domains',
    ],
    [
      'an unknown domain',
      { watched: WATCHED, url: HOOK, domains: ['repo', 'billing'] },
      'domains[1]: must be "repo" or "discussion" ("discussions" is accepted)',
      'domains[1]',
    ],
    [
      'neither url nor Job',
      { watched: WATCHED },
      'url: give a url, or a jobSourceId for a Job webhook',
      'url',
    ],
    [
      'both url and Job',
      { watched: WATCHED, url: HOOK, jobSourceId: JOB_ID },
      'url: give either url or jobSourceId, not both',
      'url',
    ],
    [
      'two different Job ids',
      { watched: WATCHED, jobSourceId: JOB_ID, job_id: '000000000000000000000000' },
      'job_id: disagrees with jobSourceId; send the Job id once',
      'job_id',
    ],
    [
      'a malformed Job id',
      { watched: WATCHED, jobSourceId: 'job-1' },
      'jobSourceId: must be a Job id (24 hexadecimal characters)',
      'jobSourceId',
    ],
    [
      'a non-https url',
      { watched: WATCHED, url: 'http://example.com' },
      'url: must use https',
      'url',
    ],
    [
      'a private url',
      { watched: WATCHED, url: 'https://192.168.1.1/x' },
      'url: must not target a private or special-use address or a name that does not resolve',
      'url',
    ],
    [
      'a url that is not a string',
      { watched: WATCHED, url: 42 },
      'url: must be a non-empty string',
      'url',
    ],
    [
      'secrets on a URL webhook',
      { watched: WATCHED, url: HOOK, secrets: { A: '1' } },
      'secrets: only Job webhooks take secrets',
      'secrets',
    ],
    [
      'an empty secret value on create',
      { watched: WATCHED, jobSourceId: JOB_ID, secrets: { A: '' } },
      'secrets.A: must not be empty',
      'secrets.A',
    ],
    [
      'a bad secret name',
      { watched: WATCHED, jobSourceId: JOB_ID, secrets: { 'a-b': 'x' } },
      'secrets.a-b: names are environment variable names: A-Z, 0-9 and _, not starting with a digit',
      'secrets.a-b',
    ],
    [
      'a non-ASCII secret',
      { watched: WATCHED, url: HOOK, secret: 'sécret' },
      'secret: must be printable ASCII with no space at either end (it is sent verbatim in a header)',
      'secret',
    ],
    [
      'a secret with a newline',
      { watched: WATCHED, url: HOOK, secret: 'a\nb' },
      'secret: must be printable ASCII with no space at either end (it is sent verbatim in a header)',
      'secret',
    ],
    [
      'a secret with a trailing space',
      { watched: WATCHED, url: HOOK, secret: 'abc ' },
      'secret: must be printable ASCII with no space at either end (it is sent verbatim in a header)',
      'secret',
    ],
    [
      'a 257-character secret',
      { watched: WATCHED, url: HOOK, secret: 'x'.repeat(257) },
      'secret: must be at most 256 characters',
      'secret',
    ],
    [
      'a number secret',
      { watched: WATCHED, url: HOOK, secret: 42 },
      'secret: must be a string',
      'secret',
    ],
  ])('refuses %s', (_label, body, message, field) => {
    expect(refusal(() => parseCreateWebhookBody(body))).toEqual({ message, field });
  });

  it('accepts a 256-character secret with inner spaces', () => {
    const secret = `a${' '.repeat(254)}z`;
    expect(parseCreateWebhookBody({ watched: WATCHED, url: HOOK, secret }).secret).toBe(secret);
  });

  it('limits the watched list (configurable)', () => {
    const watched = Array.from({ length: 3 }, (_, i) => ({ type: 'user', name: `user${i}` }));
    expect(
      refusal(() => parseCreateWebhookBody({ watched, url: HOOK }, { maxWatchedItems: 2 })),
    ).toEqual({ message: 'watched: at most 2 items', field: 'watched' });
    expect(
      parseCreateWebhookBody({ watched, url: HOOK }, { maxWatchedItems: 3 }).watched,
    ).toHaveLength(3);
  });
});

describe('parseUpdateWebhookBody', () => {
  it('changes nothing for the Python client body without options (watched: [] and nulls)', () => {
    expect(
      parseUpdateWebhookBody(
        { watched: [], url: null, domains: null, secret: null },
        { kind: 'url' },
      ),
    ).toEqual({});
    expect(
      parseUpdateWebhookBody(
        { watched: [], url: null, domains: null, secret: null },
        { kind: 'job' },
      ),
    ).toEqual({});
    expect(parseUpdateWebhookBody({}, { kind: 'url' })).toEqual({});
  });

  it('reads the update_webhook docstring body', () => {
    const body = {
      watched: WATCHED,
      url: 'https://new.webhook.site/a2176e82',
      domains: ['repo'],
      secret: 'my-secret',
    };
    expect(parseUpdateWebhookBody(body, { kind: 'url' })).toEqual({
      watched: WATCHED,
      url: {
        url: 'https://new.webhook.site/a2176e82',
        host: 'new.webhook.site',
        hostIsIpLiteral: false,
      },
      domains: ['repo'],
      secret: 'my-secret',
    });
  });

  it('removes the secret when sent as an empty string', () => {
    expect(parseUpdateWebhookBody({ watched: [], secret: '' }, { kind: 'url' })).toEqual({
      secret: null,
    });
  });

  it('passes Job secrets through for merging, empty values included', () => {
    expect(
      parseUpdateWebhookBody({ watched: [], secrets: { A: 'new', B: '' } }, { kind: 'job' }),
    ).toEqual({ secrets: { A: 'new', B: '' } });
  });

  it.each([['jobSourceId'], ['job_id'], ['jobId']])(
    're-points a Job webhook when %s comes with secrets',
    (key) => {
      expect(parseUpdateWebhookBody({ [key]: JOB_ID, secrets: {} }, { kind: 'job' })).toEqual({
        jobSourceId: JOB_ID,
        secrets: {},
      });
    },
  );

  it.each([
    [
      'a url on a Job webhook',
      { url: HOOK },
      'job',
      'url: a Job webhook has no url; create a URL webhook instead',
      'url',
    ],
    [
      'a Job id without secrets',
      { job_id: JOB_ID },
      'job',
      'job_id: must be sent together with secrets',
      'job_id',
    ],
    [
      'a Job id with null secrets',
      { jobSourceId: JOB_ID, secrets: null },
      'job',
      'jobSourceId: must be sent together with secrets',
      'jobSourceId',
    ],
    [
      'a Job id on a URL webhook',
      { jobSourceId: JOB_ID, secrets: {} },
      'url',
      'jobSourceId: a URL webhook has no Job; create a Job webhook instead',
      'jobSourceId',
    ],
    [
      'secrets on a URL webhook',
      { secrets: { A: 'x' } },
      'url',
      'secrets: only Job webhooks take secrets',
      'secrets',
    ],
    ['a non-https url', { url: 'http://example.com/x' }, 'url', 'url: must use https', 'url'],
    [
      'empty domains',
      { domains: [] },
      'url',
      'domains: must list at least one of repo, discussion (omit it to receive both)',
      'domains',
    ],
    [
      'a bad watched item',
      { watched: [{ type: 'user', name: 'a/b' }] },
      'url',
      'watched[0].name: a user is named by its user name',
      'watched[0].name',
    ],
    [
      'a bad secret',
      { secret: 'tab\there' },
      'url',
      'secret: must be printable ASCII with no space at either end (it is sent verbatim in a header)',
      'secret',
    ],
  ] as const)('refuses %s', (_label, body, kind, message, field) => {
    expect(refusal(() => parseUpdateWebhookBody(body, { kind }))).toEqual({ message, field });
  });
});

describe('jobToken', () => {
  it('takes read or write on a Job webhook, and is none when not given', () => {
    expect(parseCreateWebhookBody({ watched: WATCHED, jobSourceId: JOB_ID }).jobToken).toBe('none');
    expect(
      parseCreateWebhookBody({ watched: WATCHED, jobSourceId: JOB_ID, jobToken: 'write' }).jobToken,
    ).toBe('write');
    expect(parseUpdateWebhookBody({ jobToken: 'read' }, { kind: 'job' })).toEqual({
      jobToken: 'read',
    });
    expect(parseUpdateWebhookBody({ jobToken: 'none' }, { kind: 'job' })).toEqual({
      jobToken: 'none',
    });
    expect(parseUpdateWebhookBody({ jobToken: null }, { kind: 'job' })).toEqual({});
  });

  it('refuses a token on a URL webhook, which starts no Job', () => {
    expect(
      refusal(() => parseCreateWebhookBody({ watched: WATCHED, url: HOOK, jobToken: 'read' })),
    ).toEqual({
      message: 'jobToken: only Job webhooks get a Job token',
      field: 'jobToken',
    });
    expect(refusal(() => parseUpdateWebhookBody({ jobToken: 'write' }, { kind: 'url' }))).toEqual({
      message: 'jobToken: only Job webhooks get a Job token',
      field: 'jobToken',
    });
    expect(parseUpdateWebhookBody({ jobToken: 'none' }, { kind: 'url' })).toEqual({
      jobToken: 'none',
    });
  });

  it('refuses an access it does not know', () => {
    expect(
      refusal(() =>
        parseCreateWebhookBody({ watched: WATCHED, jobSourceId: JOB_ID, jobToken: 'admin' }),
      ),
    ).toMatchObject({ field: 'jobToken' });
  });
});

describe('parseRotateWebhookSecretBody', () => {
  it('defaults to a generated secret and a one-day overlap', () => {
    expect(parseRotateWebhookSecretBody(undefined)).toEqual({ overlapSeconds: 86_400 });
    expect(parseRotateWebhookSecretBody({ secret: null, overlapSeconds: null })).toEqual({
      overlapSeconds: DEFAULT_SECRET_OVERLAP_SECONDS,
    });
  });

  it('reads a given secret and overlap, 0 switching at once', () => {
    expect(parseRotateWebhookSecretBody({ secret: 'next-secret', overlapSeconds: 0 })).toEqual({
      secret: 'next-secret',
      overlapSeconds: 0,
    });
  });

  it.each([
    [{ overlapSeconds: -1 }, 'overlapSeconds: must be 0 (switch at once) or more'],
    [{ overlapSeconds: 1.5 }, 'overlapSeconds: must be a whole number of seconds'],
    [{ overlapSeconds: '3600' }, 'overlapSeconds: must be a whole number of seconds'],
    [{ overlapSeconds: 604_801 }, 'overlapSeconds: must be at most 604800 seconds (7 days)'],
    [{ secret: '' }, 'secret: must not be empty'],
    [{ secret: ' padded ' }, 'secret: must be printable ASCII'],
  ])('refuses %p', (body, message) => {
    const refused = refusal(() => parseRotateWebhookSecretBody(body));
    expect(refused.message).toContain(message);
    expect(refused.field).toBe(message.split(':')[0]);
  });

  it('refuses a body that is not an object', () => {
    expect(refusal(() => parseRotateWebhookSecretBody([])).message).toBe(
      'the body must be a JSON object',
    );
  });
});
