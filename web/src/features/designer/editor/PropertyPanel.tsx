/**
 * The property panel of the single selected widget: its position, then the sections its type's description
 * (model/properties.ts) lists, each field drawn by its kind. Typed fields commit on Enter or when left, so a typed
 * value is one history step; switches, choices, colours and the binding commit at once.
 */
import { Divider, Flex, Input, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColorRule, Widget } from '@/runtime/document';
import { withWidgets, type EditorState } from '../model/actions';
import { sectionsOf, withField, type BindableSignal, type FieldDef } from '../model/properties';
import { PagePanel } from './PagePanel';
import { ColourField } from './ColourField';
import { NumberField } from './NumberField';
import { RuleListField } from './RuleListField';
import { PositionPanel } from './PositionPanel';

interface PropertyPanelProps {
  editor: EditorState;
  onChange(next: EditorState): void;
  /** The signals a widget of this page may be bound to. */
  signals: readonly BindableSignal[];
  /** The pages a click may open. */
  pages: readonly PageChoice[];
}

export interface PageChoice {
  id: number;
  title: string;
}

export function PropertyPanel({ editor, onChange, signals, pages }: PropertyPanelProps) {
  const { t } = useTranslation();
  const chosen = editor.history.present.widgets.filter((w) => editor.selection.includes(w.id));
  const widget = chosen.length === 1 ? chosen[0] : undefined;
  const set = (w: Widget, fieldId: string, value: unknown) => {
    const next = withField(w, fieldId, value);
    if (next !== w) onChange(withWidgets(editor, editor.history.present.widgets.map((x) => (x.id === w.id ? next : x))));
  };
  return (
    <Flex vertical gap={4} data-testid="property-panel" style={{ overflowY: 'auto', overflowX: 'hidden', height: '100%' }}>
      <PositionPanel editor={editor} onChange={onChange} />
      {chosen.length === 0 && <PagePanel editor={editor} onChange={onChange} />}
      {widget &&
        sectionsOf(widget.widgetType).map((section) => (
          <section key={section.id} aria-label={t(`designer.section.${section.id}`)} data-testid={`section-${section.id}`}>
            <Divider orientation="left" plain style={{ margin: '8px 0' }}>
              {t(`designer.section.${section.id}`)}
            </Divider>
            <Flex vertical gap={8}>
              {section.fields.filter((field) => field.shown?.(widget) ?? true).map((field) => (
                <Flex
                  key={`${widget.id}-${field.id}`}
                  align={field.type.kind === 'rules' ? 'stretch' : 'center'}
                  vertical={field.type.kind === 'rules'}
                  gap={field.type.kind === 'rules' ? 4 : 8}
                >
                  <label htmlFor={`field-${field.id}`} style={{ width: 72, flex: 'none' }}>
                    {t(`designer.field.${field.id}`)}
                  </label>
                  <FieldInput
                    widget={widget}
                    field={field}
                    signals={signals}
                    pages={pages}
                    onSet={(value) => set(widget, field.id, value)}
                  />
                </Flex>
              ))}
            </Flex>
          </section>
        ))}
    </Flex>
  );
}

interface FieldInputProps {
  widget: Widget;
  field: FieldDef;
  signals: readonly BindableSignal[];
  pages: readonly PageChoice[];
  onSet(value: unknown): void;
}

function FieldInput({ widget, field, signals, pages, onSet }: FieldInputProps) {
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
          style={{ flex: 1 }}
          value={String(value)}
          options={type.options.map((option) => ({ value: option, label: type.literal ? option : t(`designer.option.${field.id}.${option}`) }))}
          onChange={onSet}
        />
      );
    case 'colour':
      return <ColourField testId={id} disabled={widget.posLock} value={typeof value === 'string' ? value : ''} onChange={onSet} />;
    case 'signal': {
      const offered = type.writableOnly ? signals.filter((s) => s.writable) : signals;
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
    case 'rules':
      return (
        <RuleListField
          id={id}
          disabled={widget.posLock}
          rules={Array.isArray(value) ? (value as ColorRule[]) : []}
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
          min={type.min}
          max={type.max}
          step={type.step}
          value={typeof value === 'number' ? value : undefined}
          onCommit={onSet}
        />
      );
    case 'text': {
      const commit = (text: string) => onSet(text.slice(0, type.max));
      return type.multiline ? (
        <Input.TextArea
          {...common}
          key={`${widget.id}-${field.id}-${String(value)}`}
          autoSize={{ minRows: 1, maxRows: 4 }}
          maxLength={type.max}
          defaultValue={String(value ?? '')}
          onBlur={(event) => commit(event.currentTarget.value)}
        />
      ) : (
        <Input
          {...common}
          key={`${widget.id}-${field.id}-${String(value)}`}
          maxLength={type.max}
          defaultValue={String(value ?? '')}
          onBlur={(event) => commit((event.target as HTMLInputElement).value)}
          onPressEnter={(event) => commit((event.target as HTMLInputElement).value)}
        />
      );
    }
  }
}

/** The equipment's signals as the binding picker lists them: name, unit and whether they may be written. */
export function bindableSignals(
  list: ReadonlyArray<{ id: number; equipId: number; signalTitle: string; equipTitle: string; unit: string; writable: boolean }>,
  writableLabel: string,
  readOnlyLabel: string,
): BindableSignal[] {
  return list.map((s) => ({
    id: s.id,
    equipId: s.equipId,
    title: s.signalTitle,
    equipTitle: s.equipTitle,
    writable: s.writable,
    label: `${s.signalTitle}${s.unit ? ` (${s.unit})` : ''} · ${s.writable ? writableLabel : readOnlyLabel}`,
  }));
}
