/**
 * A list edited as rows (colour rules, dashboard stages, state items), drawn from its columns: a comparison
 * symbol, a number, a colour, a text, a picture (typed or picked from the image library). A row is removed by its button (never below the list's minimum) and added
 * at the end (up to its maximum) as the description says. Each change is the whole list, one history step.
 */
import { Button, Flex, Select } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CONDITION_SYMBOLS } from '@/runtime/document';
import type { FieldKind, Row, RowColumn } from '../model/properties';
import { ColourField } from './ColourField';
import { NumberField } from './NumberField';
import { PictureField } from './PictureField';
import { TextField } from './TextField';

type RowsKind = Extract<FieldKind, { kind: 'rows' }>;

interface RowListFieldProps {
  id: string;
  /** The field's id: names the add button's text (`designer.addRow.<fieldId>`). */
  fieldId: string;
  kind: RowsKind;
  rows: readonly Row[];
  disabled?: boolean;
  onChange(rows: Row[]): void;
}

export function RowListField({ id, fieldId, kind, rows, disabled, onChange }: RowListFieldProps) {
  const { t } = useTranslation();
  const replace = (index: number, patch: Row) => onChange(rows.map((r, i) => (i === index ? { ...r, ...patch } : r)));
  // Numbers share a row with a text (a state's picture or words) at a fixed width, else they take the room.
  const numberWidth = kind.columns.some((c) => c.kind === 'text' || c.kind === 'picture') ? 56 : undefined;
  return (
    <Flex vertical gap={4} role="group" aria-labelledby={id.replace(/^field-/, 'label-')} data-testid={id} style={{ flex: 1, minWidth: 0 }}>
      {rows.map((row, index) => (
        <Flex key={index} gap={4} align="center" data-testid={`${id}-row`}>
          {kind.columns.map((column) => (
            <Cell
              key={column.key}
              id={id}
              index={index}
              column={column}
              value={row[column.key]}
              numberWidth={numberWidth}
              disabled={disabled}
              onChange={(value) => replace(index, { [column.key]: value })}
            />
          ))}
          <Button
            type="text"
            size="small"
            disabled={disabled || rows.length <= kind.min}
            aria-label={t('designer.removeRow')}
            data-testid={`${id}-remove-${index}`}
            icon={<DeleteOutlined />}
            onClick={() => onChange(rows.filter((_, i) => i !== index))}
          />
        </Flex>
      ))}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={disabled || rows.length >= kind.max}
        data-testid={`${id}-add`}
        onClick={() => onChange([...rows, kind.newRow(rows)])}
      >
        {t(`designer.addRow.${fieldId}`)}
      </Button>
    </Flex>
  );
}

interface CellProps {
  id: string;
  index: number;
  column: RowColumn;
  value: unknown;
  numberWidth: number | undefined;
  disabled?: boolean;
  onChange(value: unknown): void;
}

function Cell({ id, index, column, value, numberWidth, disabled, onChange }: CellProps) {
  const { t } = useTranslation();
  const label = t(`designer.column.${column.key}`);
  const testId = `${id}-${column.key}-${index}`;
  switch (column.kind) {
    case 'symbol':
      return (
        <Select
          size="small"
          style={{ width: 60, flex: 'none' }}
          disabled={disabled}
          value={typeof value === 'string' ? value : '=='}
          aria-label={label}
          data-testid={testId}
          options={CONDITION_SYMBOLS.map((s) => ({ value: s, label: s }))}
          onChange={onChange}
        />
      );
    case 'number':
      return (
        <NumberField
          size="small"
          style={numberWidth ? { width: numberWidth, flex: 'none' } : { flex: 1, minWidth: 0 }}
          disabled={disabled}
          aria-label={label}
          data-testid={testId}
          value={typeof value === 'number' && Number.isFinite(value) ? value : undefined}
          onCommit={onChange}
        />
      );
    case 'colour':
      return (
        <ColourField
          compact
          testId={`${id}-colour-${index}`}
          disabled={disabled}
          value={typeof value === 'string' ? value : ''}
          onChange={onChange}
        />
      );
    case 'picture':
      return (
        <PictureField
          id={testId}
          ariaLabel={label}
          placeholder={label}
          value={typeof value === 'string' ? value : ''}
          max={column.max}
          disabled={disabled}
          onCommit={onChange}
        />
      );
    case 'text':
      return (
        <TextField
          id={testId}
          ariaLabel={label}
          placeholder={label}
          style={{ flex: 1, minWidth: 0 }}
          value={typeof value === 'string' ? value : ''}
          max={column.max}
          valid={column.valid}
          disabled={disabled}
          onCommit={onChange}
        />
      );
  }
}
