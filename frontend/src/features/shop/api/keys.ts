/** Owns every query key of the shop feature: the catalogue, and a member's redemptions and perks. */
export const shopKeys = {
  rewards: ['/api/rewards'] as const,
  userRewards: (userId: string | null) => ['/api/users', userId, 'rewards'] as const,
  perks: (userId: string | null) => ['/api/users', userId, 'perks'] as const,
};
