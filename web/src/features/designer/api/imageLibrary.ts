/**
 * The organisation's image library (docs/architecture.md, "The image library"): `configuration/image/query`
 * lists it newest first, a page at a time; `image/upload` (multipart `file`, optional `title`) adds a picture;
 * `image/rename {id, title}` gives one a new title; `image/delete {id}` removes one, refused (1243) while a page still shows it. Silent: the library dialog shows
 * every failure beside what failed.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LibraryImage, LibraryImageStored, Listed } from '@/generated/answers';
import { post, upload } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

export const imageLibraryKeys = {
  all: ['imageLibrary'] as const,
  page: (page: number, pageSize: number) => ['imageLibrary', page, pageSize] as const,
};

export function useImageLibrary(page: number, pageSize: number) {
  return useQuery<Listed<LibraryImage>, ApiError>({
    queryKey: imageLibraryKeys.page(page, pageSize),
    queryFn: ({ signal }) =>
      post<Listed<LibraryImage>>('/lfscada/configuration/image/query', { page, pageSize }, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
}

export function uploadLibraryImage(file: File, title?: string): Promise<LibraryImageStored> {
  const fields = title ? { title } : {};
  return upload<LibraryImageStored>('/lfscada/configuration/image/upload', file, { fields, silent: true });
}

export function deleteLibraryImage(id: number): Promise<unknown> {
  return post('/lfscada/configuration/image/delete', { id }, { silent: true });
}

export function renameLibraryImage(id: number, title: string): Promise<unknown> {
  return post('/lfscada/configuration/image/rename', { id, title }, { silent: true });
}

/** Upload, rename and delete, each refreshing the library's pages when done. */
export function useImageLibraryChanges() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: imageLibraryKeys.all });
  const add = useMutation<LibraryImageStored, ApiError, File>({ mutationFn: (file) => uploadLibraryImage(file), onSuccess: refresh });
  const rename = useMutation<unknown, ApiError, { id: number; title: string }>({
    mutationFn: ({ id, title }) => renameLibraryImage(id, title),
    onSuccess: refresh,
  });
  const remove = useMutation<unknown, ApiError, number>({ mutationFn: deleteLibraryImage, onSuccess: refresh });
  return { add, rename, remove };
}
