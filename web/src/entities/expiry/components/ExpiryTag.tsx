/**
 * An expiry date as the lists and info tabs show it (docs/messages.md, "Expire messages"): the date, and a
 * coloured tag once it is within 30 days (gold; orange within 7; red today and once expired). Texts in `common`
 * (group `expiry`), so any screen may show it.
 */
import { Space, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { expiryState } from '@/entities/expiry/expiry';

interface ExpiryProps {
  date: string | null | undefined;
  /** The clock (tests pass one); now by default. */
  nowMs?: number;
}

/** The tag alone: nothing for no date or one more than 30 days off. */
export function ExpiryTag({ date, nowMs }: ExpiryProps) {
  const { t } = useTranslation();
  const state = expiryState(date, nowMs);
  switch (state.kind) {
    case 'none':
    case 'far':
      return null;
    case 'soon':
      return (
        <Tag color={state.days <= 7 ? 'orange' : 'gold'} data-testid="expiry-tag" data-state="soon" style={{ marginInlineEnd: 0 }}>
          {t('expiry.inDays', { count: state.days })}
        </Tag>
      );
    case 'today':
      return (
        <Tag color="red" data-testid="expiry-tag" data-state="today" style={{ marginInlineEnd: 0 }}>
          {t('expiry.today')}
        </Tag>
      );
    case 'expired':
      return (
        <Tag color="red" data-testid="expiry-tag" data-state="expired" style={{ marginInlineEnd: 0 }}>
          {t('expiry.expired')}
        </Tag>
      );
  }
}

/** The date and its tag; "not set" without a date. */
export function ExpiryDate({ date, nowMs }: ExpiryProps) {
  const { t } = useTranslation();
  if (!date) {
    return (
      <Typography.Text type="secondary" data-testid="expiry-date" data-state="none">
        {t('expiry.notSet')}
      </Typography.Text>
    );
  }
  return (
    <Space size={6} wrap data-testid="expiry-date">
      <span style={{ whiteSpace: 'nowrap' }}>{date}</span>
      <ExpiryTag date={date} {...(nowMs !== undefined ? { nowMs } : {})} />
    </Space>
  );
}

/** A list row's note: the tag, its date on hover; nothing while the date is far off or not set. */
export function ExpiryNote({ date }: { date: string | null | undefined }) {
  const { t } = useTranslation();
  const kind = expiryState(date).kind;
  if (!date || kind === 'none' || kind === 'far') return null;
  return (
    <Tooltip title={t('expiry.on', { date })}>
      <span style={{ alignSelf: 'flex-start' }}>
        <ExpiryTag date={date} />
      </span>
    </Tooltip>
  );
}
