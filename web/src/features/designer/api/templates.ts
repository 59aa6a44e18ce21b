/**
 * The organisation's page templates (docs/designer.md, "Templates"): `configuration/template/query` lists them by
 * name, `template/info {id}` answers one with its document, `template/save {name, document}` adds one (1261 when
 * the name is taken), `template/delete {id}` removes one. Silent: the templates panel shows every failure beside
 * what failed.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Created, Listed, TemplateSummary, TemplateWithDocument } from '@/generated/answers';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';

/** The panel lists this many at most; a name filter finds the others. */
export const TEMPLATE_PAGE_SIZE = 100;

export const templateKeys = {
  all: ['pageTemplates'] as const,
  list: (name: string) => ['pageTemplates', name] as const,
};

export function useTemplates(name: string) {
  return useQuery<Listed<TemplateSummary>, ApiError>({
    queryKey: templateKeys.list(name),
    queryFn: ({ signal }) =>
      post<Listed<TemplateSummary>>(
        '/lfscada/configuration/template/query',
        { name, page: 1, pageSize: TEMPLATE_PAGE_SIZE },
        { silent: true, signal },
      ),
  });
}

export function fetchTemplate(id: number): Promise<TemplateWithDocument> {
  return post<TemplateWithDocument>('/lfscada/configuration/template/info', { id }, { silent: true });
}

/** Save and delete, each refreshing the list when done. */
export function useTemplateChanges() {
  const queryClient = useQueryClient();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: templateKeys.all });
  const save = useMutation<Created, ApiError, { name: string; document: string }>({
    mutationFn: (payload) => post<Created>('/lfscada/configuration/template/save', payload, { silent: true }),
    onSuccess: refresh,
  });
  const remove = useMutation<unknown, ApiError, number>({
    mutationFn: (id) => post('/lfscada/configuration/template/delete', { id }, { silent: true }),
    onSuccess: refresh,
  });
  return { save, remove };
}
