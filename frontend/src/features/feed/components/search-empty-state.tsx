import { SearchX } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { MAX_RADIUS } from '../../../lib/items/item-rules';
import { plural } from '../../../lib/plural';
import { expandedRadius } from './feed-empty-state';

/**
 * The search page when nothing matches: what to try next, like the feed's empty state. Other words, a wider search
 * (the feed's expand-search step, within the member's plan: wider radii are offered, locked, in the filters), and,
 * when the search can be saved, saving it to be alerted when a match is posted (docs/product-rules.md, "Saved searches").
 */
export function SearchEmptyState({
  query,
  category,
  radius,
  maxRadius = MAX_RADIUS,
  canSave,
  onExpand,
}: {
  query: string;
  category?: string;
  radius: number;
  maxRadius?: number;
  /** "Save this search" is on screen (a member, and words or a category to save). */
  canSave: boolean;
  onExpand: (next: number) => void;
}) {
  const next = expandedRadius(radius, maxRadius);
  const tips = [
    query ? 'Check the spelling, or try other or fewer words.' : null,
    category ? `Try another category than ${category}, or none.` : null,
    next > radius ? 'Search a wider area.' : null,
    canSave ? "Save this search and we'll tell you when a match is posted nearby." : null,
  ].filter((tip): tip is string => tip !== null);
  return (
    <div data-testid="search-empty" className="flex flex-col items-center gap-2 rounded-2xl border border-dashed border-slate-300 bg-white p-6 text-center">
      <SearchX className="size-10 text-slate-500" aria-hidden />
      <h2 className="text-lg font-semibold">
        {query ? `No items match "${query}"` : 'No items match your search'} within {plural(radius, 'mile')}
      </h2>
      {tips.length > 0 && (
        <ul className="space-y-1 text-sm text-slate-600">
          {tips.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      )}
      {next > radius && (
        <Button variant="secondary" className="mt-2" onClick={() => onExpand(next)}>
          Expand search to {plural(next, 'mile')}
        </Button>
      )}
    </div>
  );
}
