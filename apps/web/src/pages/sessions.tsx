import type { OtherSessionsEndedView, SignInSessionView } from '@gatehouse/settings-api';
import { api, segment } from '../api';
import {
  announce,
  ConfirmButton,
  Empty,
  ErrorNotice,
  Loaded,
  useResource,
  useSubmit,
  When,
} from '../components';
import { useTitle } from '../router';

/** `/settings/sessions`: every browser signed in to the account; sign one, or all others, out. */
export function SessionsPage() {
  useTitle('Sessions');
  const sessions = useResource<SignInSessionView[]>('/api/settings/sessions');
  const end = useSubmit();

  const signOut = async (session: SignInSessionView) => {
    let done = false;
    await end.run(async () => {
      await api('DELETE', `/api/settings/sessions/${segment(session.id)}`);
      done = true;
    });
    if (done) announce(`${session.device} is signed out.`);
    sessions.reload();
  };

  const signOutOthers = async () => {
    let ended: number | null = null;
    await end.run(async () => {
      ended = (await api<OtherSessionsEndedView>('POST', '/api/settings/sessions/sign-out-others'))
        .sessionsEnded;
    });
    if (ended !== null)
      announce(
        ended === 1
          ? 'One other session is signed out.'
          : `${ended} other sessions are signed out.`,
      );
    sessions.reload();
  };

  return (
    <>
      <h1>Sessions</h1>
      <p className="lead">
        The browsers signed in to your account. If you do not recognise one, sign it out and change
        your password.
      </p>
      {end.failure && <ErrorNotice failure={end.failure} />}
      <Loaded resource={sessions} what="your sessions">
        {(list) =>
          list.length === 0 ? (
            <Empty>No browser is signed in to your account.</Empty>
          ) : (
            <>
              <ul className="rows" aria-label="Signed-in browsers">
                {list.map((session) => (
                  <li key={session.id} className="row row-wrap">
                    <div className="row-main">
                      <h2 className="row-title">
                        {session.device}{' '}
                        {session.current && <span className="chip">this browser</span>}
                      </h2>
                      <div className="muted small">
                        from {session.address} · signed in <When iso={session.signedInAt} /> · last
                        active <When iso={session.lastActiveAt} />
                      </div>
                    </div>
                    {!session.current && (
                      <ConfirmButton
                        label={`Sign out ${session.device} from ${session.address}`}
                        short="Sign out"
                        confirmLabel={`Sign out ${session.device}`}
                        onConfirm={() => void signOut(session)}
                        busy={end.busy}
                      />
                    )}
                  </li>
                ))}
              </ul>
              {list.some((session) => !session.current) && (
                <section className="card" aria-labelledby="sessions-others">
                  <h2 id="sessions-others">Everywhere else</h2>
                  <p>Signs out every browser above but this one.</p>
                  <ConfirmButton
                    label="Sign out all other sessions"
                    confirmLabel="Sign out all other sessions"
                    onConfirm={() => void signOutOthers()}
                    busy={end.busy}
                  />
                </section>
              )}
            </>
          )
        }
      </Loaded>
    </>
  );
}
