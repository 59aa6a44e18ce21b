import { useMutation, useQueryClient } from '@tanstack/react-query';
import { upload } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { equipmentKeys } from './queryEquipment';

/**
 * POST /lfscada/equipment/multi/image/upload (multipart: `file`, `id`) → `{image}`, the stored path
 * (`/userimg/…`), answered here as the path; the equipment's info then carries it as `image`. Silent: the upload
 * control shows the failure beside itself.
 */
export function uploadEquipmentImage({ id, file }: { id: number; file: File }): Promise<string> {
  return upload<{ image: string }>('/lfscada/equipment/multi/image/upload', file, { fields: { id }, silent: true }).then(
    (answer) => answer.image,
  );
}

export function useUploadEquipmentImage() {
  const queryClient = useQueryClient();
  return useMutation<string, ApiError, { id: number; file: File }>({
    mutationFn: uploadEquipmentImage,
    onSuccess: (_path, { id }) => void queryClient.invalidateQueries({ queryKey: equipmentKeys.info(id) }),
  });
}
