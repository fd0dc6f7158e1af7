import { z } from 'zod';
import {
  givenWebhookSettings,
  type WebhookSettings,
  webhookSettingsEventShape,
  webhookSettingsOf,
} from './webhook-settings';

const SETTINGS: WebhookSettings = {
  watched: [{ type: 'model', name: 'acme/bert' }],
  domains: ['repo'],
};

describe('webhook settings', () => {
  it('copies every setting in one order, and nothing else', () => {
    const source = {
      ...SETTINGS,
      id: 'w1',
      secret: 's3cr3t',
      watched: [{ type: 'org' as const, name: 'acme', extra: true }],
    };
    const settings = webhookSettingsOf(source);
    expect(JSON.stringify(settings)).toBe(
      '{"watched":[{"type":"org","name":"acme"}],"domains":["repo"]}',
    );
    expect(settings.domains).not.toBe(source.domains);
  });

  it.each([
    [{}, {}],
    [{ domains: ['discussion'] }, { domains: ['discussion'] }],
    [{ watched: undefined, domains: ['repo', 'discussion'] }, { domains: ['repo', 'discussion'] }],
  ] as Array<[Partial<WebhookSettings>, Partial<WebhookSettings>]>)(
    'takes from an update %j only the given settings',
    (update, given) => {
      expect(givenWebhookSettings(update)).toEqual(given);
    },
  );

  it('carries in the event what a stored webhook holds, and an empty domain list', () => {
    const event = z.object(webhookSettingsEventShape);
    expect(event.parse(SETTINGS)).toEqual(SETTINGS);
    expect(event.parse({ ...SETTINGS, domains: [] })).toEqual({ ...SETTINGS, domains: [] });
    expect(event.safeParse({ ...SETTINGS, watched: [] }).success).toBe(false);
  });
});
