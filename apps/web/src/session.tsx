import { createContext, type ReactNode, useContext, useEffect, useState } from 'react';
import { api, ApiFailure, useCsrfToken } from './api';
import type { SessionView } from '@gatehouse/settings-api';

export type SessionState =
  | { kind: 'loading' }
  | { kind: 'signed-in'; session: SessionView }
  | { kind: 'signed-out' }
  | { kind: 'error'; message: string };

const SessionContext = createContext<SessionState>({ kind: 'loading' });

export function SessionProvider({ children }: { children: ReactNode }) {
  const [state, setState] = useState<SessionState>({ kind: 'loading' });
  useEffect(() => {
    api<SessionView>('GET', '/api/session').then(
      (session) => {
        useCsrfToken(session.csrfToken);
        setState({ kind: 'signed-in', session });
      },
      (error: unknown) => {
        if (error instanceof ApiFailure && error.status === 401) setState({ kind: 'signed-out' });
        else
          setState({
            kind: 'error',
            message: error instanceof Error ? error.message : String(error),
          });
      },
    );
  }, []);
  return <SessionContext.Provider value={state}>{children}</SessionContext.Provider>;
}

export function useSessionState(): SessionState {
  return useContext(SessionContext);
}

/** The signed-in session; pages under /settings render only once there is one. */
export function useSession(): SessionView {
  const state = useContext(SessionContext);
  if (state.kind !== 'signed-in') throw new Error('useSession outside a signed-in page');
  return state.session;
}

/** The sign-in page, coming back to where the person was. */
export function signInUrl(returnTo = window.location.pathname + window.location.search): string {
  return `/oauth/login?return_to=${encodeURIComponent(returnTo)}`;
}
