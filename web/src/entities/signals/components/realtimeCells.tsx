/**
 * The parts of a realtime row, shared by the table (wide screens) and the cards (phones): the signal's name with
 * its alarm tag, the value (unit and decimals; greyed when older than three reporting periods, entities/signals/
 * staleness.ts; a state's text and colour where the signal's value map names the value), the quality (naming the device's error when the live frame carries one), the time, and the write
 * action of a writable signal. Each keeps its test id, so a test reads a value the same way on either layout.
 */
import { Badge, Button, Flex, Tag, Tooltip, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/api/errors';
import type { LiveValue, SignalEntry } from '@/generated/answers';
import { formatBaseTime } from '@/lib/chinaTime';
import { formatSignalValue } from '@/entities/signals/format';
import { isStale } from '@/entities/signals/staleness';
import { stateOf } from '@/entities/signals/states';
import { StateValue } from '@/entities/signals/components/StateValue';

/** When a value counts as fresh: now, the staleness window, and whether the server answers at all. */
export interface Freshness {
  now: number;
  staleMs: number;
  /** False while the server cannot be reached (lib/connection.ts): every value is then as of its time, not live. */
  reachable: boolean;
}

/** Shown greyed: older than the window, or the server is out of reach. */
function shownStale(value: LiveValue, f: Freshness): boolean {
  return !f.reachable || isStale(value.time, f.now, f.staleMs);
}

export function SignalName({ signal, alarms }: { signal: SignalEntry; alarms: number }) {
  const { t } = useTranslation();
  return (
    <Flex gap={8} align="center" style={{ minWidth: 0 }}>
      <span style={{ overflowWrap: 'anywhere' }}>{signal.signalTitle}</span>
      {alarms > 0 && (
        <Tooltip title={t('monitor.realtime.alarmCount', { count: alarms })}>
          <Tag color="error" data-testid="rt-alarm" style={{ marginInlineEnd: 0 }}>
            {t('monitor.realtime.alarm')}
          </Tag>
        </Tooltip>
      )}
    </Flex>
  );
}

export function SignalValueText({ signal, value, freshness, large = false }: { signal: SignalEntry; value: LiveValue | undefined; freshness: Freshness; large?: boolean }) {
  const { t } = useTranslation();
  // A value and its unit stay on one line: a narrow column must never break "1.17 bar" into characters.
  const style = { fontVariantNumeric: 'tabular-nums', whiteSpace: 'nowrap', fontSize: large ? 20 : undefined } as const;
  if (!value) {
    return (
      <Typography.Text type="secondary" data-testid="rt-value" data-state="none" style={{ whiteSpace: 'nowrap' }}>
        {t('monitor.realtime.noValue')}
      </Typography.Text>
    );
  }
  const text = formatSignalValue(value.value, signal);
  const state = stateOf(signal.valueMap, value.value);
  if (state) {
    // A state reads as its text and colour; the number stays on hover. Greyed like a number when not current.
    const stale = shownStale(value, freshness);
    return (
      <span data-testid="rt-value" data-state={stale ? 'stale' : 'fresh'}>
        <StateValue state={state} number={text} muted={stale} large={large} />
      </span>
    );
  }
  return shownStale(value, freshness) ? (
    <Tooltip title={t('monitor.realtime.staleHint', { seconds: Math.round(freshness.staleMs / 1000) })}>
      <Typography.Text type="secondary" data-testid="rt-value" data-state="stale" style={style}>
        {text}
      </Typography.Text>
    </Tooltip>
  ) : (
    <Typography.Text strong data-testid="rt-value" data-state="fresh" style={style}>
      {text}
    </Typography.Text>
  );
}

export function SignalQuality({ value }: { value: LiveValue | undefined }) {
  const { t } = useTranslation();
  if (!value) return <Typography.Text type="secondary">—</Typography.Text>;
  return value.quality === 'good' ? (
    <Badge status="success" text={t('monitor.quality.good')} data-testid="rt-quality" data-quality="good" />
  ) : (
    <Tooltip title={value.code ? errorText(value.code) : t('monitor.quality.badHint')}>
      <Badge
        status="error"
        text={value.code ? t('monitor.quality.badWith', { error: errorText(value.code) }) : t('monitor.quality.bad')}
        data-testid="rt-quality"
        data-quality="bad"
      />
    </Tooltip>
  );
}

export function SignalTime({ value, freshness }: { value: LiveValue | undefined; freshness: Freshness }) {
  return (
    <Typography.Text
      type={value && !shownStale(value, freshness) ? undefined : 'secondary'}
      data-testid="rt-time"
      style={{ whiteSpace: 'nowrap', fontVariantNumeric: 'tabular-nums' }}
    >
      {formatBaseTime(value?.time)}
    </Typography.Text>
  );
}

/** Write for a writable signal (opens the write dialog), "read only" otherwise. `touch`: a finger-sized button. */
export function SignalWriteAction({ signal, onWrite, touch = false }: { signal: SignalEntry; onWrite(): void; touch?: boolean }) {
  const { t } = useTranslation();
  return signal.writable ? (
    <Button
      type={touch ? 'default' : 'link'}
      size={touch ? 'large' : 'small'}
      icon={<EditOutlined />}
      data-testid={`rt-write-${signal.id}`}
      onClick={onWrite}
    >
      {t('monitor.realtime.write')}
    </Button>
  ) : (
    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
      {t('monitor.realtime.readOnly')}
    </Typography.Text>
  );
}
