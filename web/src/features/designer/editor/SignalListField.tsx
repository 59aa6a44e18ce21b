/**
 * The signals a chart draws, in order: each a row with its name (the catalogue's, as the binding picker lists it),
 * moved up or down or removed by its buttons; one more added from the equipment's catalogue (the same list the
 * single binding picker offers, those already chosen left out), until the list holds `max` (then the picker says
 * so instead of offering more). On a project's page the signals are offered under their equipment and each row
 * names its equipment. Each change is the whole list, one history step.
 */
import { Button, Flex, Select, Typography, type SelectProps } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Binding } from '@/runtime/document';
import { bindingOf, type BindableSignal, type EquipmentChoice } from '../model/properties';

interface SignalListFieldProps {
  id: string;
  value: readonly Binding[];
  signals: readonly BindableSignal[];
  /** A project page's equipment: signals offered by equipment, rows named with theirs. */
  equipment?: readonly EquipmentChoice[] | undefined;
  disabled?: boolean;
  /** The most signals the widget reads; none are added past it. */
  max?: number | undefined;
  onChange(bindings: Binding[]): void;
}

export function SignalListField({ id, value, signals, equipment, disabled, max, onChange }: SignalListFieldProps) {
  const { t } = useTranslation();
  const full = max !== undefined && value.length >= max;
  const chosen = new Set(value.map((b) => b.signalId));
  const offered = signals.filter((s) => !chosen.has(s.id));
  const option = (s: BindableSignal) => ({ value: s.id, label: s.label ?? s.title });
  const options: SelectProps['options'] = equipment
    ? equipment
        .map((e) => ({ label: e.title || `#${e.id}`, title: e.title, options: offered.filter((s) => s.equipId === e.id).map(option) }))
        .filter((group) => group.options.length > 0)
    : offered.map(option);
  const moved = (from: number, to: number) => {
    const next = [...value];
    const [item] = next.splice(from, 1);
    if (item) next.splice(to, 0, item);
    onChange(next);
  };
  return (
    <Flex vertical gap={4} role="group" aria-labelledby={id.replace(/^field-/, 'label-')} data-testid={id} style={{ flex: 1, minWidth: 0 }}>
      {value.length === 0 && (
        <Typography.Text type="secondary" data-testid={`${id}-empty`}>
          {t('designer.signalList.empty')}
        </Typography.Text>
      )}
      {value.map((binding, index) => {
        const signal = signals.find((s) => s.id === binding.signalId);
        const own = signal?.title || binding.title || `#${binding.signalId}`;
        const equipmentTitle = signal?.equipTitle || binding.subTitle;
        const name = equipment && equipmentTitle ? `${equipmentTitle} · ${own}` : own;
        return (
          <Flex key={binding.signalId} gap={2} align="center" data-testid={`${id}-row`}>
            <Typography.Text ellipsis={{ tooltip: signal?.label ?? name }} style={{ flex: 1, minWidth: 0 }}>
              {`${index + 1}. ${name}`}
            </Typography.Text>
            <Button
              type="text"
              size="small"
              disabled={disabled || index === 0}
              aria-label={t('designer.signalList.up')}
              data-testid={`${id}-up-${index}`}
              icon={<ArrowUpOutlined />}
              onClick={() => moved(index, index - 1)}
            />
            <Button
              type="text"
              size="small"
              disabled={disabled || index === value.length - 1}
              aria-label={t('designer.signalList.down')}
              data-testid={`${id}-down-${index}`}
              icon={<ArrowDownOutlined />}
              onClick={() => moved(index, index + 1)}
            />
            <Button
              type="text"
              size="small"
              disabled={disabled}
              aria-label={t('designer.signalList.remove')}
              data-testid={`${id}-remove-${index}`}
              icon={<DeleteOutlined />}
              onClick={() => onChange(value.filter((_, i) => i !== index))}
            />
          </Flex>
        );
      })}
      <Select
        id={`${id}-add`}
        data-testid={`${id}-add`}
        size="small"
        showSearch
        disabled={disabled || full}
        optionFilterProp="label"
        placeholder={full ? t('designer.signalList.full', { max }) : t('designer.signalList.add')}
        value={null}
        options={options}
        onChange={(signalId: number) => {
          const signal = offered.find((s) => s.id === signalId);
          if (signal && !full) onChange([...value, bindingOf(signal)]);
        }}
      />
    </Flex>
  );
}
