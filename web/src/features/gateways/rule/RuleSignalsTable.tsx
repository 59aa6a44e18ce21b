/**
 * The data rule's signals as an editable table: key, path, type, scale, offset and unit per row, moved and removed by
 * the row's buttons (the list keeps one row). A refusal of the server's shows under its cell (`errors`, by the
 * cell's id, {@link cellId}).
 */
import type { ReactNode } from 'react';
import { Button, Form, Input, InputNumber, Select, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { RowOrderButtons } from '@/components/RowOrderButtons';
import { RULE_MAX, SIGNAL_KINDS, emptySignal, moveRow, type SignalField, type SignalRow } from './ruleModel';

/** The element id of a row's cell input, by the row's place (what the tests and the refusal focus use). */
export const cellId = (index: number, field: SignalField) => `gm-rule-signal-${index}-${field}`;

/** The error key of a row's cell: by the row's id, so an error stays on its row while rows move. */
export const cellErrorKey = (row: SignalRow, field: SignalField) => `signal:${row.id}:${field}`;

interface RuleSignalsTableProps {
  rows: SignalRow[];
  onChange: (rows: SignalRow[]) => void;
  /** Refusals by {@link cellErrorKey}; `signals` for the list as a whole. */
  errors: Record<string, string>;
  /** Clears a cell's refusal once it is edited. */
  onEdited: (errorKey: string) => void;
  disabled: boolean;
}

export function RuleSignalsTable({ rows, onChange, errors, onEdited, disabled }: RuleSignalsTableProps) {
  const { t } = useTranslation();
  const patch = (index: number, field: SignalField, value: Partial<SignalRow>) => {
    const row = rows[index];
    if (!row) return;
    onEdited(cellErrorKey(row, field));
    onChange(rows.map((r, i) => (i === index ? { ...r, ...value } : r)));
  };

  /** A cell's input with its refusal under it (a form item without a form: only its look). */
  const cell = (row: SignalRow, field: SignalField, input: ReactNode) => {
    const error = errors[cellErrorKey(row, field)];
    return (
      <Form.Item
        style={{ margin: 0 }}
        validateStatus={error ? 'error' : undefined}
        help={error}
        data-testid={error ? 'gm-rule-cell-error' : undefined}
      >
        {input}
      </Form.Item>
    );
  };

  const text = (field: 'key' | 'path' | 'unit', placeholder?: string) => (_: unknown, row: SignalRow, index: number) =>
    cell(
      row,
      field,
      <Input
        id={cellId(index, field)}
        size="small"
        value={row[field]}
        placeholder={placeholder}
        aria-label={`${t(`gmRule.signals.${field}`)} ${index + 1}`}
        onChange={(e) => patch(index, field, { [field]: e.target.value })}
        autoComplete="off"
        maxLength={field === 'key' ? RULE_MAX.keyChars : field === 'path' ? RULE_MAX.pathChars : undefined}
      />,
    );

  const number = (field: 'scale' | 'offset', placeholder: string) => (_: unknown, row: SignalRow, index: number) =>
    cell(
      row,
      field,
      <InputNumber
        id={cellId(index, field)}
        size="small"
        value={row[field]}
        placeholder={placeholder}
        aria-label={`${t(`gmRule.signals.${field}`)} ${index + 1}`}
        onChange={(value) => patch(index, field, { [field]: typeof value === 'number' ? value : null })}
        style={{ width: '100%' }}
      />,
    );

  const columns: ColumnsType<SignalRow> = [
    { title: '#', key: 'n', width: 36, render: (_, _row, index) => <Typography.Text type="secondary">{index + 1}</Typography.Text> },
    { title: t('gmRule.signals.key'), key: 'key', render: text('key', t('gmRule.signals.keyPlaceholder')) },
    { title: t('gmRule.signals.path'), key: 'path', render: text('path', t('gmRule.signals.pathPlaceholder')) },
    {
      title: t('gmRule.signals.kind'),
      key: 'kind',
      width: 124,
      render: (_, row, index) =>
        cell(
          row,
          'kind',
          <Select
            id={cellId(index, 'kind')}
            size="small"
            value={row.kind}
            aria-label={`${t('gmRule.signals.kind')} ${index + 1}`}
            onChange={(kind) => patch(index, 'kind', { kind })}
            options={SIGNAL_KINDS.map((kind) => ({ value: kind, label: t(`gmRule.signals.kinds.${kind}`) }))}
            style={{ width: '100%' }}
          />,
        ),
    },
    { title: t('gmRule.signals.scale'), key: 'scale', width: 84, render: number('scale', '1') },
    { title: t('gmRule.signals.offset'), key: 'offset', width: 84, render: number('offset', '0') },
    { title: t('gmRule.signals.unit'), key: 'unit', width: 72, render: text('unit') },
    {
      title: t('gmRule.signals.actions'),
      key: 'actions',
      width: 96,
      render: (_, row, index) => (
        <RowOrderButtons
          index={index}
          count={rows.length}
          size="small"
          removable={rows.length > 1}
          disabled={disabled}
          onMove={(from, to) => onChange(moveRow(rows, from, to))}
          onRemove={() => onChange(rows.filter((r) => r.id !== row.id))}
          labels={{
            up: t('gmRule.signals.up', { n: index + 1 }),
            down: t('gmRule.signals.down', { n: index + 1 }),
            remove: t('gmRule.signals.remove', { n: index + 1 }),
          }}
          testId={(action) => `gm-rule-signal-${index}-${action}`}
        />
      ),
    },
  ];

  const full = rows.length >= RULE_MAX.signals;
  return (
    <Form.Item
      style={{ margin: 0 }}
      validateStatus={errors.signals ? 'error' : undefined}
      help={errors.signals}
      extra={t('gmRule.signals.hint', { max: RULE_MAX.signals })}
    >
      <Table<SignalRow>
        rowKey="id"
        size="small"
        columns={columns}
        dataSource={rows}
        pagination={false}
        data-testid="gm-rule-signals"
        scroll={{ x: 760 }}
        // Fixed: a refusal under a cell wraps in it rather than widening its column.
        tableLayout="fixed"
        footer={() => (
          <Typography.Text type="secondary" style={{ display: 'flex', alignItems: 'center', gap: 12 }}>
            <Button
              id="gm-rule-add-signal"
              size="small"
              icon={<PlusOutlined />}
              disabled={disabled || full}
              onClick={() => {
                onEdited('signals');
                onChange([...rows, emptySignal()]);
              }}
            >
              {t('gmRule.signals.add')}
            </Button>
            <span data-testid="gm-rule-signal-count">{t('gmRule.signals.count', { count: rows.length, max: RULE_MAX.signals })}</span>
          </Typography.Text>
        )}
      />
    </Form.Item>
  );
}
