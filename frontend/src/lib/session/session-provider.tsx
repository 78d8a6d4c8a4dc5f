import type { User } from '@curbside/contracts';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { ApiError } from '../api-client';
import { STORAGE_KEYS, storage } from '../storage';
import { createUser } from './api/create-user';
import { isOwnRecord, userQueryOptions } from './api/get-user';

/**
 * Where start-up stands: loading the user, onboarding (first visit), recovering from a stored user that is gone
 * (a fresh one is made and the page reloads), or ready (the app shows, with or without a user).
 */
export type SessionPhase = 'loading' | 'onboarding' | 'recovering' | 'ready';

interface Session {
  phase: SessionPhase;
  /** undefined while start-up runs; null when no user could be had (the app still browses). */
  user: User | null | undefined;
  userId: string | null;
  refreshUser: () => Promise<void>;
  /**
   * Makes `user` this browser's user (after a phone sign-in or at the end of onboarding): stores its id and
   * drops every cached answer that belonged to the previous user. The server already set the session cookie.
   */
  switchUser: (user: User) => void;
}

const SessionContext = createContext<Session | null>(null);

/** The flags that belong to a user rather than to the device; cleared with a user that is gone. */
const USER_FLAGS = [STORAGE_KEYS.locationPermitted, STORAGE_KEYS.tutorialDismissed, STORAGE_KEYS.tutorialCompleted] as const;

export type StartUp = { phase: 'onboarding' } | { phase: 'ready'; user: User | null } | { phase: 'recovering' };

/** A stored user that cannot be had: unknown (404), refused, or a session cookie that is someone else's. */
function isGone(error: unknown): boolean {
  return error instanceof ApiError && error.status >= 400 && error.status < 500;
}

async function loadStoredUser(queryClient: QueryClient, storedId: string): Promise<User | 'gone' | null> {
  try {
    // Through the cache, with the feature's own options: the screens that read the member take this answer.
    const user = await queryClient.fetchQuery(userQueryOptions(storedId));
    return isOwnRecord(user) ? user : 'gone';
  } catch (error) {
    console.warn('Loading the stored user failed', error);
    return isGone(error) ? 'gone' : null;
  }
}

async function newAnonymousUser(): Promise<User | null> {
  try {
    const user = await createUser({ locationRadius: '2' });
    storage.set(STORAGE_KEYS.userId, user.id);
    return user;
  } catch (error) {
    console.error('Start-up failed', error);
    return null;
  }
}

/**
 * Start-up (accounts spec §4): onboarding until it was completed; then the stored user is loaded, or a fresh
 * anonymous one is made when none is stored. Failures are only logged: browsing works without a user.
 */
/** The stored user of a returning neighbour (onboarding completed), or null. */
function returningUserId(): string | null {
  return storage.get(STORAGE_KEYS.onboardingCompleted) === 'true' ? storage.get(STORAGE_KEYS.userId) : null;
}

export async function startUp(queryClient: QueryClient): Promise<StartUp> {
  if (storage.get(STORAGE_KEYS.onboardingCompleted) !== 'true') return { phase: 'onboarding' };
  const storedId = returningUserId();
  if (!storedId) return { phase: 'ready', user: await newAnonymousUser() };
  const stored = await loadStoredUser(queryClient, storedId);
  if (stored === 'gone') return { phase: 'recovering' };
  return { phase: 'ready', user: stored };
}

/** The recovery path: the stored id and the user's flags are cleared and a fresh anonymous user is made. */
async function recover(): Promise<void> {
  storage.remove(STORAGE_KEYS.userId);
  for (const flag of USER_FLAGS) storage.remove(flag);
  await newAnonymousUser();
}

/**
 * starting: start-up already under way (main.tsx begins it before the first render, beside the screen's download);
 * without it the provider starts up when it mounts.
 */
export function SessionProvider({
  children,
  reload = () => window.location.reload(),
  starting,
}: {
  children: ReactNode;
  reload?: () => void;
  starting?: Promise<StartUp>;
}) {
  const queryClient = useQueryClient();
  // A returning neighbour (onboarding done, a stored id) gets the app at once while their record loads in the
  // background; only a lost record stops it (the recovery path). Without a stored id the user is made first.
  const [storedId] = useState(returningUserId);
  const [phase, setPhase] = useState<SessionPhase>(storedId ? 'ready' : 'loading');
  const [user, setUser] = useState<User | null | undefined>(undefined);
  const reloadRef = useRef(reload);
  reloadRef.current = reload;
  const startingRef = useRef(starting);

  useEffect(() => {
    let cancelled = false;
    const started = startingRef.current ?? startUp(queryClient);
    // Mounted again (React's development checks): start-up is not run twice.
    startingRef.current = started;
    void started.then(async (result) => {
      if (cancelled) return;
      if (result.phase === 'recovering') {
        setPhase('recovering');
        await recover();
        if (!cancelled) reloadRef.current();
        return;
      }
      if (result.phase === 'ready' && result.user) queryClient.setQueryData(userQueryOptions(result.user.id).queryKey, result.user);
      // Everything that shows the member redraws: in a transition React does it in short slices, not one long task.
      startTransition(() => {
        setUser(result.phase === 'ready' ? result.user : null);
        setPhase(result.phase);
      });
    });
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  const refreshUser = useCallback(async () => {
    const id = storage.get(STORAGE_KEYS.userId);
    if (!id) return;
    await queryClient.fetchQuery({ ...userQueryOptions(id), staleTime: 0 });
  }, [queryClient]);

  const switchUser = useCallback(
    (next: User) => {
      storage.set(STORAGE_KEYS.userId, next.id);
      // The previous user's answers go: unused ones are dropped, those on screen are fetched again.
      queryClient.removeQueries({ type: 'inactive' });
      void queryClient.resetQueries({ type: 'active' });
      queryClient.setQueryData(userQueryOptions(next.id).queryKey, next);
      setUser(next);
      setPhase('ready');
    },
    [queryClient],
  );

  const userId = user === undefined ? storedId : (user?.id ?? null);
  // The member's record as the query cache holds it: whatever refreshes it (a live event, an action's answer,
  // another screen) redraws every figure that reads the session. Until start-up is done the cache is not read.
  const cached = useQuery(userQueryOptions(user ? user.id : null));
  const current = user && cached.data && isOwnRecord(cached.data) && cached.data.id === user.id ? cached.data : user;
  const value = useMemo<Session>(() => ({ phase, user: current, userId, refreshUser, switchUser }), [phase, current, userId, refreshUser, switchUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** For tests and stories: a fixed session without the start-up calls. */
export function StaticSessionProvider({ user, children }: { user: User | null; children: ReactNode }) {
  const value = useMemo<Session>(
    () => ({ phase: 'ready', user, userId: user?.id ?? null, refreshUser: async () => undefined, switchUser: () => undefined }),
    [user],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
