import { kg } from '../lib/impact-format';

interface Week {
  weekStart: string;
  pickups: number;
  kg: number;
}

const WIDTH = 360;
const HEIGHT = 150;
const TOP = 16;
const BOTTOM = 22;
const LEFT = 4;
const GAP = 6;

const dayMonth = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', timeZone: 'UTC' });
export const weekLabel = (weekStart: string) => dayMonth.format(new Date(`${weekStart}T00:00:00Z`));

/**
 * Kilograms per week as bars, drawn as a small SVG (no chart library: the page stays light). The picture is for
 * sighted readers; the same figures are in a table that screen readers read instead.
 */
export function WeeksChart({ weeks }: { weeks: Week[] }) {
  const max = Math.max(...weeks.map((w) => w.kg), 0);
  const slot = (WIDTH - LEFT) / weeks.length;
  const plotHeight = HEIGHT - TOP - BOTTOM;
  return (
    <figure className="m-0">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="h-auto w-full max-w-lg" aria-hidden="true" focusable="false">
        <line x1={LEFT} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="stroke-slate-300" strokeWidth={1} />
        {weeks.map((week, i) => {
          const height = max > 0 ? Math.max((week.kg / max) * plotHeight, week.kg > 0 ? 2 : 0) : 0;
          const x = LEFT + i * slot + GAP / 2;
          const current = i === weeks.length - 1;
          // Every fourth week is named, counting back from this one, so the labels never crowd on a phone.
          const labelled = (weeks.length - 1 - i) % 4 === 0;
          // The last bar's labels end at its right edge, so they never run off the picture.
          const anchor = current ? 'end' : 'middle';
          const labelX = (left: number) => (current ? left + slot - GAP : left + (slot - GAP) / 2);
          return (
            <g key={week.weekStart}>
              <rect
                x={x}
                y={HEIGHT - BOTTOM - height}
                width={slot - GAP}
                height={height}
                rx={3}
                data-testid="impact-week-bar"
                className={current ? 'fill-emerald-600' : 'fill-emerald-800'}
              />
              {week.kg === max && max > 0 && (
                <text x={labelX(x)} y={HEIGHT - BOTTOM - height - 4} textAnchor={anchor} className="fill-slate-800 text-[11px] font-semibold">
                  {kg(week.kg)}
                </text>
              )}
              {labelled && (
                <text x={labelX(x)} y={HEIGHT - 6} textAnchor={anchor} className="fill-slate-600 text-[11px]">
                  {current ? 'This week' : weekLabel(week.weekStart)}
                </text>
              )}
            </g>
          );
        })}
      </svg>
      <figcaption className="mt-1 text-xs text-slate-600">
        Estimated kilograms kept out of landfill each week; the last, lighter bar is this week, still running.
      </figcaption>
      <table className="sr-only">
        <caption>Verified pickups and estimated kilograms by week</caption>
        <thead>
          <tr>
            <th scope="col">Week of</th>
            <th scope="col">Pickups</th>
            <th scope="col">Kilograms</th>
          </tr>
        </thead>
        <tbody>
          {weeks.map((week) => (
            <tr key={week.weekStart}>
              <th scope="row">{weekLabel(week.weekStart)}</th>
              <td>{week.pickups}</td>
              <td>{kg(week.kg)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}
