/**
 * What other screens need of the message centre: its query keys (every message query starts with `messages`, so
 * one invalidation refreshes the bell, the lists and a detail) and the mark a screen makes when it shows an
 * equipment's alarms (spec: `markAsReadForEquipAlarm`: seeing the alarms reads their messages).
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { Changed } from '@/generated/answers';

export const messageKeys = {
  all: ['messages'] as const,
  unreadCount: ['messages', 'unreadCount'] as const,
};

/** POST /lfscada/msg/markAsReadForEquipAlarm {dataId, equipType: 'eg'} → {changed}. Silent: a background mark. */
export function markEquipmentAlarmsRead(equipId: number): Promise<Changed> {
  return post<Changed>('/lfscada/msg/markAsReadForEquipAlarm', { dataId: equipId, equipType: 'eg' }, { silent: true });
}

/** Reads the equipment's alarm messages while `active` (the alarm records are on screen), again when `key` changes. */
export function useReadEquipmentAlarms(equipId: number, active: boolean, key: string): void {
  const client = useQueryClient();
  useEffect(() => {
    if (!active) return;
    markEquipmentAlarmsRead(equipId).then(
      ({ changed }) => {
        if (changed > 0) void client.invalidateQueries({ queryKey: messageKeys.all });
      },
      () => undefined,
    );
  }, [equipId, active, key, client]);
}
