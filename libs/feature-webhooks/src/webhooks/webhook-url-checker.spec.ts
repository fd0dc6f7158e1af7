import { ApiError, DEFAULT_TRIGGER_LIMIT_POLICY } from '@gatehouse/domain';
import { validateWebhookUrlSyntax } from '@gatehouse/domain/testing';
import { FakeHostResolver } from '../testing/fake-host-resolver';
import { WebhookUrlChecker } from './webhook-url-checker';

describe('WebhookUrlChecker', () => {
  const resolver = new FakeHostResolver();
  const checker = new WebhookUrlChecker(resolver, { maxWebhooksPerUser: 10, allowLoopbackTargets: false, triggerLimit: DEFAULT_TRIGGER_LIMIT_POLICY });

  async function refusal(url: string): Promise<ApiError> {
    return checker.assertPublic(validateWebhookUrlSyntax(url)).then(
      () => {
        throw new Error(`${url} was accepted`);
      },
      (error: unknown) => error as ApiError,
    );
  }

  it('accepts a host whose every address is public', async () => {
    resolver.answers.set('hooks.example.com', ['93.184.215.14', '2606:2800:21f:cb07:6820:80da:af6b:8b2c']);
    await expect(checker.assertPublic(validateWebhookUrlSyntax('https://hooks.example.com/h'))).resolves.toBeUndefined();
  });

  it('answers one message whichever private range a host resolves to; the range is log detail', async () => {
    resolver.answers.set('intranet.example.com', ['93.184.215.14', '10.1.2.3']);
    resolver.answers.set('metadata.example.com', ['169.254.169.254']);
    const intranet = await refusal('https://intranet.example.com/h');
    const metadata = await refusal('https://metadata.example.com/h');
    expect([intranet.message, metadata.message]).toEqual(['url: must not target a private or special-use address', 'url: must not target a private or special-use address']);
    expect(intranet.options).toEqual({ field: 'url', detail: 'intranet.example.com resolves to 10.1.2.3: private-use (10.0.0.0/8)' });
    expect(metadata.options.detail).toBe('metadata.example.com resolves to 169.254.169.254: link-local (169.254.0.0/16)');
  });
});
