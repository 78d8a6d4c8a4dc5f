import { createContext, lazy, Suspense, useContext, useMemo, useState, type ReactNode } from 'react';

const PostSheet = lazy(() => import('./components/post-sheet'));

const PostSheetContext = createContext<{ openPostSheet: () => void } | null>(null);

/** Holds the post sheet for the whole app; its code loads the first time someone opens it. */
export function PostSheetProvider({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const value = useMemo(() => ({ openPostSheet: () => setOpen(true) }), []);
  return (
    <PostSheetContext.Provider value={value}>
      {children}
      {open && (
        <Suspense fallback={null}>
          <PostSheet onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </PostSheetContext.Provider>
  );
}

export function usePostSheet() {
  const ctx = useContext(PostSheetContext);
  if (!ctx) throw new Error('usePostSheet outside PostSheetProvider');
  return ctx;
}
