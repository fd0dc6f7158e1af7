import { Webhook } from 'standardwebhooks';
import { deliveryHeaders, signingKey, signingKeyObject, signStandardWebhook } from './signature';
import { standardWebhookSecret } from '../testing/standard-webhook-secret';

const NOW_MS = Date.UTC(2026, 0, 1, 12, 0, 0);
const NOW_S = NOW_MS / 1000;
const BODY = JSON.stringify({
  event: { action: 'update', scope: 'repo' },
  webhook: { id: '6390e855e30d9209411de93b', version: 3 },
});

describe('signingKey', () => {
  it.each([
    ['a plain secret: its UTF-8 bytes', 'my-secret', Buffer.from('my-secret')],
    [
      'whsec_ + base64: the decoded bytes',
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      Buffer.from('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw', 'base64'),
    ],
    [
      'whsec_ + text that is not base64: the whole string',
      'whsec_not base64!',
      Buffer.from('whsec_not base64!'),
    ],
    ['a bare whsec_: the whole string', 'whsec_', Buffer.from('whsec_')],
  ])('%s', (_label, secret, key) => {
    expect(signingKey(secret).equals(key)).toBe(true);
  });
});

describe('signStandardWebhook', () => {
  it('matches the Standard Webhooks reference test vector', () => {
    // standard-webhooks spec and libraries: msg_p5jXN8AQM9LWM0D4loKWxJek, 1614265330, body below.
    const signature = signStandardWebhook({
      id: 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      timestampSeconds: 1614265330,
      body: '{"test": 2432232314}',
      secret: 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
    });
    expect(signature).toBe('v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=');
  });

  it.each([
    ['an id with a dot', { id: 'a.b', timestampSeconds: NOW_S }],
    ['an empty id', { id: '', timestampSeconds: NOW_S }],
    ['a fractional timestamp', { id: 'msg', timestampSeconds: 1.5 }],
  ])('refuses %s', (_label, input) => {
    expect(() => signStandardWebhook({ ...input, body: BODY, secret: 's' })).toThrow(RangeError);
  });
});

describe('verification with the standardwebhooks npm package', () => {
  beforeEach(() => jest.useFakeTimers({ now: NOW_MS }));
  afterEach(() => jest.useRealTimers());

  it.each([
    ['my-secret'],
    ['an ASCII secret with spaces ~!'],
    ['whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'],
  ])('verifies deliveries signed with %p', (secret) => {
    const headers = deliveryHeaders({
      messageId: 'evt_1-654bbbc16f2ec14d77f109cc',
      timestampSeconds: NOW_S,
      body: BODY,
      secret,
      userAgent: 'Gatehouse-Webhooks/1',
    });
    const receiver = new Webhook(standardSecret(secret));
    expect(receiver.verify(BODY, headers)).toEqual(JSON.parse(BODY));
  });

  it('fails the package verification for another body', () => {
    const headers = deliveryHeaders({
      messageId: 'msg_1',
      timestampSeconds: NOW_S,
      body: BODY,
      secret: 'my-secret',
      userAgent: 'ua',
    });
    expect(() =>
      new Webhook(standardSecret('my-secret')).verify(BODY.replace('update', 'delete'), headers),
    ).toThrow('No matching signature found');
  });

  function standardSecret(secret: string): string {
    const expected = 'whsec_' + signingKey(secret).toString('base64');
    expect(standardWebhookSecret(secret)).toBe(expected);
    return expected;
  }
});

describe('deliveryHeaders', () => {
  it('sends the secret verbatim and the Standard Webhooks headers', () => {
    expect(
      deliveryHeaders({
        messageId: 'msg_1',
        timestampSeconds: NOW_S,
        body: BODY,
        secret: 'my-secret',
        userAgent: 'Gatehouse-Webhooks/1.0',
      }),
    ).toEqual({
      'content-type': 'application/json',
      'user-agent': 'Gatehouse-Webhooks/1.0',
      'x-webhook-secret': 'my-secret',
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(NOW_S),
      'webhook-signature': signStandardWebhook({
        id: 'msg_1',
        timestampSeconds: NOW_S,
        body: BODY,
        secret: 'my-secret',
      }),
    });
  });

  it('sends neither secret nor signature when the webhook has no secret', () => {
    expect(
      deliveryHeaders({
        messageId: 'msg_1',
        timestampSeconds: NOW_S,
        body: BODY,
        secret: null,
        userAgent: 'ua',
      }),
    ).toEqual({
      'content-type': 'application/json',
      'user-agent': 'ua',
      'webhook-id': 'msg_1',
      'webhook-timestamp': String(NOW_S),
    });
  });

  describe('during a rotation overlap', () => {
    beforeEach(() => jest.useFakeTimers({ now: NOW_MS }));
    afterEach(() => jest.useRealTimers());
    const overlap = () =>
      deliveryHeaders({
        messageId: 'msg_1',
        timestampSeconds: NOW_S,
        body: BODY,
        secret: 'new-secret',
        previousSecret: 'old-secret',
        userAgent: 'ua',
      });

    it('keeps the previous secret in x-webhook-secret and signs with both, the new one first', () => {
      expect(overlap()['x-webhook-secret']).toBe('old-secret');
      expect(overlap()['webhook-signature']).toBe(
        ['new-secret', 'old-secret']
          .map((secret) =>
            signStandardWebhook({ id: 'msg_1', timestampSeconds: NOW_S, body: BODY, secret }),
          )
          .join(' '),
      );
    });

    it.each([['old-secret'], ['new-secret']])(
      'verifies with the Standard Webhooks package holding %p',
      (secret) => {
        const key = 'whsec_' + signingKey(secret).toString('base64');
        expect(new Webhook(key).verify(BODY, overlap())).toEqual(JSON.parse(BODY));
      },
    );

    it('signs with the secret alone once no previous secret is given', () => {
      const headers = deliveryHeaders({
        messageId: 'msg_1',
        timestampSeconds: NOW_S,
        body: BODY,
        secret: 'new-secret',
        previousSecret: null,
        userAgent: 'ua',
      });
      expect(headers['x-webhook-secret']).toBe('new-secret');
      expect(headers['webhook-signature']).not.toContain(' ');
    });

    it('signs the same with key objects kept by the caller as with the secrets', () => {
      const kept = deliveryHeaders({
        messageId: 'msg_1',
        timestampSeconds: NOW_S,
        body: BODY,
        secret: 'new-secret',
        previousSecret: 'old-secret',
        signingKeys: [signingKeyObject('new-secret'), signingKeyObject('old-secret')],
        userAgent: 'ua',
      });
      expect(kept).toEqual(overlap());
      const whsec = 'whsec_' + Buffer.from('raw key bytes').toString('base64');
      expect(
        deliveryHeaders({
          messageId: 'msg_1',
          timestampSeconds: NOW_S,
          body: BODY,
          secret: whsec,
          signingKeys: [signingKeyObject(whsec)],
          userAgent: 'ua',
        })['webhook-signature'],
      ).toBe(
        signStandardWebhook({ id: 'msg_1', timestampSeconds: NOW_S, body: BODY, secret: whsec }),
      );
    });
  });
});
