/**
 * The `choiceItems` field kind (model/fields/types.ts): a list of choices that each run a click event, as a
 * drop-down's items. Each item is a small card: its text, what choosing it does (write a value, open one of the
 * equipment's pages, open a link in this or a new window) with the input that action needs, and whether it is shown
 * disabled; one item may be marked as chosen when the view opens (while the select is unbound). Items are added at the end (up to the field's maximum), moved up and removed (never below one). Every
 * change is the whole list, one history step; typed values commit on Enter or when left, like every panel field.
 * A link the server would refuse is marked and not taken.
 */
import { Button, Flex, Select, Switch, Typography } from 'antd';
import { ArrowUpOutlined, DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { ChoiceItem, FieldKind } from '../model/fields/types';
import { keptLink } from '../model/fields/selectVideo';
import type { PageChoice } from './FieldInput';
import { NumberField } from './NumberField';
import { TextField } from './TextField';

type ItemsKind = Extract<FieldKind, { kind: 'choiceItems' }>;

interface ChoiceItemsFieldProps {
  id: string;
  kind: ItemsKind;
  items: readonly ChoiceItem[];
  pages: readonly PageChoice[];
  disabled?: boolean;
  onChange(items: ChoiceItem[]): void;
}

const ACTIONS = ['write', 'page', 'link'] as const;

export function ChoiceItemsField({ id, kind, items, pages, disabled, onChange }: ChoiceItemsFieldProps) {
  const { t } = useTranslation();
  const replace = (index: number, patch: Partial<ChoiceItem>) => onChange(items.map((item, i) => (i === index ? { ...item, ...patch } : item)));
  const moveUp = (index: number) => onChange(items.map((item, i) => (i === index - 1 ? items[index] : i === index ? items[index - 1] : item) as ChoiceItem));
  return (
    <Flex vertical gap={6} role="group" aria-labelledby={id.replace(/^field-/, 'label-')} data-testid={id} style={{ flex: 1, minWidth: 0 }}>
      {items.map((item, index) => {
        const cell = (part: string) => `${id}-${part}-${index}`;
        return (
          <Flex
            key={index}
            vertical
            gap={4}
            data-testid={`${id}-item`}
            style={{ border: '1px solid #F0F0F0', borderRadius: 6, padding: 6 }}
          >
            <Flex gap={4} align="center">
              <TextField
                id={cell('text')}
                ariaLabel={t('designer.choiceItem.text')}
                placeholder={t('designer.choiceItem.text')}
                style={{ flex: 1, minWidth: 0 }}
                value={item.text}
                max={kind.textMax}
                disabled={disabled}
                onCommit={(text) => replace(index, { text })}
              />
              <Button
                type="text"
                size="small"
                disabled={disabled || index === 0}
                aria-label={t('designer.choiceItem.up')}
                data-testid={cell('up')}
                icon={<ArrowUpOutlined />}
                onClick={() => moveUp(index)}
              />
              <Button
                type="text"
                size="small"
                disabled={disabled || items.length <= 1}
                aria-label={t('designer.removeRow')}
                data-testid={cell('remove')}
                icon={<DeleteOutlined />}
                onClick={() => onChange(items.filter((_, i) => i !== index))}
              />
            </Flex>
            <Flex gap={4} align="center">
              <Select
                size="small"
                style={{ flex: 1, minWidth: 0 }}
                disabled={disabled}
                value={item.action}
                aria-label={t('designer.field.clickAction')}
                data-testid={cell('action')}
                options={ACTIONS.map((a) => ({ value: a, label: t(`designer.option.clickAction.${a}`) }))}
                onChange={(action: ChoiceItem['action']) => replace(index, { action })}
              />
              {item.action === 'link' && (
                <Select
                  size="small"
                  style={{ width: 110, flex: 'none' }}
                  disabled={disabled}
                  value={item.target}
                  aria-label={t('designer.field.target')}
                  data-testid={cell('target')}
                  options={(['_self', '_blank'] as const).map((target) => ({ value: target, label: t(`designer.option.target.${target}`) }))}
                  onChange={(target: ChoiceItem['target']) => replace(index, { target })}
                />
              )}
            </Flex>
            <Flex gap={4} align="center">
              {item.action === 'write' && (
                <NumberField
                  size="small"
                  style={{ flex: 1, minWidth: 0 }}
                  disabled={disabled}
                  aria-label={t('designer.field.writeValue')}
                  placeholder={t('designer.field.writeValue')}
                  data-testid={cell('value')}
                  value={item.writeValue ?? undefined}
                  onCommit={(v) => replace(index, { writeValue: typeof v === 'number' && Number.isFinite(v) ? v : null })}
                />
              )}
              {item.action === 'page' && (
                <Select
                  size="small"
                  style={{ flex: 1, minWidth: 0 }}
                  allowClear
                  disabled={disabled}
                  placeholder={t('designer.noPage')}
                  aria-label={t('designer.field.clickPage')}
                  data-testid={cell('page')}
                  value={item.pageId !== null && pages.some((p) => p.id === item.pageId) ? item.pageId : undefined}
                  options={pages.map((p) => ({ value: p.id, label: p.title }))}
                  onChange={(pageId: number | undefined) => replace(index, { pageId: pageId ?? null })}
                />
              )}
              {item.action === 'link' && (
                <TextField
                  id={cell('link')}
                  ariaLabel={t('designer.field.link')}
                  placeholder="https://"
                  style={{ flex: 1, minWidth: 0 }}
                  value={item.link}
                  max={2048}
                  valid={keptLink}
                  disabled={disabled}
                  onCommit={(link) => replace(index, { link: link.trim() })}
                />
              )}
            </Flex>
            <SwitchRow
              checked={item.pressDisabled}
              disabled={disabled}
              label={t('designer.choiceItem.pressDisabled')}
              testId={cell('disabled')}
              onChange={(pressDisabled) => replace(index, { pressDisabled })}
            />
            <SwitchRow
              checked={item.initial}
              disabled={disabled}
              label={t('designer.choiceItem.initial')}
              hint={t('designer.choiceItem.initialHint')}
              testId={cell('initial')}
              onChange={(initial) => onChange(items.map((other, i) => ({ ...other, initial: i === index ? initial : false })))}
            />
          </Flex>
        );
      })}
      <Button
        size="small"
        icon={<PlusOutlined />}
        disabled={disabled || items.length >= kind.max}
        data-testid={`${id}-add`}
        onClick={() => onChange([...items, kind.newItem(items)])}
      >
        {t('designer.choiceItem.add')}
      </Button>
    </Flex>
  );
}

interface SwitchRowProps {
  checked: boolean;
  disabled: boolean | undefined;
  label: string;
  hint?: string;
  testId: string;
  onChange(checked: boolean): void;
}

/** A small switch with its label after it, as an item's flags are shown. */
function SwitchRow({ checked, disabled, label, hint, testId, onChange }: SwitchRowProps) {
  return (
    <Flex gap={6} align="center">
      <Switch size="small" checked={checked} disabled={disabled} aria-label={label} data-testid={testId} onChange={onChange} />
      <Typography.Text type="secondary" style={{ fontSize: 12 }} title={hint}>
        {label}
      </Typography.Text>
    </Flex>
  );
}
