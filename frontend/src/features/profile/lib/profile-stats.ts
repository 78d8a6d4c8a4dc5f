/** The item fields the profile's stats are counted from. */
interface CountedItem {
  posterId: string;
  isScoutFind: boolean;
  voteCount: number;
}

export interface ProfileStats {
  itemsPosted: number;
  scoutFinds: number;
  votesReceived: number;
}

/** Items Posted, Scout Finds and Votes Received, from the user's items (which also hold what they claimed). */
export function profileStats(userId: string, items: readonly CountedItem[]): ProfileStats {
  const posted = items.filter((item) => item.posterId === userId);
  return {
    itemsPosted: posted.length,
    scoutFinds: posted.filter((item) => item.isScoutFind).length,
    votesReceived: posted.reduce((sum, item) => sum + item.voteCount, 0),
  };
}
