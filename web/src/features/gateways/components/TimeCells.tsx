/** The time cells of the registry lists: when a gateway or a source was last heard from, and when it was registered. */
import { Tooltip, Typography } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';

dayjs.extend(relativeTime);

const DATE_TIME = 'YYYY-MM-DD HH:mm:ss';
const DATE_MINUTES = 'YYYY-MM-DD HH:mm';

/** "a minute ago" with the exact time on hover, or "never connected". */
export function LastSeenCell({ ms, testId }: { ms: number | null; testId: string }) {
  const { t } = useTranslation();
  if (!ms) {
    return (
      <Typography.Text type="secondary" data-testid={testId}>
        {t('gateways.neverSeen')}
      </Typography.Text>
    );
  }
  return (
    <Tooltip title={dayjs(ms).format(DATE_TIME)}>
      <span data-testid={testId} style={{ whiteSpace: 'nowrap' }}>
        {dayjs(ms).fromNow()}
      </span>
    </Tooltip>
  );
}

/** The registration time to the minute, to the second on hover. */
export function CreatedCell({ ms }: { ms: number }) {
  return (
    <Tooltip title={dayjs(ms).format(DATE_TIME)}>
      <span style={{ whiteSpace: 'nowrap' }}>{dayjs(ms).format(DATE_MINUTES)}</span>
    </Tooltip>
  );
}
