import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { storedLogin } from './stored-login';
import { FakeGatehouse, fakeDeps } from './testing/fake-gatehouse';

describe('storedLogin', () => {
  const write = (configHome: string, content: string) => {
    mkdirSync(join(configHome, 'gatehouse'), { recursive: true });
    writeFileSync(join(configHome, 'gatehouse', 'token.json'), content);
  };
  const TOKEN = {
    endpoint: 'https://a.example',
    clientId: 'gatehouse-cli',
    accessToken: 'hf_a',
    refreshToken: 'r',
  };

  it('reads ~/.config/gatehouse/token.json, or $XDG_CONFIG_HOME/gatehouse/token.json when set', async () => {
    const { deps, home } = fakeDeps(new FakeGatehouse());
    write(join(home, '.config'), JSON.stringify(TOKEN));
    expect(await storedLogin(deps).read()).toEqual(TOKEN);
    const xdg = join(home, 'xdg');
    write(xdg, JSON.stringify({ ...TOKEN, endpoint: 'https://b.example', accessToken: 'hf_b' }));
    expect(await storedLogin({ ...deps, env: { XDG_CONFIG_HOME: xdg } }).read()).toMatchObject({
      endpoint: 'https://b.example',
      accessToken: 'hf_b',
    });
  });

  it('answers null when nobody logged in, and names the file when it is unusable', async () => {
    const { deps, home } = fakeDeps(new FakeGatehouse());
    const login = storedLogin(deps);
    expect(await login.read()).toBeNull();
    write(join(home, '.config'), '{not json');
    await expect(login.read()).rejects.toThrow(
      `${join(home, '.config', 'gatehouse', 'token.json')} is not valid JSON`,
    );
    write(join(home, '.config'), '{"endpoint": "https://a.example"}');
    await expect(login.read()).rejects.toThrow(
      `${join(home, '.config', 'gatehouse', 'token.json')} is not a Gatehouse token file`,
    );
  });

  it('gives the access token of a login that needs no refresh without calling the server', async () => {
    const server = new FakeGatehouse();
    const { deps, home } = fakeDeps(server);
    write(join(home, '.config'), JSON.stringify(TOKEN));
    expect(await storedLogin(deps).accessToken('https://a.example')).toBe('hf_a');
    expect(server.requests).toEqual([]);
  });
});
