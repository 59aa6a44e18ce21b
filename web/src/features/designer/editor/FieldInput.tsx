/**
 * One field of the property panel, drawn by its kind (model/fields/types.ts) whatever the widget type: a switch,
 * a choice, a colour, a number, a text, a picture, a signal or a list of them, a chart's source, a page, rows, a place. Typed fields commit on
 * Enter or when left, so a typed value is one history step; switches, choices, colours, signals, rows and a picture
 * picked from the library commit at once.
 */
import { Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Binding, Widget } from '@/runtime/document';
import type { BindableSignal, EquipmentChoice, FieldDef, Row } from '../model/properties';
import type { ChoiceItem } from '../model/fields/types';
import type { ChartSourceValue } from '../model/fields/reportSource';
import { ChartSourceField } from './ChartSourceField';
import { ChoiceItemsField } from './ChoiceItemsField';
import { ColourField } from './ColourField';
import { EquipmentListField } from './EquipmentListField';
import { NumberField } from './NumberField';
import { PictureField } from './PictureField';
import { RegionField } from './RegionField';
import { RowListField } from './RowListField';
import { SignalListField } from './SignalListField';
import { SignalPicker } from './SignalPicker';
import { TextField } from './TextField';

export interface PageChoice {
  id: number;
  title: string;
}

interface FieldInputProps {
  widget: Widget;
  field: FieldDef;
  signals: readonly BindableSignal[];
  /** A project page's equipment: a signal is picked after its equipment. */
  equipment?: readonly EquipmentChoice[] | undefined;
  pages: readonly PageChoice[];
  onSet(value: unknown): void;
}

/** The kinds drawn under their label, across the panel (lists), rather than beside it. */
export const BLOCK_KINDS: ReadonlySet<string> = new Set(['rows', 'signals', 'equipments', 'choiceItems', 'chartSource']);

export function FieldInput({ widget, field, signals, equipment, pages, onSet }: FieldInputProps) {
  const { t } = useTranslation();
  const value = field.get(widget);
  const id = `field-${field.id}`;
  const common = { id, 'data-testid': id, size: 'small' as const, disabled: widget.posLock };
  const type = field.type;
  switch (type.kind) {
    case 'switch':
      return <Switch {...common} checked={value === true} onChange={onSet} />;
    case 'choice':
      return (
        <Select
          {...common}
          style={{ flex: 1, minWidth: 0 }}
          value={String(value)}
          options={type.options.map((option) => ({ value: option, label: type.literal ? option : t(`designer.option.${field.id}.${option}`) }))}
          onChange={onSet}
        />
      );
    case 'colour':
      return <ColourField testId={id} disabled={widget.posLock} value={typeof value === 'string' ? value : ''} onChange={onSet} />;
    case 'signal': {
      const offered = type.writableOnly ? signals.filter((s) => s.writable) : signals;
      if (equipment) {
        return (
          <SignalPicker
            id={id}
            disabled={widget.posLock}
            value={typeof value === 'number' || typeof value === 'string' ? value : null}
            signals={offered}
            equipment={equipment}
            statistics={!type.writableOnly}
            onPick={onSet}
          />
        );
      }
      return (
        <Select
          {...common}
          style={{ flex: 1, minWidth: 0 }}
          showSearch
          allowClear
          optionFilterProp="label"
          placeholder={t('designer.unbound')}
          value={typeof value === 'number' && offered.some((s) => s.id === value) ? value : undefined}
          options={offered.map((s) => ({ value: s.id, label: s.label ?? s.title }))}
          onChange={(signalId: number | undefined) => onSet(offered.find((s) => s.id === signalId) ?? null)}
        />
      );
    }
    case 'signals':
      return (
        <SignalListField
          id={id}
          disabled={widget.posLock}
          value={Array.isArray(value) ? (value as Binding[]) : []}
          signals={signals}
          equipment={equipment}
          statistics={type.statistics === true && equipment !== undefined}
          max={type.max}
          onChange={onSet}
        />
      );
    case 'chartSource':
      return (
        <ChartSourceField
          id={id}
          disabled={widget.posLock}
          value={value as ChartSourceValue}
          signals={signals}
          equipment={equipment}
          onChange={onSet}
        />
      );
    case 'choiceItems':
      return (
        <ChoiceItemsField
          id={id}
          kind={type}
          disabled={widget.posLock}
          items={Array.isArray(value) ? (value as ChoiceItem[]) : []}
          pages={pages}
          onChange={onSet}
        />
      );
    case 'rows':
      return (
        <RowListField
          id={id}
          fieldId={field.id}
          kind={type}
          disabled={widget.posLock}
          rows={Array.isArray(value) ? (value as Row[]) : []}
          onChange={onSet}
        />
      );
    case 'equipments':
      return (
        <EquipmentListField
          id={id}
          disabled={widget.posLock}
          value={Array.isArray(value) ? (value as Array<{ equipmentId: number; title: string }>) : []}
          max={type.max}
          onChange={onSet}
        />
      );
    case 'page':
      return (
        <Select
          {...common}
          style={{ flex: 1, minWidth: 0 }}
          allowClear
          placeholder={t('designer.noPage')}
          value={typeof value === 'number' && pages.some((p) => p.id === value) ? value : undefined}
          options={pages.map((p) => ({ value: p.id, label: p.title }))}
          onChange={(pageId: number | undefined) => onSet(pageId ?? null)}
        />
      );
    case 'number':
      return (
        <NumberField
          {...common}
          style={{ flex: 1, minWidth: 0 }}
          min={type.min}
          max={type.max}
          step={type.step}
          value={typeof value === 'number' ? value : undefined}
          onCommit={onSet}
        />
      );
    case 'picture':
      return (
        <PictureField
          id={id}
          disabled={widget.posLock}
          value={typeof value === 'string' ? value : ''}
          max={type.max}
          onCommit={onSet}
        />
      );
    case 'region':
      return (
        <RegionField
          id={id}
          disabled={widget.posLock}
          value={Array.isArray(value) ? value.filter((code): code is string => typeof code === 'string') : []}
          onChange={onSet}
        />
      );
    case 'model':
      return (
        <PictureField
          id={id}
          kind="model"
          disabled={widget.posLock}
          value={typeof value === 'string' ? value : ''}
          max={type.max}
          onCommit={onSet}
        />
      );
    case 'text':
      return (
        <TextField
          id={id}
          disabled={widget.posLock}
          style={{ flex: 1, minWidth: 0 }}
          value={String(value ?? '')}
          max={type.max}
          multiline={type.multiline}
          suggestions={type.suggestions}
          valid={type.valid}
          onCommit={onSet}
        />
      );
  }
}
