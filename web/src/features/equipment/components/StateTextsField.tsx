/**
 * The state texts of a signal (its value map, entities/signals/states.ts) edited in the signal dialog: one row per
 * state (value, Chinese, English, colour), added, removed and, for an on/off signal with none yet, started from the
 * usual Stopped / Running pair. A form control (value and onChange), checked with the signal on OK: the first problem
 * is shown under the list, naming the state.
 */
import { Button, ColorPicker, Flex, Input, InputNumber, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { STATES_MAX, STATE_TEXT_MAX, nextStateValue, onOffStates, type StateText } from '@/entities/signals/states';

/** The row's columns: the value and colour fixed, the two texts sharing the rest. */
const COLUMNS = [
  { key: 'value', style: { width: 88 } },
  { key: 'zh', style: { flex: 1 } },
  { key: 'en', style: { flex: 1 } },
  { key: 'color', style: { width: 88 } },
] as const;

/** A palette an operator recognises: grey for off, green for running, amber for warning, red for fault, blue. */
const PRESETS = ['#8c8c8c', '#52c41a', '#faad14', '#f5222d', '#1677ff'];

export function StateTextsField({
  value = [],
  onChange,
  onOff,
}: {
  value?: StateText[];
  onChange?: (next: StateText[]) => void;
  /** An on/off signal: states 0 and 1 only. */
  onOff: boolean;
}) {
  const { t } = useTranslation();
  const set = (next: StateText[]) => onChange?.(next);
  const patch = (index: number, change: Partial<StateText>) => set(value.map((s, i) => (i === index ? { ...s, ...change } : s)));
  const full = value.length >= (onOff ? 2 : STATES_MAX);

  return (
    <Flex vertical gap={8} data-testid="state-texts">
      {value.length > 0 && (
        <Flex gap={8} style={{ fontSize: 12 }}>
          {COLUMNS.map(({ key, style }) => (
            <Typography.Text key={key} type="secondary" style={style}>
              {t(`equipment.signal.states.${key}`)}
            </Typography.Text>
          ))}
        </Flex>
      )}
      {value.map((state, index) => (
        <Flex key={index} gap={8} align="center" data-testid="state-text-row">
          <InputNumber
            aria-label={`${t('equipment.signal.states.value')} ${index + 1}`}
            value={state.value}
            precision={0}
            min={onOff ? 0 : undefined}
            max={onOff ? 1 : undefined}
            style={{ width: 88 }}
            onChange={(next) => patch(index, { value: typeof next === 'number' ? next : Number.NaN })}
          />
          <Input
            aria-label={`${t('equipment.signal.states.zh')} ${index + 1}`}
            value={state.zh}
            maxLength={STATE_TEXT_MAX}
            style={{ flex: 1 }}
            onChange={(event) => patch(index, { zh: event.target.value })}
          />
          <Input
            aria-label={`${t('equipment.signal.states.en')} ${index + 1}`}
            value={state.en}
            maxLength={STATE_TEXT_MAX}
            style={{ flex: 1 }}
            onChange={(event) => patch(index, { en: event.target.value })}
          />
          <Flex style={{ width: 88 }} gap={4} align="center">
            <ColorPicker
              aria-label={`${t('equipment.signal.states.color')} ${index + 1}`}
              value={state.color || undefined}
              allowClear
              disabledAlpha
              format="hex"
              presets={[{ label: t('equipment.signal.states.presets'), colors: PRESETS }]}
              onChange={(colour) => patch(index, { color: colour.cleared ? '' : colour.toHexString() })}
              onClear={() => patch(index, { color: '' })}
            />
            <Button
              type="text"
              icon={<DeleteOutlined />}
              aria-label={t('equipment.signal.states.remove', { n: index + 1 })}
              onClick={() => set(value.filter((_, i) => i !== index))}
            />
          </Flex>
        </Flex>
      ))}
      <Flex gap={8} wrap>
        <Button
          icon={<PlusOutlined />}
          disabled={full}
          onClick={() => set([...value, { value: onOff ? (value.some((s) => s.value === 0) ? 1 : 0) : nextStateValue(value), zh: '', en: '', color: '' }])}
        >
          {t('equipment.signal.states.add')}
        </Button>
        {value.length === 0 && (
          <Button onClick={() => set(onOffStates())}>{t('equipment.signal.states.onOff')}</Button>
        )}
      </Flex>
    </Flex>
  );
}
