import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { PAGE_SIZE, type ProjectPage } from '../model';
import { projectKeys } from './keys';

export interface ProjectQuery {
  page: number;
  keyword: string;
}

/** POST /lfscada/project/query {page, pageSize, keyword} → {total, list}. Silent: shown inline. */
export function fetchProjects({ page, keyword }: ProjectQuery, signal?: AbortSignal): Promise<ProjectPage> {
  return post<ProjectPage>(
    '/lfscada/project/query',
    { page, pageSize: PAGE_SIZE, keyword: keyword.trim() },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export function useProjects(query: ProjectQuery) {
  return useQuery<ProjectPage, ApiError>({
    queryKey: projectKeys.page(query),
    queryFn: ({ signal }) => fetchProjects(query, signal),
    placeholderData: keepPreviousData,
  });
}
