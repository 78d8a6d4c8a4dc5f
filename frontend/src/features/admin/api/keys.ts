/** Owns every query key of the admin feature (the emergency tool). */
export const adminKeys = {
  emergencyLogs: (adminUserId: string) => ['/api/emergency/logs', adminUserId] as const,
};
