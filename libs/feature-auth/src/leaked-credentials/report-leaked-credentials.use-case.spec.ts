import { hashToken } from '@gatehouse/crypto';
import { ApiError, MAX_LEAKED_CREDENTIALS_PER_REPORT, withTokenChecksum } from '@gatehouse/domain';
import { leakedCredentialsReportedEvent, Topics } from '@gatehouse/messaging';
import { createIdentityTestKit, IdentityTestKit } from '@gatehouse/identity/testing';
import { ReportLeakedCredentials } from './report-leaked-credentials.use-case';

const PERSONAL = 'hf_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9';
const ACCESS = 'hf_oauth_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3dEf6hIj9';
// Minted since tokens carry a checksum.
const CHECKSUMMED = withTokenChecksum('hf_Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb3');
const ADDRESS = '198.51.100.7';

describe('ReportLeakedCredentials', () => {
  let kit: IdentityTestKit;

  const useCase = (reportsPerAddress = 300) =>
    new ReportLeakedCredentials(
      kit.transactions,
      kit.outbox,
      kit.random,
      kit.clock,
      { reportsPerAddress, windowSeconds: 60 },
      kit.flow,
    );
  const reports = () =>
    kit.outbox.messages.map((message) => ({
      topic: message.topic,
      key: message.key,
      data: leakedCredentialsReportedEvent.decode(message).data,
    }));

  beforeEach(() => {
    kit = createIdentityTestKit();
  });

  it('queues the hashes of the batch’s tokens, never the tokens', async () => {
    await useCase().execute({
      body: { credentials: [PERSONAL, 'not a token', ACCESS, CHECKSUMMED, PERSONAL] },
      address: ADDRESS,
    });
    expect(reports()).toEqual([
      {
        topic: Topics.leakedCredentials,
        key: expect.stringMatching(/^[0-9a-f]{24}$/),
        data: {
          reportId: expect.stringMatching(/^[0-9a-f]{24}$/),
          tokenHashes: [hashToken(PERSONAL), hashToken(ACCESS), hashToken(CHECKSUMMED)],
          checksummed: 1,
          reportedAt: new Date(kit.clock.now()).toISOString(),
        },
      },
    ]);
    const written = JSON.stringify(kit.outbox.messages);
    expect(written).not.toContain(PERSONAL);
    expect(written).not.toContain(ACCESS);
    expect(written).not.toContain(CHECKSUMMED);
  });

  it.each([
    ['no token at all', { credentials: ['ghp_x', 42] }],
    ['another shape', [PERSONAL]],
    ['no body', undefined],
  ])('queues nothing for %s, and answers the same', async (_case, body) => {
    await expect(useCase().execute({ body, address: ADDRESS })).resolves.toBeUndefined();
    expect(kit.outbox.messages).toEqual([]);
  });

  it('takes only the first entries of an oversized batch', async () => {
    const tokens = Array.from(
      { length: MAX_LEAKED_CREDENTIALS_PER_REPORT * 5 },
      (_, index) => `hf_${String(index).padStart(34, '0')}`,
    );
    await useCase().execute({ body: { credentials: tokens }, address: ADDRESS });
    expect(reports()[0]!.data.tokenHashes).toEqual(
      tokens.slice(0, MAX_LEAKED_CREDENTIALS_PER_REPORT).map(hashToken),
    );
  });

  it('refuses reports past the address’s limit with 429, counting requests and not tokens', async () => {
    const report = useCase(2);
    await report.execute({ body: { credentials: [PERSONAL] }, address: '2001:db8::1' });
    await report.execute({ body: {}, address: '2001:db8::2' });
    const refused = await report
      .execute({ body: { credentials: [PERSONAL] }, address: '2001:db8::3' })
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).code).toBe('rate_limited');
    expect((refused as ApiError).options.retryAfterSeconds).toBe(60);
    // Another address is counted apart.
    await report.execute({ body: { credentials: [ACCESS] }, address: ADDRESS });
    expect(reports()).toHaveLength(2);
  });
});
