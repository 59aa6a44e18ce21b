/**
 * What the message centre lists and where its messages open, as pure functions of the address: the three lists
 * (`messageAll`, `messageUnReaden`, `messageReaden`) of both centres (`/message` and `/msg`), their filters, and
 * the detail routes of spec section 2:
 * - `/message/detail/{msgType}/{msgId}`: a message by its id;
 * - `/msg/detail/{menuType}/{msgType}/{dataId}`: the newest message of a type about an object (`menuType` is the
 *   list it was opened from);
 * - `/system/msg/detail/{dataId}/{msgType}`: the same, in a window of its own.
 */

/** Messages per page (spec: paging 10). */
export const MESSAGE_PAGE_SIZE = 10;

/** The message types (spec section 3), in the order the type filter offers them. */
export const MESSAGE_TYPES = ['alarm', 'expire', 'order', 'notice'] as const;
export type MessageType = (typeof MESSAGE_TYPES)[number];

export function isMessageType(text: string | undefined): text is MessageType {
  return (MESSAGE_TYPES as readonly string[]).includes(text ?? '');
}

/** The three lists of a centre, by their route segment. */
export const MESSAGE_LISTS = ['messageAll', 'messageUnReaden', 'messageReaden'] as const;
export type MessageList = (typeof MESSAGE_LISTS)[number];

export type ReadStatus = 'read' | 'unread';

/** The read state a list shows; undefined for all. */
export function readStatusOf(list: MessageList): ReadStatus | undefined {
  return list === 'messageReaden' ? 'read' : list === 'messageUnReaden' ? 'unread' : undefined;
}

/** The list segment at the end of a centre's list address (`/message/messageReaden` → messageReaden). */
export function listOfPath(pathname: string): MessageList {
  const last = pathname.replace(/\/+$/, '').split('/').pop();
  return (MESSAGE_LISTS as readonly string[]).includes(last ?? '') ? (last as MessageList) : 'messageAll';
}

export interface MessageQuery {
  page: number;
  pageSize?: number;
  type?: MessageType;
  readStatus?: ReadStatus;
  equipId?: number;
  dataId?: string;
}

/** The two centres: their root paths. */
export type Centre = '/message' | '/msg';

export function centreOfPath(pathname: string): Centre {
  return pathname.startsWith('/msg') ? '/msg' : '/message';
}

/** Where a message of a list opens: by id in `/message`, by type and data id in `/msg`. */
export function detailPath(centre: Centre, list: MessageList, message: { id: number; type: string; dataId: string }): string {
  if (centre === '/message') return `/message/detail/${encodeURIComponent(message.type)}/${message.id}`;
  const dataId = message.dataId || String(message.id);
  return `/msg/detail/${list}/${encodeURIComponent(message.type)}/${encodeURIComponent(dataId)}`;
}

/** The address of the stand-alone window of a message (spec: `/system/msg/detail/{dataId}/{msgType}`). */
export function systemDetailPath(message: { id: number; type: string; dataId: string }): string {
  return `/system/msg/detail/${encodeURIComponent(message.dataId || String(message.id))}/${encodeURIComponent(message.type)}`;
}
