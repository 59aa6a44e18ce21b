/** Query keys of the system screens: everything under `['system']`. */
export const systemKeys = {
  all: ['system'] as const,
  hardware: ['system', 'hardware'] as const,
  models: ['system', 'models'] as const,
  model: (id: number) => ['system', 'models', id] as const,
  equipment: ['system', 'equipment'] as const,
  announcements: ['system', 'announcements'] as const,
  announcementPage: (query: object) => ['system', 'announcements', query] as const,
};

/**
 * The message centre's unread count (features/messages/api/unreadCount.ts keeps it under this key). Features do
 * not import each other, so the key is repeated: publishing and withdrawing refresh the badge at once.
 */
export const UNREAD_COUNT_KEY = ['messages', 'unreadCount'] as const;
