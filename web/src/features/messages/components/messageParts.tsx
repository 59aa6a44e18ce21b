/**
 * Parts of a message that the list, the cards, the detail and the pop-up show alike: its title in the console's
 * language, its type as a coloured tag, and whether it is read.
 */
import { Badge, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Message } from '@/generated/answers';
import { isMessageType } from '../model/messageQuery';

/** Colours of the four types: alarms stand out, notices stay calm. */
const TYPE_COLOURS: Record<string, string> = { alarm: 'red', expire: 'orange', order: 'blue', notice: 'green' };

/** The message's title in the console's language: the English one when the console is in English and there is one. */
export function useMessageTitle(): (message: Pick<Message, 'title' | 'titleEn'>) => string {
  const { i18n } = useTranslation();
  const english = i18n.language === 'en';
  return (message) => (english && message.titleEn ? message.titleEn : message.title);
}

export function MessageTypeTag({ type }: { type: string }) {
  const { t } = useTranslation();
  return (
    <Tag color={TYPE_COLOURS[type] ?? 'default'} style={{ marginInlineEnd: 0 }} data-testid="message-type">
      {isMessageType(type) ? t(`messages.type.${type}`) : type}
    </Tag>
  );
}

export function ReadMark({ read }: { read: boolean }) {
  const { t } = useTranslation();
  return read ? (
    <Badge status="default" text={t('messages.read')} />
  ) : (
    <Badge status="processing" color="#1677ff" text={t('messages.unread')} data-testid="message-unread" />
  );
}
