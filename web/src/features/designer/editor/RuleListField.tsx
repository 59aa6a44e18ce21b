/**
 * Colour rules edited as rows: comparison symbol, value and colour, a row removed by its button, one added with
 * the last row's colour. Each change is the whole list, one history step.
 */
import { Button, Flex, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONDITION_SYMBOLS, type ColorRule } from '@/runtime/document';
import { ColourField } from './ColourField';
import { NumberField } from './NumberField';

interface RuleListFieldProps {
  id: string;
  rules: readonly ColorRule[];
  disabled?: boolean;
  onChange(rules: ColorRule[]): void;
}

export function RuleListField({ id, rules, disabled, onChange }: RuleListFieldProps) {
  const { t } = useTranslation();
  const replace = (index: number, patch: Partial<ColorRule>) => onChange(rules.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  return (
    <Flex vertical gap={4} data-testid={id} style={{ flex: 1 }}>
      {rules.map((rule, index) => (
        <Flex key={index} gap={4} align="center" data-testid={`${id}-row`}>
          <Select
            size="small"
            style={{ width: 64 }}
            disabled={disabled}
            value={rule.symbol}
            aria-label={t('designer.rules.symbol')}
            options={CONDITION_SYMBOLS.map((s) => ({ value: s, label: s }))}
            onChange={(symbol) => replace(index, { symbol })}
          />
          <NumberField
            size="small"
            style={{ flex: 1, minWidth: 0 }}
            disabled={disabled}
            aria-label={t('designer.rules.value')}
            value={rule.value}
            onCommit={(value) => replace(index, { value })}
          />
          <ColourField compact testId={`${id}-colour-${index}`} disabled={disabled} value={rule.color} onChange={(color) => replace(index, { color })} />
          <Button
            type="text"
            size="small"
            disabled={disabled}
            aria-label={t('designer.rules.remove')}
            icon={<DeleteOutlined />}
            onClick={() => onChange(rules.filter((_, i) => i !== index))}
          />
        </Flex>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={disabled}
        data-testid={`${id}-add`}
        onClick={() => onChange([...rules, { symbol: '==', value: rules.length, color: rules.at(-1)?.color ?? '#FF0000' }])}
      >
        {t('designer.rules.add')}
      </Button>
    </Flex>
  );
}
