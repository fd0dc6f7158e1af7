import { loadAuthConfig } from './apps/auth.config';
import { ConfigError } from './config.error';
import { composeConfig, envSection } from './env-section';
import { portNumber } from './env-fields';
import { loadConfig } from './load-config';

describe('loadConfig', () => {
  it('names every bad and every missing variable in one message, in declaration order', () => {
    const load = () =>
      loadAuthConfig({
        PORT: '70000',
        GATEHOUSE_PUBLIC_URL: 'hub.example.com',
        DATABASE_URL: 'postgres://db/gatehouse',
        REDIS_URL: 'redis://redis',
        GATEHOUSE_ENCRYPTION_KEY: Buffer.alloc(32).toString('base64'),
        GATEHOUSE_INTERNAL_TOKEN: 'too-short',
        GATEHOUSE_TOKEN_EXCHANGE_URL: 'http://te:3001',
      });
    expect(load).toThrow(ConfigError);
    let message = '';
    try {
      load();
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toBe(
      'Invalid configuration: PORT: must be an integer from 1 to 65535; GATEHOUSE_PUBLIC_URL: must be an absolute http(s) URL; ' +
        'KAFKA_BROKERS: required; GATEHOUSE_INTERNAL_TOKEN: must be at least 32 characters',
    );
  });

  it('treats blank values as unset, so defaults apply and required variables are reported missing', () => {
    const schema = composeConfig({
      http: envSection({ PORT: portNumber.default(3000), OTHER: portNumber }, (env) => env),
    });
    expect(loadConfig(schema, { PORT: '', OTHER: '1' })).toEqual({
      http: { PORT: 3000, OTHER: 1 },
    });
    expect(() => loadConfig(schema, { PORT: '4000', OTHER: '  ' })).toThrow(
      'Invalid configuration: OTHER: required',
    );
  });

  it('ignores variables no schema reads', () => {
    const schema = composeConfig({ http: envSection({ PORT: portNumber }, (env) => env.PORT) });
    expect(loadConfig(schema, { PORT: '1', PATH: '/usr/bin', HOME: '/root' })).toEqual({ http: 1 });
  });

  it('reads process.env when no environment is given', () => {
    const schema = composeConfig({
      http: envSection({ GATEHOUSE_CONFIG_SPEC_PORT: portNumber }, (env) => env),
    });
    process.env.GATEHOUSE_CONFIG_SPEC_PORT = '4242';
    try {
      expect(loadConfig(schema)).toEqual({ http: { GATEHOUSE_CONFIG_SPEC_PORT: 4242 } });
    } finally {
      delete process.env.GATEHOUSE_CONFIG_SPEC_PORT;
    }
  });
});

describe('composeConfig', () => {
  it('lets sections share a variable with the same schema', () => {
    const a = envSection({ PORT: portNumber }, (env) => env.PORT);
    const b = envSection({ PORT: portNumber }, (env) => `http://localhost:${env.PORT}`);
    expect(loadConfig(composeConfig({ a, b }), { PORT: '81' })).toEqual({
      a: 81,
      b: 'http://localhost:81',
    });
  });

  it('refuses two sections reading one variable differently', () => {
    const a = envSection({ PORT: portNumber }, (env) => env.PORT);
    const b = envSection({ PORT: portNumber.default(1) }, (env) => env.PORT);
    expect(() => composeConfig({ a, b })).toThrow(
      'PORT is declared by two config sections with different schemas',
    );
  });
});
