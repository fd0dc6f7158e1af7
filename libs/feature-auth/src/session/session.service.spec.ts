import { FrozenClock } from '@gatehouse/domain/testing';
import { MemoryFlowStore } from '@gatehouse/flow-state';
import { SessionStore } from '@gatehouse/identity';
import {
  ImmediateTransactionRunner,
  PredictableRandom,
  RecordingOutbox,
} from '@gatehouse/identity/testing';
import type { Request, Response } from 'express';
import { InMemorySignInSessionStore } from '../testing/in-memory-sign-in-session.store';
import { SessionActivity } from './session-activity';
import { SignOutEvents } from './sign-out-events';
import { DEFAULT_SIGN_IN_LIMITS } from './session-options';
import { SessionService } from './session.service';

interface SetCookie {
  name: string;
  value: string;
  options: Record<string, unknown>;
}

function fakeResponse() {
  const set: SetCookie[] = [];
  const cleared: string[] = [];
  const res = {
    cookie: (name: string, value: string, options: Record<string, unknown>) =>
      set.push({ name, value, options }),
    clearCookie: (name: string) => cleared.push(name),
  } as unknown as Response;
  return { res, set, cleared };
}

const CHROME_ON_LINUX =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

const requestWith = (cookie?: string, userAgent?: string) =>
  ({
    headers: { ...(cookie ? { cookie } : {}), ...(userAgent ? { 'user-agent': userAgent } : {}) },
    socket: { remoteAddress: '203.0.113.7' },
  }) as unknown as Request;

