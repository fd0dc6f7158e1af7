import { DEFAULT_SCRYPT_PARAMETERS } from '@gatehouse/crypto/testing';
import { hashPassword, passwordNeedsRehash, setPasswordHashCost } from '@gatehouse/crypto';
import { loadAuthConfig } from '@gatehouse/config';
import { AuthModule, authModuleOptionsOf } from './auth.module';

const SERVICE_ENV = {
  GATEHOUSE_PUBLIC_URL: 'https://hub.example',
  DATABASE_URL: 'postgres://gatehouse@db/gatehouse',
  REDIS_URL: 'redis://redis:6379',
  KAFKA_BROKERS: 'kafka:9092',
  GATEHOUSE_ENCRYPTION_KEY: Buffer.alloc(32, 7).toString('base64'),
  GATEHOUSE_INTERNAL_TOKEN: 'internal-token-of-at-least-32-characters',
  GATEHOUSE_TOKEN_EXCHANGE_URL: 'http://token-exchange:3001',
};

describe('the auth module built from configuration', () => {
  afterEach(() => setPasswordHashCost(DEFAULT_SCRYPT_PARAMETERS));

  it('hashes the passwords of its process at GATEHOUSE_PASSWORD_HASH_COST', async () => {
    const config = loadAuthConfig({
      ...SERVICE_ENV,
      GATEHOUSE_PASSWORD_HASH_COST: 'N=1024,r=8,p=2',
    });
    AuthModule.forRoot(authModuleOptionsOf(config));
    const stored = await hashPassword('correct horse battery staple');
    expect(stored.split('$').slice(1, 4)).toEqual(['1024', '8', '2']);
    expect(passwordNeedsRehash(stored)).toBe(false);
  });
});
