/**
 * The message centre's calls (spec section 7 "Messages"). Every query key starts with `messages`, so a pushed
 * message or any mark refreshes the lists, a detail and the header's unread count at once.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Announcement, Changed, Listed, Message } from '@/generated/answers';
import type { MessageQuery } from '../model/messageQuery';
import { MESSAGE_PAGE_SIZE } from '../model/messageQuery';
import { markEquipmentAlarmsRead, messageKeys } from '@/entities/messages/api';

export type MessagePage = Listed<Message>;

/** POST /lfscada/msg/query {page, pageSize, type?, readStatus?, equipId?, dataId?} → {total, list}, newest first. */
export function fetchMessages(query: MessageQuery, signal?: AbortSignal): Promise<MessagePage> {
  return post<MessagePage>(
    '/lfscada/msg/query',
    {
      page: query.page,
      pageSize: query.pageSize ?? MESSAGE_PAGE_SIZE,
      ...(query.type ? { type: query.type } : {}),
      ...(query.readStatus ? { readStatus: query.readStatus } : {}),
      ...(query.equipId !== undefined ? { equipId: query.equipId } : {}),
      ...(query.dataId !== undefined ? { dataId: query.dataId } : {}),
    },
    signal ? { signal } : {},
  );
}

export function useMessages(query: MessageQuery, enabled = true) {
  return useQuery<MessagePage, ApiError>({
    queryKey: [...messageKeys.all, 'list', query],
    queryFn: ({ signal }) => fetchMessages(query, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** POST /lfscada/msg/info {id} → one of the caller's messages (1280 when it is not, or was deleted). */
export function useMessage(id: number | null) {
  return useQuery<Message, ApiError>({
    queryKey: [...messageKeys.all, 'one', id],
    queryFn: ({ signal }) => post<Message>('/lfscada/msg/info', { id: id ?? 0 }, { silent: true, ...(signal ? { signal } : {}) }),
    enabled: id !== null,
    retry: false,
  });
}

/** POST /lfscada/notice/detail {id} → the announcement a notice is about. */
export function useNotice(id: number | null) {
  return useQuery<Announcement, ApiError>({
    queryKey: [...messageKeys.all, 'notice', id],
    queryFn: ({ signal }) =>
      post<Announcement>('/lfscada/notice/detail', { id: id ?? 0 }, { silent: true, ...(signal ? { signal } : {}) }),
    enabled: id !== null,
    retry: false,
  });
}

/** A change to messages, and the calls each makes; each refreshes every message query when done. */
export type MessageChange =
  | { kind: 'read'; ids: readonly number[] }
  | { kind: 'delete'; ids: readonly number[] }
  | { kind: 'readAll'; type?: string }
  | { kind: 'readEquipmentAlarms'; equipId: number };

export function changeMessages(change: MessageChange, silent = false): Promise<Changed> {
  const options = { silent };
  switch (change.kind) {
    case 'read':
      return post<Changed>('/lfscada/msg/markAsRead', { ids: [...change.ids] }, options);
    case 'delete':
      return post<Changed>('/lfscada/msg/delete', { ids: [...change.ids] }, options);
    case 'readAll':
      return post<Changed>('/lfscada/msg/allMarkAsRead', change.type ? { type: change.type } : {}, options);
    case 'readEquipmentAlarms':
      return markEquipmentAlarmsRead(change.equipId);
  }
}

/** Marks, deletes; toasts a failure (a background mark passes `silent`). */
export function useChangeMessages(silent = false) {
  const client = useQueryClient();
  return useMutation<Changed, ApiError, MessageChange>({
    mutationFn: (change) => changeMessages(change, silent),
    onSettled: () => client.invalidateQueries({ queryKey: messageKeys.all }),
  });
}