describe('SessionService', () => {
  let clock: FrozenClock;
  let flow: MemoryFlowStore;
  let listed: InMemorySignInSessionStore;
  let outbox: RecordingOutbox;

  beforeEach(() => {
    outbox = new RecordingOutbox();
    clock = new FrozenClock(Date.UTC(2026, 0, 1));
    flow = new MemoryFlowStore({ clock });
    listed = new InMemorySignInSessionStore();
  });

  afterEach(() => flow.close());

  const service = (secureCookies: boolean) =>
    new SessionService(
      new SessionStore(flow),
      new PredictableRandom(),
      clock,
      {
        secureCookies,
        signedInTtlSeconds: 7200,
        anonymousTtlSeconds: 600,
        limits: DEFAULT_SIGN_IN_LIMITS,
      },
      listed,
      new SessionActivity(listed, clock),
      new SignOutEvents(outbox, new PredictableRandom(), new ImmediateTransactionRunner(), clock),
    );

  it('starts an anonymous session with a CSRF token and an HttpOnly, SameSite=Lax cookie', async () => {
    const { res, set } = fakeResponse();
    const session = await service(false).loadOrStart(requestWith(), res);
    expect(session.data).toEqual({
      csrfToken: expect.stringMatching(/^T{30}\d{10}$/),
      userId: null,
      authTime: null,
    });
    expect(set).toEqual([
      {
        name: 'gatehouse_session',
        value: session.id,
        options: { httpOnly: true, sameSite: 'lax', secure: false, path: '/', maxAge: 600_000 },
      },
    ]);
    expect(
      await service(false).load(requestWith(`other=1; gatehouse_session=${session.id}`)),
    ).toEqual(session);
  });

  it('uses a Secure __Host- cookie on an https public URL', async () => {
    const { res, set } = fakeResponse();
    await service(true).loadOrStart(requestWith(), res);
    expect(set[0]).toMatchObject({
      name: '__Host-gatehouse_session',
      options: { secure: true, path: '/' },
    });
  });

  it('replaces the session on sign-in (new id and CSRF token) and records auth_time', async () => {
    const sessions = service(false);
    const anonymous = await sessions.loadOrStart(requestWith(), fakeResponse().res);
    const { res, set } = fakeResponse();
    const signedIn = await sessions.signIn(
      requestWith(`gatehouse_session=${anonymous.id}`),
      res,
      'user-1',
    );
    expect(signedIn.id).not.toBe(anonymous.id);
    expect(signedIn.data).toEqual({
      csrfToken: expect.any(String),
      userId: 'user-1',
      authTime: Date.UTC(2026, 0, 1),
      sid: expect.stringMatching(/^[0-9a-f]{24}$/),
    });
    expect(signedIn.data.csrfToken).not.toBe(anonymous.data.csrfToken);
    expect(set[0]!.options.maxAge).toBe(7_200_000);
    expect(await sessions.load(requestWith(`gatehouse_session=${anonymous.id}`))).toBeNull();
    clock.advance(7_200_000);
    expect(await sessions.load(requestWith(`gatehouse_session=${signedIn.id}`))).toBeNull();
  });

  it('lists a signed-in session by user with its device, address and times, under a public id', async () => {
    const sessions = service(false);
    const signedIn = await sessions.signIn(
      requestWith(undefined, CHROME_ON_LINUX),
      fakeResponse().res,
      'user-1',
    );
    const at = new Date(Date.UTC(2026, 0, 1));
    const [row] = await listed.listOf('user-1', at);
    expect(row).toEqual({
      id: expect.stringMatching(/^[0-9a-f]{24}$/),
      userId: 'user-1',
      sessionHash: new SessionStore(flow).keyOf(signedIn.id),
      device: 'Chrome on Linux',
      address: '203.0.113.7',
      signedInAt: at,
      lastActiveAt: at,
      expiresAt: new Date(at.getTime() + 7_200_000),
    });
    expect(row!.id).toBe(signedIn.data.sid);
    expect(row!.id).not.toContain(signedIn.id);
  });

  it('writes the last activity at most once a minute', async () => {
    const sessions = service(false);
    const signedIn = await sessions.signIn(requestWith(), fakeResponse().res, 'user-1');
    const cookie = `gatehouse_session=${signedIn.id}`;
    const lastActive = async () =>
      (await listed.listOf('user-1', new Date(clock.now())))[0]!.lastActiveAt.getTime();

    clock.advance(59_000);
    await sessions.load(requestWith(cookie));
    expect(await lastActive()).toBe(Date.UTC(2026, 0, 1));
    clock.advance(1_000);
    await sessions.load(requestWith(cookie));
    expect(await lastActive()).toBe(Date.UTC(2026, 0, 1, 0, 1));
    clock.advance(30_000);
    await sessions.load(requestWith(cookie));
    expect(await lastActive()).toBe(Date.UTC(2026, 0, 1, 0, 1));
  });

  it('ends the session on sign-out', async () => {
    const sessions = service(false);
    const signedIn = await sessions.signIn(requestWith(), fakeResponse().res, 'user-1');
    const { res, cleared } = fakeResponse();
    await sessions.signOut(requestWith(`gatehouse_session=${signedIn.id}`), res);
    expect(cleared).toEqual(['gatehouse_session']);
    expect(await sessions.load(requestWith(`gatehouse_session=${signedIn.id}`))).toBeNull();
    expect(await listed.listOf('user-1', new Date(clock.now()))).toEqual([]);
    expect(outbox.events()).toEqual([
      {
        type: 'account.signed_out',
        data: {
          eventId: expect.any(String),
          userId: 'user-1',
          sessionIds: [signedIn.data.sid],
          everySession: false,
          signedOutAt: new Date(clock.now()).toISOString(),
        },
      },
    ]);
  });

  it('checks the CSRF token of a form', async () => {
    const sessions = service(false);
    const session = await sessions.loadOrStart(requestWith(), fakeResponse().res);
    expect(sessions.csrfMatches(session, session.data.csrfToken)).toBe(true);
    expect(sessions.csrfMatches(session, 'forged')).toBe(false);
    expect(sessions.csrfMatches(session, [session.data.csrfToken])).toBe(false);
    expect(sessions.csrfMatches(null, session.data.csrfToken)).toBe(false);
  });

  it('ignores cookies that are not session ids', async () => {
    expect(await service(false).load(requestWith('gatehouse_session=../../etc'))).toBeNull();
  });
});
