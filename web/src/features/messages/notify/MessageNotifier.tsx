/**
 * Tells the logged-in user of each new message the moment the server pushes it on the message socket (spec
 * sections 4 and 7), in the ways the user chose (`prompType` of user info):
 * - `alter`: a pop-up at the bottom right for 10 s, with a way to the message;
 * - `title`: the window title scrolls the message for 10 s (titleFlash.ts);
 * - `sound`: an alarm's text is spoken, repeated while the alarm is unreleased (alarmSound.ts).
 * Whatever the choice, every message query refreshes (the bell's count, an open list) and the bell rings for 10 s.
 * Messages written while the socket was closed are announced when it opens again (missedMessages.ts).
 *
 * When the browser blocks sound until the user interacts, a hint at the bottom says so with a button that enables
 * it; the header's mute button silences alarms in this browser.
 */
import { useEffect, useRef } from 'react';
import { Button, Flex, notification } from 'antd';
import { SoundOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { post } from '@/lib/api/client';
import { Limits } from '@/lib/api/limits';
import { onAlarmConfirmed } from '@/entities/equipmentRecords/alarmConfirmed';
import { openMessageChannel, type MessageFrame } from '@/entities/live/messageChannel';
import { useUser } from '@/lib/session';
import { formatBaseTime } from '@/lib/chinaTime';
import type { Message } from '@/generated/answers';
import { fetchMessages } from '../api/messages';
import { messageKeys } from '../api/unreadCount';
import { detailPath } from '../model/messageQuery';
import { MessageTypeTag, useMessageTitle } from '../components/messageParts';
import { AlarmSound } from './alarmSound';
import { CATCH_UP_COUNT, MissedMessages } from './missedMessages';
import { markFresh, notifierState, setLive, setSoundBlocked, useNotifierState } from './notifierState';
import { flashTitle } from './titleFlash';

/** Spec section 4: the pop-up shows for 10 s. */
export const POPUP_SECONDS = 10;

/** The pushed message, when its frame carries what the notifier needs (the socket's data is checked, not trusted). */
export function pushedMessage(frame: MessageFrame): Message | null {
  const d = frame.data as Partial<Message>;
  if (typeof d.id !== 'number' || typeof d.type !== 'string' || typeof d.title !== 'string') return null;
  return {
    id: d.id,
    type: d.type,
    title: d.title,
    titleEn: typeof d.titleEn === 'string' ? d.titleEn : '',
    note: typeof d.note === 'string' ? d.note : '',
    gmtCreate: typeof d.gmtCreate === 'number' ? d.gmtCreate : Date.now(),
    dataId: typeof d.dataId === 'string' ? d.dataId : '',
    dataStatus: typeof d.dataStatus === 'string' ? d.dataStatus : '',
    equipType: typeof d.equipType === 'string' ? d.equipType : '',
    alarmId: typeof d.alarmId === 'number' ? d.alarmId : null,
    alarmBroadcastTimes: typeof d.alarmBroadcastTimes === 'number' ? d.alarmBroadcastTimes : 0,
    equipId: typeof d.equipId === 'number' ? d.equipId : null,
    read: false,
  };
}

/** The text an alarm is spoken as: its title, cut to what the server speaks (its start is what matters). */
export function speechText(title: string): string {
  return Array.from(title.trim()).slice(0, Limits.SpeechTextChars).join('');
}

function createSound(text: string): Promise<string> {
  return post<string>('/lfscada/msg/createSound', { text: speechText(text) }, { silent: true });
}

function isReleased(alarmId: number): Promise<boolean> {
  return post<boolean>('/lfscada/monitor/multi/alarm/isReleaseByAlarmId', { alarmId }, { silent: true });
}

export function MessageNotifier() {
  const { t } = useTranslation();
  const user = useUser();
  const client = useQueryClient();
  const navigate = useNavigate();
  const titleOf = useMessageTitle();
  const [popups, holder] = notification.useNotification({ placement: 'bottomRight', maxCount: 3 });
  const { soundBlocked, muted } = useNotifierState();
  const sound = useRef<AlarmSound | null>(null);
  /** Stops the title animation that runs (a new message starts its own). */
  const titleFlash = useRef<(() => void) | null>(null);

  // What the handler reads changes (language, the user's choices): kept in a ref so the socket stays open.
  const handle = useRef<(m: Message) => void>(() => undefined);
  const prompts = new Set(user?.prompType ?? []);
  handle.current = (message) => {
    void client.invalidateQueries({ queryKey: messageKeys.all });
    markFresh();
    const title = titleOf(message);
    if (prompts.has('alter')) {
      const key = `message-${message.id}`;
      popups.open({
        key,
        duration: POPUP_SECONDS,
        message: title,
        description: (
          <Flex gap={8} align="center" wrap>
            <MessageTypeTag type={message.type} />
            <span>{formatBaseTime(message.gmtCreate)}</span>
          </Flex>
        ),
        btn: (
          <Button
            type="primary"
            size="small"
            onClick={() => {
              popups.destroy(key);
              void navigate(detailPath('/message', 'messageAll', message));
            }}
          >
            {t('messages.view')}
          </Button>
        ),
        props: { 'data-testid': 'message-popup' } as Record<string, string>,
      });
    }
    if (prompts.has('title')) {
      titleFlash.current?.();
      titleFlash.current = flashTitle(t('messages.titleFlash', { title }));
    }
    if (prompts.has('sound') && message.type === 'alarm' && !notifierState().muted) {
      sound.current?.announce({ alarmId: message.alarmId, text: title, times: Math.max(1, message.alarmBroadcastTimes) });
    }
  };

  useEffect(() => {
    const player = new AlarmSound({
      createSound,
      isReleased,
      createAudio: (src) => new Audio(src),
      onBlockedChange: setSoundBlocked,
      wait: (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
    });
    sound.current = player;
    const stopConfirmed = onAlarmConfirmed((alarmId) => player.stop(alarmId));
    const missed = new MissedMessages();
    let closed = false;
    const catchUp = async () => {
      // The bell and open lists may have missed messages too, announced or not.
      void client.invalidateQueries({ queryKey: messageKeys.all });
      try {
        const page = await fetchMessages({ page: 1, pageSize: CATCH_UP_COUNT, readStatus: 'unread' });
        if (!closed) for (const message of missed.opened(page.list)) handle.current(message);
      } catch {
        // The next open tries again; the bell's poll still counts what was missed.
      }
    };
    const channel = openMessageChannel({
      onMessage: (frame) => {
        const message = pushedMessage(frame);
        if (message && missed.pushed(message)) handle.current(message);
      },
      onStatusChange: (status) => {
        setLive(status === 'open');
        if (status === 'open') void catchUp();
      },
    });
    return () => {
      closed = true;
      channel.close();
      stopConfirmed();
      player.dispose();
      sound.current = null;
      titleFlash.current?.();
      setSoundBlocked(false);
      setLive(false);
    };
  }, []);

  // Muting (the header's button) silences what plays now.
  useEffect(() => sound.current?.setMuted(muted), [muted]);

  return (
    <>
      {holder}
      {soundBlocked && (
        <Flex
          role="alert"
          data-testid="sound-blocked"
          align="center"
          gap={8}
          style={{
            position: 'fixed',
            left: 12,
            bottom: 12,
            zIndex: 1100,
            maxWidth: 'calc(100vw - 24px)',
            padding: '8px 12px',
            borderRadius: 8,
            background: '#fff7e6',
            border: '1px solid #ffd591',
            boxShadow: '0 2px 8px rgba(0, 0, 0, 0.15)',
          }}
        >
          <SoundOutlined style={{ color: '#d46b08' }} />
          <span>{t('messages.soundBlocked')}</span>
          <Button id="enable-sound" type="primary" size="small" onClick={() => sound.current?.unlock()}>
            {t('messages.enableSound')}
          </Button>
        </Flex>
      )}
    </>
  );
}
