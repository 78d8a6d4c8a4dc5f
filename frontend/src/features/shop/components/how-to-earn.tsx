import { ACTION_POINTS, BADGES, DAILY_POST_CREDITS, PENDING_POINTS_HOURS, QUICK_DELETE_MINUTES, TIER_MULTIPLIER } from '@curbside/contracts/client';
import { Award, Info } from 'lucide-react';

/**
 * docs/product-rules.md's amounts (a scout find is worth 25, not the spec text's 15), its one badge rule set, and
 * the limits on what earns: every figure from the contracts the rewards service counts by.
 */
export function HowToEarn() {
  return (
    <>
      <section aria-labelledby="badges-notice" className="flex gap-3 rounded-2xl border border-violet-200 bg-violet-50 p-4">
        <Award className="mt-0.5 size-5 shrink-0 text-violet-800" aria-hidden />
        <div>
          <h2 id="badges-notice" className="font-semibold text-violet-950">
            Badges can't be bought
          </h2>
          <p className="mt-1 text-sm text-violet-950">
            Badges are earned automatically as you take part, never bought with points. Points earned never go down when you spend in the shop. Each badge adds
            bonus points:
          </p>
          <ul className="mt-2 space-y-1 text-sm text-violet-950">
            {BADGES.map((badge) => (
              <li key={badge.name}>
                <span className="font-semibold">{badge.name}</span>: {badge.rule.charAt(0).toLowerCase() + badge.rule.slice(1)} (+{badge.bonusPoints} points)
              </li>
            ))}
          </ul>
        </div>
      </section>
      <section aria-labelledby="how-to-earn" className="flex gap-3 rounded-2xl border border-sky-200 bg-sky-50 p-4">
        <Info className="mt-0.5 size-5 shrink-0 text-sky-800" aria-hidden />
        <div>
          <h2 id="how-to-earn" className="font-semibold text-sky-950">
            How to Earn Points
          </h2>
          <ul className="mt-2 space-y-1 text-sm text-sky-950">
            <li>Post an item: +{ACTION_POINTS.post_item} points</li>
            <li>Post a scout find: +{ACTION_POINTS.scout_find} points</li>
            <li>Claim an item: +{ACTION_POINTS.pickup_claim} points, when its pickup photo passes</li>
            <li>Earn a badge: its bonus points (above)</li>
          </ul>
          <p className="mt-2 text-xs text-sky-950" data-testid="pending-points-rule">
            Points for posts and scout finds are pending until the item is picked up or a verified neighbour confirms it is still there, or until{' '}
            {PENDING_POINTS_HOURS} hours pass without the post being deleted or removed. Pending points can't be spent and don't count toward your rank, badges
            or the leaderboard. Points for a claim count as soon as its pickup photo passes.
          </p>
          <p className="mt-2 text-xs text-sky-950" data-testid="post-points-limits">
            Up to {DAILY_POST_CREDITS} posts a day earn points. A post's points are taken back if you delete it within {QUICK_DELETE_MINUTES} minutes of
            posting, or if it is removed after reports.
          </p>
          <p className="mt-2 text-xs text-sky-950">
            Plans multiply the points for posts, scout finds and claims, rounded down: Basic {TIER_MULTIPLIER.basic}x, Premium {TIER_MULTIPLIER.premium}x, Pro{' '}
            {TIER_MULTIPLIER.pro}x. Badge bonuses are not multiplied.
          </p>
        </div>
      </section>
    </>
  );
}
