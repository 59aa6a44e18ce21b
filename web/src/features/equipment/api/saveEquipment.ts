import { useMutation, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { EquipmentFields } from '../model';
import { equipmentKeys } from './queryEquipment';
import type { Created } from '@/generated/answers';

/** The editable fields as the server reads them: texts trimmed, absent coordinates left out. */
function payload(fields: EquipmentFields) {
  return {
    equipName: fields.equipName.trim(),
    display: fields.display,
    ruleType: fields.ruleType || '00',
    model: fields.model.trim(),
    manufacturer: fields.manufacturer.trim(),
    address: fields.address.trim(),
    latitude: fields.latitude,
    longitude: fields.longitude,
    remark: fields.remark.trim(),
    // Always sent: empty clears the date.
    expireDate: fields.expireDate ?? '',
  };
}

/**
 * POST /lfscada/equipment/multi/add {fields} → {id}, or /edit {id, fields} when `id` is given. Silent: the
 * form puts field refusals (1100/1101) on the field and toasts the rest itself.
 */
export function saveEquipment({ id, fields }: { id?: number; fields: EquipmentFields }): Promise<Created> {
  if (id === undefined) return post<Created>('/lfscada/equipment/multi/add', payload(fields), { silent: true });
  return post<null>('/lfscada/equipment/multi/edit', { id, ...payload(fields) }, { silent: true }).then(() => ({ id }));
}

export function useSaveEquipment() {
  const queryClient = useQueryClient();
  return useMutation<Created, ApiError, { id?: number; fields: EquipmentFields }>({
    mutationFn: saveEquipment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: equipmentKeys.all }),
  });
}
