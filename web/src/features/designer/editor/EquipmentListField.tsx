/**
 * Which equipment a map shows: a multi-select of the organisation's equipment the engineer may see (the real list
 * call, api/equipmentChoices.ts), written as `[{equipmentId, title}]` in the order chosen. Empty means every
 * equipment the page's viewer may see, which the field says. An id the list no longer holds (deleted, or not
 * granted to this engineer) stays listed by the title it was saved with, so saving does not silently drop it.
 * Each change is the whole list, one history step.
 */
import { Alert, Flex, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEquipmentChoices } from '../api/equipmentChoices';

export interface ChosenEquipment {
  equipmentId: number;
  title: string;
}

interface EquipmentListFieldProps {
  id: string;
  value: readonly ChosenEquipment[];
  disabled?: boolean;
  max: number;
  onChange(list: ChosenEquipment[]): void;
}

export function EquipmentListField({ id, value, disabled, max, onChange }: EquipmentListFieldProps) {
  const { t } = useTranslation();
  const choices = useEquipmentChoices();
  const known = new Map((choices.data ?? []).map((c) => [c.id, c.name]));
  const options = [
    ...(choices.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    ...value.filter((e) => !known.has(e.equipmentId)).map((e) => ({ value: e.equipmentId, label: e.title || `#${e.equipmentId}` })),
  ];
  return (
    <Flex vertical gap={4} style={{ flex: 1, minWidth: 0 }}>
      <Select
        id={id}
        data-testid={id}
        size="small"
        mode="multiple"
        allowClear
        showSearch
        optionFilterProp="label"
        disabled={disabled}
        loading={choices.isLoading}
        placeholder={t('designer.equipmentList.all')}
        value={value.map((e) => e.equipmentId)}
        maxCount={max}
        options={options}
        onChange={(ids: number[]) =>
          onChange(ids.map((equipmentId) => ({ equipmentId, title: known.get(equipmentId) ?? value.find((e) => e.equipmentId === equipmentId)?.title ?? '' })))
        }
      />
      {value.length === 0 && (
        <Typography.Text type="secondary" style={{ fontSize: 12 }} data-testid={`${id}-all`}>
          {t('designer.equipmentList.allHint')}
        </Typography.Text>
      )}
      {choices.isError && <Alert type="error" showIcon message={t('designer.equipmentList.failed', { message: choices.error.message })} />}
    </Flex>
  );
}
