import { CapturedLog } from '../testing/captured-log';
import { createLogger } from './create-logger';
import { NestJsonLogger } from './nest-json-logger';

describe('NestJsonLogger', () => {
  const setup = () => {
    const log = new CapturedLog();
    return {
      log,
      nest: new NestJsonLogger(createLogger({ service: 'auth', level: 'trace', destination: log })),
    };
  };

  it('writes Nest log calls as JSON lines with their context', () => {
    const { log, nest } = setup();
    nest.log('Webhook consumer started', 'DeliveryConsumer');
    nest.warn('slow', 'Relay');
    expect(log.entries).toEqual([
      expect.objectContaining({
        level: 'info',
        msg: 'Webhook consumer started',
        context: 'DeliveryConsumer',
        service: 'auth',
      }),
      expect.objectContaining({ level: 'warn', msg: 'slow', context: 'Relay' }),
    ]);
  });

  it("keeps Nest's start-up chatter at debug level", () => {
    const { log, nest } = setup();
    nest.log('Mapped {/oauth/token, POST} route', 'RouterExplorer');
    expect(log.entries[0]).toMatchObject({ level: 'debug', context: 'RouterExplorer' });
  });

  it('reads error(message, stack, context)', () => {
    const { log, nest } = setup();
    nest.error('boom', 'Error: boom\n    at x (file.ts:1:1)', 'ExceptionHandler');
    expect(log.entries[0]).toMatchObject({
      level: 'error',
      msg: 'boom',
      context: 'ExceptionHandler',
      stack: 'Error: boom\n    at x (file.ts:1:1)',
    });
  });

  it('tells a lone stack from a lone context', () => {
    const { log, nest } = setup();
    nest.error('boom', 'Error: boom\n    at x (file.ts:1:1)');
    nest.error('boom', 'Bootstrap');
    expect(log.entries[0]).toMatchObject({ stack: 'Error: boom\n    at x (file.ts:1:1)' });
    expect(log.entries[0]).not.toHaveProperty('context');
    expect(log.entries[1]).toMatchObject({ context: 'Bootstrap' });
    expect(log.entries[1]).not.toHaveProperty('stack');
  });

  it('serializes an Error given as the message', () => {
    const { log, nest } = setup();
    nest.error(new TypeError('bad'), 'Loader');
    expect(log.entries[0]).toMatchObject({
      level: 'error',
      msg: 'bad',
      context: 'Loader',
      err: { type: 'TypeError', message: 'bad' },
    });
  });
});
