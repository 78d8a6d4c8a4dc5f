/** The feed's and the map's "Recently confirmed" filter: only items confirmed in the last 12 hours (and garage sales). */
export function RecentlyConfirmedToggle({ checked, onChange }: { checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="inline-flex min-h-11 items-center gap-2 text-sm font-medium text-slate-800">
      <input type="checkbox" className="size-5 accent-emerald-700" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      Recently confirmed
    </label>
  );
}
