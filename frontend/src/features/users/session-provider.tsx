import type { User } from '@curbside/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { STORAGE_KEYS, storage } from '../../lib/storage';
import { createUser } from './api/create-user';
import { getUser, isOwnRecord, userQueryOptions } from './api/get-user';

interface Session {
  /** undefined while start-up runs; null when no user could be had (the app still browses). */
  user: User | null | undefined;
  userId: string | null;
  refreshUser: () => Promise<void>;
}

const SessionContext = createContext<Session | null>(null);

/**
 * Start-up (accounts spec §4): a stored id is loaded; if that fails (or the session cookie belongs to someone
 * else, which shows as the public view) the id is dropped and a fresh anonymous user is made. Failures are only
 * logged: browsing works without a user.
 */
async function startUp(): Promise<User | null> {
  const storedId = storage.get(STORAGE_KEYS.userId);
  if (storedId) {
    try {
      const user = await getUser(storedId);
      if (isOwnRecord(user)) return user;
    } catch (error) {
      console.warn('User not found, creating a fresh one', error);
    }
    storage.remove(STORAGE_KEYS.userId);
  }
  try {
    const user = await createUser({ locationRadius: '2' });
    storage.set(STORAGE_KEYS.userId, user.id);
    return user;
  } catch (error) {
    console.error('Start-up failed', error);
    return null;
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const [user, setUser] = useState<User | null | undefined>(undefined);

  useEffect(() => {
    let cancelled = false;
    void startUp().then((result) => {
      if (cancelled) return;
      if (result) queryClient.setQueryData(userQueryOptions(result.id).queryKey, result);
      setUser(result);
    });
    return () => {
      cancelled = true;
    };
  }, [queryClient]);

  const refreshUser = useCallback(async () => {
    const id = storage.get(STORAGE_KEYS.userId);
    if (!id) return;
    const fresh = await queryClient.fetchQuery({ ...userQueryOptions(id), staleTime: 0 });
    if (isOwnRecord(fresh)) setUser(fresh);
  }, [queryClient]);

  const value = useMemo<Session>(() => ({ user, userId: user?.id ?? null, refreshUser }), [user, refreshUser]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): Session {
  const session = useContext(SessionContext);
  if (!session) throw new Error('useSession outside SessionProvider');
  return session;
}

/** For tests and stories: a fixed session without the start-up calls. */
export function StaticSessionProvider({ user, children }: { user: User | null; children: ReactNode }) {
  const value = useMemo<Session>(() => ({ user, userId: user?.id ?? null, refreshUser: async () => undefined }), [user]);
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
