import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { ANNOUNCEMENT_PAGE_SIZE, type AnnouncementPage, type AnnouncementStatus } from '../model';
import { systemKeys } from './keys';

export interface AnnouncementQuery {
  /** From 1. */
  page: number;
  /** Absent: every status. */
  status?: AnnouncementStatus;
}

/** POST /lfscada/announcement/query {page, pageSize, status} → {total, list}. Silent: the screen shows failures. */
export function fetchAnnouncements(query: AnnouncementQuery, signal?: AbortSignal): Promise<AnnouncementPage> {
  return post<AnnouncementPage>(
    '/lfscada/announcement/query',
    { page: query.page, pageSize: ANNOUNCEMENT_PAGE_SIZE, ...(query.status ? { status: query.status } : {}) },
    { silent: true, ...(signal ? { signal } : {}) },
  );
}

export function useAnnouncements(query: AnnouncementQuery) {
  return useQuery<AnnouncementPage, ApiError>({
    queryKey: systemKeys.announcementPage(query),
    queryFn: ({ signal }) => fetchAnnouncements(query, signal),
    placeholderData: keepPreviousData,
  });
}
