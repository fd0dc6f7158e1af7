import { loadAllInOneConfig } from '../apps/all-in-one.config';
import { loadAuthConfig } from '../apps/auth.config';
import { ConfigError } from '../config.error';
import { anAuthEnvironment } from '../testing/config-builders';

const SERVICE_ENV = anAuthEnvironment();

describe('the sign-up section', () => {
  it('is closed unless GATEHOUSE_SIGNUP opens it', () => {
    expect(loadAllInOneConfig({}).signUp.mode).toBe('closed');
    expect(loadAllInOneConfig({ GATEHOUSE_SIGNUP: 'open' }).signUp.mode).toBe('open');
    expect(loadAuthConfig({ ...SERVICE_ENV, GATEHOUSE_SIGNUP: 'invite' }).signUp.mode).toBe(
      'invite',
    );
  });

  it('keeps an account asked to be deleted for 7 days unless GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS says otherwise', () => {
    expect(loadAllInOneConfig({}).signUp.deletionGraceDays).toBe(7);
    expect(
      loadAuthConfig({ ...SERVICE_ENV, GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS: '30' }).signUp
        .deletionGraceDays,
    ).toBe(30);
    expect(() => loadAllInOneConfig({ GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS: '0' })).toThrow(
      /GATEHOUSE_ACCOUNT_DELETION_GRACE_DAYS/,
    );
  });

  it('takes the password hash cost as N,r,p within scrypt’s bounds, and leaves it to the default when unset', () => {
    expect(loadAllInOneConfig({}).signUp.passwordHashCost).toBeUndefined();
    expect(
      loadAuthConfig({ ...SERVICE_ENV, GATEHOUSE_PASSWORD_HASH_COST: 'N=8192,r=8,p=10' }).signUp
        .passwordHashCost,
    ).toEqual({ N: 8192, r: 8, p: 10 });
    for (const wrong of ['N=8000,r=8,p=1', 'N=8192,r=0,p=1', 'N=8192,r=8,p=17', '8192,8,1'])
      expect(() => loadAllInOneConfig({ GATEHOUSE_PASSWORD_HASH_COST: wrong })).toThrow(
        /GATEHOUSE_PASSWORD_HASH_COST: must be N=<power of two/,
      );
  });

  it('names the variable of a value it does not know', () => {
    expect(() => loadAllInOneConfig({ GATEHOUSE_SIGNUP: 'everyone' })).toThrow(ConfigError);
    expect(() => loadAllInOneConfig({ GATEHOUSE_SIGNUP: 'everyone' })).toThrow(/GATEHOUSE_SIGNUP/);
  });
});
