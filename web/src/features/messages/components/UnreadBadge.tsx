import { Badge } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useUnreadCount } from '../api/unreadCount';
import { formatUnread } from '../formatUnread';
import { useNotifierState } from '../notify/notifierState';

/**
 * The header's bell: the unread message count (pushed messages refresh it at once, a poll every 60 s besides),
 * linking to the message centre. For 10 s after a message arrives the bell is lit (spec: the unread flag resets
 * after 10 s). `tone`: the header it sits on (the shell's is dark, a full-window screen's light).
 */
export function UnreadBadge({ tone = 'dark' }: { tone?: 'dark' | 'light' }) {
  const { t } = useTranslation();
  const { data } = useUnreadCount();
  const { fresh, live } = useNotifierState();
  const label = formatUnread(data);
  return (
    <Link
      to="/message/messageAll"
      id="unread-messages"
      aria-label={label ? t('shell.unreadMessages', { unread: label }) : t('shell.messages')}
      title={label ? t('shell.unreadMessages', { unread: label }) : t('shell.messages')}
      data-fresh={fresh ? 'true' : undefined}
      data-live={live ? 'true' : 'false'}
      style={{ display: 'inline-flex', alignItems: 'center', padding: '0 8px' }}
    >
      <Badge count={label || 0} size="small" offset={[4, -2]} data-testid="unread-badge">
        <BellOutlined style={{ fontSize: 18, color: fresh ? (tone === 'dark' ? '#ffc53d' : '#fa8c16') : tone === 'dark' ? 'rgba(255, 255, 255, 0.85)' : 'rgba(0, 0, 0, 0.65)', transition: 'color 0.3s' }} />
      </Badge>
    </Link>
  );
}
