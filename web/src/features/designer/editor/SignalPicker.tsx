/**
 * The binding picker of a project's page: first one of the project's equipment, then a signal of it (searchable,
 * listed with its unit and whether it may be written, as on an equipment's page). The equipment shown is the bound
 * signal's until the engineer picks another; picking another equipment changes nothing on the page until one of
 * its signals is picked (one history step, as every binding).
 *
 * With `statistics`, "Project statistics" comes first among the equipment: its items are the project's counts
 * (runtime/systemKeys.ts), bound as a system binding titled with the statistic's name; then "Intermediate
 * variables", the project's variables (runtime/mvars.ts, defined in the designer's variables drawer), bound as an
 * mvar binding titled with the variable's name.
 */
import { useState } from 'react';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { SYSTEM_KEYS, isSystemKey, statisticValueKey } from '@/runtime/systemKeys';
import { mvarValueKey } from '@/runtime/mvars';
import type { BindableSignal, EquipmentChoice, MvarPick, StatisticPick } from '../model/properties';
import { useProjectMvars } from './projectMvars';

/** The equipment select's entries for the project's statistics and its variables (no equipment has id 0 or -1). */
const STATISTICS = 0;
const MVARS = -1;

interface SignalPickerProps {
  /** The signal select's id (the field's label names it); the equipment select is `${id}-equipment`. */
  id: string;
  /** The bound signal's id, `system:<key>` for a bound statistic, or null. */
  value: number | string | null;
  /** The signals offered, of every equipment (only writable ones for a write). */
  signals: readonly BindableSignal[];
  equipment: readonly EquipmentChoice[];
  /** The project's statistics are offered too (a shown value, not a write's target). */
  statistics?: boolean;
  disabled?: boolean;
  onPick(pick: BindableSignal | StatisticPick | MvarPick | null): void;
}

export function SignalPicker({ id, value, signals, equipment, statistics = false, disabled, onPick }: SignalPickerProps) {
  const { t } = useTranslation();
  // The equipment the engineer picked, for the binding it was picked over: once the binding changes (a signal
  // picked, undo) the bound signal's equipment shows again.
  const [picked, setPicked] = useState<{ over: number | string | null; equipmentId: number } | null>(null);
  const project = useProjectMvars();
  const mvars = statistics && project ? project.mvars : [];
  const boundStatistic = statistics && typeof value === 'string' ? SYSTEM_KEYS.find((k) => statisticValueKey(k) === value) : undefined;
  const boundMvar = typeof value === 'string' ? mvars.find((m) => mvarValueKey(m.id) === value) : undefined;
  const bound = typeof value === 'number' ? signals.find((s) => s.id === value) : undefined;
  const only = equipment.length === 1 ? equipment[0]?.id : undefined;
  const boundEquipment = boundStatistic !== undefined ? STATISTICS : boundMvar !== undefined ? MVARS : (bound?.equipId ?? only);
  const equipmentId = picked && picked.over === value ? picked.equipmentId : boundEquipment;
  const showingStatistics = statistics && equipmentId === STATISTICS;
  const showingMvars = statistics && project !== null && equipmentId === MVARS;
  const offered = signals.filter((s) => s.equipId === equipmentId);
  const statisticLabel = (key: string) => t(`designer.systemKey.${key}`);
  const equipmentOptions = [
    ...(statistics ? [{ value: STATISTICS, label: t('designer.projectStatistics') }] : []),
    ...(statistics && project ? [{ value: MVARS, label: t('designer.mvars.group') }] : []),
    ...equipment.map((e) => ({ value: e.id, label: e.title || `#${e.id}` })),
  ];
  return (
    <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
      <Select
        id={`${id}-equipment`}
        data-testid={`${id}-equipment`}
        size="small"
        showSearch
        optionFilterProp="label"
        disabled={disabled}
        aria-label={t('designer.bindingEquipment')}
        placeholder={t('designer.pickEquipment')}
        value={equipmentId}
        options={equipmentOptions}
        onChange={(next: number) => setPicked({ over: value, equipmentId: next })}
      />
      {showingMvars ? (
        <Select
          id={id}
          data-testid={id}
          size="small"
          showSearch
          allowClear
          optionFilterProp="label"
          disabled={disabled}
          placeholder={t('designer.unbound')}
          notFoundContent={t('designer.mvars.none')}
          value={boundMvar?.id}
          options={mvars.map((m) => ({ value: m.id, label: m.unit ? `${m.name} (${m.unit})` : m.name }))}
          onChange={(mvarId: number | undefined) => {
            const mvar = mvars.find((m) => m.id === mvarId);
            onPick(mvar ? { mvarId: mvar.id, title: mvar.name } : null);
          }}
        />
      ) : showingStatistics ? (
        <Select
          id={id}
          data-testid={id}
          size="small"
          allowClear
          disabled={disabled}
          placeholder={t('designer.unbound')}
          value={boundStatistic}
          options={SYSTEM_KEYS.map((key) => ({ value: key, label: statisticLabel(key) }))}
          onChange={(key: string | undefined) => onPick(isSystemKey(key) ? { systemKey: key, title: statisticLabel(key) } : null)}
        />
      ) : (
        <Select
          id={id}
          data-testid={id}
          size="small"
          showSearch
          allowClear
          optionFilterProp="label"
          disabled={disabled || equipmentId === undefined}
          placeholder={equipmentId === undefined ? t('designer.pickEquipmentFirst') : t('designer.unbound')}
          notFoundContent={offered.length === 0 ? t('designer.noSignalsOfEquipment') : undefined}
          value={bound && bound.equipId === equipmentId ? bound.id : undefined}
          options={offered.map((s) => ({ value: s.id, label: s.label ?? s.title }))}
          onChange={(signalId: number | undefined) => onPick(offered.find((s) => s.id === signalId) ?? null)}
        />
      )}
    </Flex>
  );
}
