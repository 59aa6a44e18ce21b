/**
 * The signals a chart draws, in order: each a row with its name (the catalogue's, as the binding picker lists it),
 * moved up or down or removed by its buttons; one more added from the equipment's catalogue (the same list the
 * single binding picker offers, those already chosen left out), until the list holds `max` (then the picker says
 * so instead of offering more). On a project's page the signals are offered under their equipment and each row
 * names its equipment. With `statistics` (a chart on a project's page) the project's statistics are offered first,
 * as system bindings titled with their names, then its intermediate variables (runtime/mvars.ts), as mvar bindings
 * titled with theirs. Each change is the whole list, one history step.
 */
import { Flex, Select, Typography, type SelectProps } from 'antd';
import { RowOrderButtons } from '@/components/RowOrderButtons';
import { useTranslation } from 'react-i18next';
import type { Binding } from '@/runtime/document';
import { SYSTEM_KEYS, statisticValueKey, systemKeyOf, valueKeyOf } from '@/runtime/systemKeys';
import { bindingOf, type BindableSignal, type EquipmentChoice } from '../model/properties';
import { bindingOfPick } from '../model/fields/helpers';
import { mvarIdOf, mvarValueKey } from '@/runtime/mvars';
import { useProjectMvars } from './projectMvars';

interface SignalListFieldProps {
  id: string;
  value: readonly Binding[];
  signals: readonly BindableSignal[];
  /** A project page's equipment: signals offered by equipment, rows named with theirs. */
  equipment?: readonly EquipmentChoice[] | undefined;
  disabled?: boolean;
  /** The most signals the widget reads; none are added past it. */
  max?: number | undefined;
  /** The project's statistics are offered too. */
  statistics?: boolean;
  onChange(bindings: Binding[]): void;
}

export function SignalListField({ id, value, signals, equipment, disabled, max, statistics = false, onChange }: SignalListFieldProps) {
  const { t } = useTranslation();
  const full = max !== undefined && value.length >= max;
  const chosen = new Set(value.map((b) => b.signalId));
  const offered = signals.filter((s) => !chosen.has(s.id));
  const option = (s: BindableSignal) => ({ value: s.id, label: s.label ?? s.title });
  const statisticName = (key: string) => t(`designer.systemKey.${key}`);
  const counted = new Set(value.map(systemKeyOf));
  const statisticGroup = statistics
    ? [{ label: t('designer.projectStatistics'), title: t('designer.projectStatistics'), options: SYSTEM_KEYS.filter((k) => !counted.has(k)).map((k) => ({ value: statisticValueKey(k), label: statisticName(k) })) }]
    : [];
  const project = useProjectMvars();
  const mvars = statistics && project ? project.mvars : [];
  const listed = new Set(value.map(mvarIdOf));
  const mvarGroup =
    mvars.length > 0
      ? [{ label: t('designer.mvars.group'), title: t('designer.mvars.group'), options: mvars.filter((m) => !listed.has(m.id)).map((m) => ({ value: mvarValueKey(m.id), label: m.name })) }]
      : [];
  const options: SelectProps['options'] = equipment
    ? [
        ...statisticGroup,
        ...mvarGroup,
        ...equipment.map((e) => ({ label: e.title || `#${e.id}`, title: e.title, options: offered.filter((s) => s.equipId === e.id).map(option) })),
      ].filter((group) => group.options.length > 0)
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
        const statistic = systemKeyOf(binding);
        const mvarId = mvarIdOf(binding);
        const mvarName = mvars.find((m) => m.id === mvarId)?.name;
        const own =
          statistic !== null
            ? binding.title || statisticName(statistic)
            : mvarId !== null
              ? mvarName || binding.title || `#${mvarId}`
              : signal?.title || binding.title || `#${binding.signalId}`;
        const equipmentTitle =
          statistic !== null ? t('designer.projectStatistics') : mvarId !== null ? t('designer.mvars.group') : signal?.equipTitle || binding.subTitle;
        const name = equipment && equipmentTitle ? `${equipmentTitle} · ${own}` : own;
        return (
          <Flex key={valueKeyOf(binding) ?? index} gap={2} align="center" data-testid={`${id}-row`}>
            <Typography.Text ellipsis={{ tooltip: signal?.label ?? name }} style={{ flex: 1, minWidth: 0 }}>
              {`${index + 1}. ${name}`}
            </Typography.Text>
            <RowOrderButtons
              index={index}
              count={value.length}
              onMove={moved}
              onRemove={() => onChange(value.filter((_, i) => i !== index))}
              removable
              disabled={disabled}
              size="small"
              labels={{ up: t('designer.signalList.up'), down: t('designer.signalList.down'), remove: t('designer.signalList.remove') }}
              testId={(action) => `${id}-${action}-${index}`}
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
        onChange={(picked: number | string) => {
          if (full) return;
          const statistic = SYSTEM_KEYS.find((k) => statisticValueKey(k) === picked);
          if (statistic !== undefined) {
            onChange([...value, bindingOfPick({ systemKey: statistic, title: statisticName(statistic) })]);
            return;
          }
          const mvar = mvars.find((m) => mvarValueKey(m.id) === picked);
          if (mvar) {
            onChange([...value, bindingOfPick({ mvarId: mvar.id, title: mvar.name })]);
            return;
          }
          const signal = offered.find((s) => s.id === picked);
          if (signal) onChange([...value, bindingOf(signal)]);
        }}
      />
    </Flex>
  );
}
