import { aWebhookSettings } from '@gatehouse/domain/testing';
import { auditRecordedEvent } from './audit.event';
import { InvalidEventError } from './invalid-event.error';
import { leakedCredentialsReportedEvent } from './leaked-credentials.event';
import { TOKEN_EVENTS, tokenLeakedEvent, tokenRevokedEvent } from './token.event';
import { decodeEvent } from './event-definition';
import { webhookChangedEvent } from './webhook-changed.event';

const time = new Date(Date.UTC(2026, 0, 1));

describe('webhook.changed v1', () => {
  const upserted = {
    change: 'upserted' as const,
    webhookId: '6650d2d0e1f1a2b3c4d5e6f7',
    ownerId: '6650d2d0e1f1a2b3c4d5e6f0',
    webhook: {
      ...aWebhookSettings({
        watched: [
          { type: 'model', name: 'acme/bert' },
          { type: 'org', name: 'acme' },
        ],
        domains: ['repo'],
      }),
      disabled: false,
      url: 'https://hooks.example.com/gatehouse',
      hasSecret: true,
    },
  };

  it('carries a webhook upsert, keyed by webhook id', () => {
    const message = webhookChangedEvent.encode(upserted, { key: upserted.webhookId, time });
    expect(message.key).toBe(upserted.webhookId);
    expect(webhookChangedEvent.decode(message).data).toEqual(upserted);
  });

  it('carries a Job webhook with the names of its secrets only', () => {
    const job = {
      ...upserted,
      webhook: {
        ...upserted.webhook,
        url: null,
        job: { jobId: 'job-1', secretNames: ['HF_TOKEN'] },
      },
    };
    expect(
      webhookChangedEvent.decode(webhookChangedEvent.encode(job, { key: job.webhookId })).data,
    ).toEqual(job);
  });

  it('carries a deletion without the webhook', () => {
    const deleted = {
      change: 'deleted' as const,
      webhookId: upserted.webhookId,
      ownerId: upserted.ownerId,
    };
    expect(
      webhookChangedEvent.decode(webhookChangedEvent.encode(deleted, { key: deleted.webhookId }))
        .data,
    ).toEqual(deleted);
  });

  it('refuses an upsert without its webhook, or watching nothing', () => {
    expect(() =>
      webhookChangedEvent.encode({ ...upserted, webhook: undefined } as never, { key: 'w' }),
    ).toThrow(InvalidEventError);
    expect(() =>
      webhookChangedEvent.encode(
        { ...upserted, webhook: { ...upserted.webhook, watched: [] } },
        { key: 'w' },
      ),
    ).toThrow(InvalidEventError);
  });
});

describe('audit.recorded v1', () => {
  it('records a token exchange for an organization', () => {
    const data = {
      entryId: 'a1',
      organizationId: 'org-1',
      action: 'oauth.token_exchange',
      actor: { type: 'app' as const, id: 'client-1' },
      subject: { type: 'user' as const, id: 'user-1' },
      details: { scopes: ['read-repos'], expiresIn: 28800 },
      occurredAt: time.toISOString(),
    };
    const message = auditRecordedEvent.encode(data, { key: data.organizationId });
    expect(auditRecordedEvent.decode(message).data).toEqual(data);
    expect(() =>
      auditRecordedEvent.encode({ ...data, action: 'Token Exchange' }, { key: 'org-1' }),
    ).toThrow(InvalidEventError);
  });
});

describe('token events v1', () => {
  it('decode to issued or revoked from one topic', () => {
    const revoked = tokenRevokedEvent.encode(
      {
        tokenId: 't1',
        kind: 'refresh',
        userId: 'u1',
        clientId: 'c1',
        reason: 'refresh_token_reuse',
        revokedAt: time.toISOString(),
      },
      { key: 'u1' },
    );
    const decoded = decodeEvent(revoked, TOKEN_EVENTS);
    expect(decoded.type).toBe('token.revoked');
    expect(decoded.data).toMatchObject({ tokenId: 't1', reason: 'refresh_token_reuse' });
  });

  it('decode a leaked token of a personal token, without a client', () => {
    const data = {
      noticeId: '6650d2d0e1f1a2b3c4d5e6f1',
      userId: 'u1',
      tokenId: 't2',
      kind: 'personal' as const,
      tokenName: 'laptop',
      clientId: null,
      reportedAt: time.toISOString(),
      revokedAt: time.toISOString(),
    };
    const message = tokenLeakedEvent.encode(data, { key: 'u1' });
    expect(message.headers?.['gatehouse-event-type']).toBe('token.leaked');
    const decoded = decodeEvent(message, TOKEN_EVENTS);
    expect(decoded.type).toBe('token.leaked');
    expect(decoded.data).toEqual(data);
  });
});

describe('leaked_credentials.reported v1', () => {
  const report = {
    reportId: '6650d2d0e1f1a2b3c4d5e6f7',
    tokenHashes: ['a'.repeat(64), 'b'.repeat(64)],
    checksummed: 1,
    reportedAt: time.toISOString(),
  };

  it('carries the hashes of a batch, keyed by report id', () => {
    const message = leakedCredentialsReportedEvent.encode(report, { key: report.reportId });
    expect(message.key).toBe(report.reportId);
    expect(leakedCredentialsReportedEvent.decode(message).data).toEqual(report);
  });

  it.each([
    ['a clear token instead of a hash', { tokenHashes: ['hf_' + 'a'.repeat(40)] }],
    ['an empty batch', { tokenHashes: [] }],
    [
      'more hashes than one report holds',
      { tokenHashes: Array.from({ length: 101 }, () => 'c'.repeat(64)) },
    ],
  ])('refuses %s', (_case, change) => {
    expect(() =>
      leakedCredentialsReportedEvent.encode({ ...report, ...change }, { key: report.reportId }),
    ).toThrow(InvalidEventError);
  });
});
