import { ApiError, type JobTokenRequest } from '@gatehouse/domain';
import { JobLaunchError } from '../ports/job-launcher';
import { InProcessJobTokenMinter } from './in-process-job-token-minter';

const REQUEST: JobTokenRequest = {
  userId: '65c000000000000000000001',
  webhookId: '65c000000000000000000002',
  deliveryId: '65c000000000000000000003',
  repo: { type: 'dataset', name: 'acme/logs' },
  access: 'read',
  ttlSeconds: 1800,
};

const failingWith = (error: unknown) =>
  new InProcessJobTokenMinter(() => ({ mint: () => Promise.reject(error) }));

describe('InProcessJobTokenMinter', () => {
  it("answers the service's token", async () => {
    const asked: JobTokenRequest[] = [];
    const minter = new InProcessJobTokenMinter(() => ({
      mint: async (request) => {
        asked.push(request);
        return { token: 'hf_minted', expiresAt: '2026-01-01T12:30:00.000Z' };
      },
    }));
    await expect(minter.mint(REQUEST)).resolves.toEqual({
      token: 'hf_minted',
      expiresAt: '2026-01-01T12:30:00.000Z',
    });
    expect(asked).toEqual([REQUEST]);
  });

  it.each([
    [ApiError.notFound('The webhook owner is not an active user'), true],
    [ApiError.badRequest('ttlSeconds: too big', 'ttlSeconds'), true],
    [new ApiError('unavailable', 'Database unavailable'), false],
  ])('turns %s into a launch failure (permanent: %s)', async (error, permanent) => {
    await expect(failingWith(error).mint(REQUEST)).rejects.toEqual(
      new JobLaunchError(`the Job token could not be minted: ${error.message}`, permanent),
    );
  });

  it('lets the delivery be tried again on any other failure, without its details', async () => {
    await expect(failingWith(new Error('connection reset')).mint(REQUEST)).rejects.toEqual(
      new JobLaunchError('the Job token could not be minted', false),
    );
  });
});
