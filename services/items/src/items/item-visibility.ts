/**
 * Whether an item is gone for this caller, as `GET /api/items/{id}` finds it: removed, or in pending review (itself,
 * or its poster as a member), unless the caller posted it. What hangs off the item (its comments) follows the same
 * rule, so nobody reads or adds to what a moderator hid by keeping its id.
 */
export function hiddenFrom(item: { status: string; posterId: string; inReview: boolean }, callerId: string | undefined, membersInReview: Set<string>): boolean {
  if (item.status === 'removed') return true;
  return item.posterId !== callerId && (item.inReview || membersInReview.has(item.posterId));
}
