/** Query keys of the sub-accounts screen: everything under `['subAccounts']`. */
export const subAccountKeys = {
  all: ['subAccounts'] as const,
  list: ['subAccounts', 'list'] as const,
  granted: (userId: number) => ['subAccounts', 'granted', userId] as const,
  equipment: ['subAccounts', 'equipment'] as const,
};
