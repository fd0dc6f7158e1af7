import { optionalSettingsBody, parseWebhookInfo } from './webhook-info';

const WEBHOOK = {
  id: '654bbbc16f2ec14d77f109cc',
  url: null,
  job: { dockerImage: 'python:3.12', command: ['python', 'a.py'] },
  watched: [{ type: 'model', name: 'acme/bert' }],
  domains: ['repo'],
  secret: null,
  disabled: false,
};

describe('the Job token of a webhook', () => {
  it('is read when the server sends it, and left out when it does not', () => {
    expect(parseWebhookInfo({ ...WEBHOOK, jobToken: 'read' }).jobToken).toBe('read');
    expect(parseWebhookInfo(WEBHOOK)).not.toHaveProperty('jobToken');
  });

  it('is sent in a create or update body only when given', () => {
    expect(optionalSettingsBody({ jobToken: 'write' })).toEqual({ jobToken: 'write' });
    expect(optionalSettingsBody({ domains: ['repo'] })).toEqual({ domains: ['repo'] });
  });
});
