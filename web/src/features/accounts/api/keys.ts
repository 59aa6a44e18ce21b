/** Query keys of the sub-accounts screen: everything under `['accounts']`. */
export const accountKeys = {
  all: ['accounts'] as const,
  list: ['accounts', 'list'] as const,
  granted: (userId: number) => ['accounts', 'granted', userId] as const,
  equipment: ['accounts', 'equipment'] as const,
};
