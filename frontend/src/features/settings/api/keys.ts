/** Owns every query key of the settings feature. */
export const settingsKeys = {
  emergencyContact: (userId: string) => ['/api/users', userId, 'emergency-contact'] as const,
};
