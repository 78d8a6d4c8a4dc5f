import { useEffect, useRef } from 'react';
import { Button } from '../../../components/ui/button';

/** Loads the next page when it scrolls into view; the button is there for keyboards and old browsers. */
export function InfiniteSentinel({ hasMore, loading, onMore }: { hasMore: boolean; loading: boolean; onMore: () => void }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const node = ref.current;
    if (!node || !hasMore || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && !loading && onMore(), { rootMargin: '400px' });
    observer.observe(node);
    return () => observer.disconnect();
  }, [hasMore, loading, onMore]);
  if (!hasMore) return null;
  return (
    <div ref={ref} className="flex justify-center py-2">
      <Button variant="secondary" onClick={onMore} disabled={loading}>
        {loading ? 'Loading...' : 'Load more'}
      </Button>
    </div>
  );
}
