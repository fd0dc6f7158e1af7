import { MemoryFlowStore } from '@gatehouse/flow-state';
import { FrozenClock } from '@gatehouse/domain/testing';
import { SessionStore } from './session.store';

describe('SessionStore', () => {
  const clock = new FrozenClock(Date.UTC(2026, 0, 1));
  let flow: MemoryFlowStore;
  let sessions: SessionStore;

  beforeEach(() => {
    flow = new MemoryFlowStore({ clock });
    sessions = new SessionStore(flow);
  });

  afterEach(async () => {
    await flow.close();
  });

  const signedIn = (userId: string, authTime: number) => ({
    csrfToken: 'csrf',
    userId,
    authTime,
  });

  it('ends every session of a user signed in up to the moment, and no later one nor anyone else’s', async () => {
    const at = clock.now();
    await sessions.put('before', signedIn('ada', at - 60_000), 3600);
    await sessions.put('same-moment', signedIn('ada', at), 3600);
    await sessions.put('other-user', signedIn('bob', at - 60_000), 3600);
    await sessions.put('anonymous', { csrfToken: 'csrf', userId: null, authTime: null }, 3600);

    await sessions.endAllOf('ada', at, 3600);
    await sessions.put('after', signedIn('ada', at + 1), 3600);

    expect(await sessions.get('before')).toBeNull();
    expect(await sessions.get('same-moment')).toBeNull();
    expect(await sessions.get('after')).toEqual(signedIn('ada', at + 1));
    expect(await sessions.get('other-user')).toEqual(signedIn('bob', at - 60_000));
    expect(await sessions.get('anonymous')).toEqual({
      csrfToken: 'csrf',
      userId: null,
      authTime: null,
    });
  });

  it('spares the one session named to keep', async () => {
    const at = clock.now();
    await sessions.put('this-browser', signedIn('ada', at - 60_000), 3600);
    await sessions.put('other-browser', signedIn('ada', at - 60_000), 3600);

    await sessions.endAllOf('ada', at, 3600, 'this-browser');

    expect(await sessions.get('this-browser')).toEqual(signedIn('ada', at - 60_000));
    expect(await sessions.get('other-browser')).toBeNull();
  });

  it('forgets the end once no session from before it can be alive', async () => {
    const at = clock.now();
    await sessions.endAllOf('ada', at, 60);
    clock.advance(61_000);
    await sessions.put('old-time', signedIn('ada', at - 1), 3600);
    expect(await sessions.get('old-time')).toEqual(signedIn('ada', at - 1));
  });
});
