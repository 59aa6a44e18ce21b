/**
 * The equipment a map widget may list: `POST /lfscada/monitor/equipment/queryAll {}`, every equipment of the
 * organisation the engineer is granted (the monitor's list call). Silent: the picker shows a failure beside it.
 * Loaded only while a map's panel is open.
 */
import { useQuery } from '@tanstack/react-query';
import type { Card } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

export interface EquipmentChoice {
  id: number;
  name: string;
}

export function useEquipmentChoices() {
  return useQuery<EquipmentChoice[], ApiError>({
    queryKey: ['designer', 'equipmentChoices'],
    queryFn: async ({ signal }) => {
      const cards = await post<Card[]>('/lfscada/monitor/equipment/queryAll', {}, { silent: true, signal });
      return cards.map((card) => ({ id: card.id, name: card.equipName }));
    },
    staleTime: 60_000,
  });
}
