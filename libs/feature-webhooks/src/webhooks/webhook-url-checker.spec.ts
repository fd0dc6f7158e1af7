import { ApiError } from '@gatehouse/domain';
import { validateWebhookUrlSyntax } from '@gatehouse/domain/testing';
import { FakeHostResolver } from '../testing/fake-host-resolver';
import { aWebhooksSettings } from '../testing/webhooks-settings-builders';
import { WebhookUrlChecker } from './webhook-url-checker';

describe('WebhookUrlChecker', () => {
  const resolver = new FakeHostResolver();
  const checker = new WebhookUrlChecker(resolver, aWebhooksSettings());

  async function refusal(url: string): Promise<ApiError> {
    return checker.assertPublic(validateWebhookUrlSyntax(url)).then(
      () => {
        throw new Error(`${url} was accepted`);
      },
      (error: unknown) => error as ApiError,
    );
  }

  it('accepts a host whose every address is public', async () => {
    resolver.answers.set('hooks.example.com', [
      '93.184.215.14',
      '2606:2800:21f:cb07:6820:80da:af6b:8b2c',
    ]);
    await expect(
      checker.assertPublic(validateWebhookUrlSyntax('https://hooks.example.com/h')),
    ).resolves.toBeUndefined();
  });

  // docs/security.md "SSRF refusals mapping internal DNS": whether an internal name exists, and
  // where it points, shows only in the detail (logged, never answered).
  it.each([
    [
      'a private range',
      'intranet.example.com',
      ['93.184.215.14', '10.1.2.3'],
      'intranet.example.com resolves to 10.1.2.3: private-use (10.0.0.0/8)',
    ],
    [
      'link-local',
      'metadata.example.com',
      ['169.254.169.254'],
      'metadata.example.com resolves to 169.254.169.254: link-local (169.254.0.0/16)',
    ],
    [
      'loopback',
      'loopback.example.com',
      ['127.0.0.1'],
      'loopback.example.com resolves to 127.0.0.1: loopback (127.0.0.0/8)',
    ],
    ['no address at all', 'nowhere.example.com', undefined, 'nowhere.example.com does not resolve'],
    ['an empty answer', 'empty.example.com', [], 'empty.example.com does not resolve'],
  ])(
    'answers one refusal for a name resolving to %s; which is log detail',
    async (_case, host, addresses, detail) => {
      if (addresses) resolver.answers.set(host, addresses);
      const error = await refusal(`https://${host}/h`);
      expect({ code: error.code, message: error.message, options: error.options }).toEqual({
        code: 'bad_request',
        message:
          'url: must not target a private or special-use address or a name that does not resolve',
        options: { field: 'url', detail },
      });
    },
  );

  it('tells a resolver failure apart (503, try again): it is about the resolver, not where the name points', async () => {
    resolver.failing.add('flaky.example.com');
    const error = await refusal('https://flaky.example.com/h');
    expect({ code: error.code, message: error.message }).toEqual({
      code: 'unavailable',
      message: 'url: the host flaky.example.com could not be resolved right now; try again',
    });
  });
});
