/**
 * Chooses equipment of the organisation by name (searchable). The order of choosing is kept: a scene shows its
 * cards in that order. Says so when the list cannot be loaded or the organisation has no equipment yet.
 */
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEquipmentOptions } from '@/entities/equipment/options';
import { TabError } from '@/components/LoadState';

interface EquipmentSelectProps {
  id: string;
  value?: number[];
  onChange?: (value: number[]) => void;
  /** At most this many may be chosen. */
  max?: number;
  /** Members already chosen that the list may not hold any more (a name to show for each id). */
  known?: Array<{ id: number; equipName: string }>;
  disabled?: boolean;
}

export function EquipmentSelect({ id, value, onChange, max, known = [], disabled }: EquipmentSelectProps) {
  const { t } = useTranslation();
  const options = useEquipmentOptions(true);
  const byId = new Map<number, string>();
  for (const e of known) byId.set(e.id, e.equipName);
  for (const e of options.data ?? []) byId.set(e.id, e.equipName);

  if (options.isError && !options.data) {
    return (
      <TabError
        title={t('scenes.equipment.loadFailed')}
        error={options.error}
        onRetry={() => void options.refetch()}
        testId="scenes-equipment-error"
      />
    );
  }

  return (
    <Select<number[]>
      id={id}
      mode="multiple"
      allowClear
      showSearch
      optionFilterProp="label"
      placeholder={t('scenes.equipment.placeholder')}
      loading={options.isLoading}
      disabled={disabled}
      value={value ?? []}
      onChange={(next) => onChange?.(next)}
      {...(max !== undefined ? { maxCount: max } : {})}
      notFoundContent={options.isLoading ? t('common.loading') : t('scenes.equipment.none')}
      options={[...byId].map(([equipmentId, name]) => ({ value: equipmentId, label: name }))}
    />
  );
}
