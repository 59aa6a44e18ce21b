/**
 * The binding picker of a project's page: first one of the project's equipment, then a signal of it (searchable,
 * listed with its unit and whether it may be written, as on an equipment's page). The equipment shown is the bound
 * signal's until the engineer picks another; picking another equipment changes nothing on the page until one of
 * its signals is picked (one history step, as every binding).
 */
import { useState } from 'react';
import { Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { BindableSignal, EquipmentChoice } from '../model/properties';

interface SignalPickerProps {
  /** The signal select's id (the field's label names it); the equipment select is `${id}-equipment`. */
  id: string;
  /** The bound signal's id, or null. */
  value: number | null;
  /** The signals offered, of every equipment (only writable ones for a write). */
  signals: readonly BindableSignal[];
  equipment: readonly EquipmentChoice[];
  disabled?: boolean;
  onPick(signal: BindableSignal | null): void;
}

export function SignalPicker({ id, value, signals, equipment, disabled, onPick }: SignalPickerProps) {
  const { t } = useTranslation();
  // The equipment the engineer picked, for the binding it was picked over: once the binding changes (a signal
  // picked, undo) the bound signal's equipment shows again.
  const [picked, setPicked] = useState<{ over: number | null; equipmentId: number } | null>(null);
  const bound = signals.find((s) => s.id === value);
  const only = equipment.length === 1 ? equipment[0]?.id : undefined;
  const equipmentId = picked && picked.over === value ? picked.equipmentId : (bound?.equipId ?? only);
  const offered = signals.filter((s) => s.equipId === equipmentId);
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
        options={equipment.map((e) => ({ value: e.id, label: e.title || `#${e.id}` }))}
        onChange={(next: number) => setPicked({ over: value, equipmentId: next })}
      />
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
    </Flex>
  );
}
