import { Button } from 'antd';
import { MutedOutlined, SoundOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useUser } from '@/lib/session';
import { setMuted, useNotifierState } from '../notify/notifierState';

/**
 * The header's mute button for the alarm sound (issue 14), kept in this browser. Shown only to a user whose
 * prompt types include sound: for the others there is nothing to mute.
 */
export function SoundToggle({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t } = useTranslation();
  const user = useUser();
  const { muted } = useNotifierState();
  if (!(user?.prompType ?? []).includes('sound')) return null;
  const label = muted ? t('shell.unmuteAlarms') : t('shell.muteAlarms');
  return (
    <Button
      id="alarm-sound-toggle"
      type="text"
      aria-label={label}
      title={label}
      aria-pressed={muted}
      onClick={() => setMuted(!muted)}
      icon={muted ? <MutedOutlined /> : <SoundOutlined />}
      // A finger's width in the shell's header; a full-window screen's header keeps its buttons' height.
      style={{
        color: muted ? '#ff7875' : tone === 'dark' ? 'rgba(255, 255, 255, 0.85)' : 'rgba(0, 0, 0, 0.65)',
        minWidth: tone === 'dark' ? 44 : 32,
        height: tone === 'dark' ? 44 : 32,
      }}
    />
  );
}
