import { DEFAULT_SCRYPT_PARAMETERS } from '@gatehouse/crypto/testing';
import { hashPassword, passwordNeedsRehash, setPasswordHashCost } from '@gatehouse/crypto';
import { loadAuthConfig } from '@gatehouse/config';
import { anAuthEnvironment } from '@gatehouse/config/testing';
import { AuthModule, authModuleOptionsOf } from './auth.module';

describe('the auth module built from configuration', () => {
  afterEach(() => setPasswordHashCost(DEFAULT_SCRYPT_PARAMETERS));

  it('hashes the passwords of its process at GATEHOUSE_PASSWORD_HASH_COST', async () => {
    const config = loadAuthConfig(
      anAuthEnvironment({ GATEHOUSE_PASSWORD_HASH_COST: 'N=1024,r=8,p=2' }),
    );
    AuthModule.forRoot(authModuleOptionsOf(config));
    const stored = await hashPassword('correct horse battery staple');
    expect(stored.split('$').slice(1, 4)).toEqual(['1024', '8', '2']);
    expect(passwordNeedsRehash(stored)).toBe(false);
  });
});
