import { cn } from '../../../lib/cn';
import { SEARCH_RADII } from '../lib/item-rules';

/** The radius options of spec §9 as a grid of toggle buttons. */
export function RadiusPicker({ value, onChange, label = 'Search radius' }: { value: number; onChange: (radius: number) => void; label?: string }) {
  return (
    <div role="group" aria-label={label} className="grid grid-cols-4 gap-2">
      {SEARCH_RADII.map((radius) => (
        <button
          key={radius}
          type="button"
          aria-pressed={value === radius}
          onClick={() => onChange(radius)}
          className={cn(
            'min-h-11 rounded-xl border text-sm font-semibold',
            value === radius ? 'border-emerald-700 bg-emerald-700 text-white' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-50',
          )}
        >
          {radius} mi
        </button>
      ))}
    </div>
  );
}
