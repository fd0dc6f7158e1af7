import { z } from 'zod';
import {
  givenWebhookSettings,
  type WebhookSettings,
  webhookSettingsEventShape,
  webhookSettingsOf,
} from './webhook-settings';
import { aWebhookSettings } from '../testing/webhook-builders';

const SETTINGS: WebhookSettings = aWebhookSettings({ domains: ['repo'] });

describe('webhook settings', () => {
  it('copies every setting in one order, and nothing else', () => {
    const source = {
      ...SETTINGS,
      id: 'w1',
      secret: 's3cr3t',
      watched: [{ type: 'org' as const, name: 'acme', extra: true }],
    };
    const settings = webhookSettingsOf(source);
    expect(Object.keys(settings)).toEqual(Object.keys(SETTINGS));
    expect(settings).toEqual({ ...SETTINGS, watched: [{ type: 'org', name: 'acme' }] });
    expect(settings.domains).not.toBe(source.domains);
    expect(settings.watched).not.toBe(source.watched);
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
