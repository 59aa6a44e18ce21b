/**
 * The live state of one EG equipment (the EG detail screen): the one-equipment case of useLiveEquipments, so the
 * detail screen and the configuration page viewers read one implementation.
 */
import { useMemo } from 'react';
import { useLiveEquipments, type LiveEquipment } from './useLiveEquipments';

export type { LiveEquipment } from './useLiveEquipments';

export function useLiveEquipment(equipmentId: number): LiveEquipment {
  const ids = useMemo(() => [equipmentId], [equipmentId]);
  // A set of one id has one entry.
  return useLiveEquipments(ids).equipment[0]!;
}
