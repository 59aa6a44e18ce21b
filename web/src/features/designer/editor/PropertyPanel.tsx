/**
 * The property panel of the single selected widget: its position, then the sections its type's description
 * (model/properties.ts) lists, each field drawn by its kind (FieldInput.tsx). Typed fields commit on Enter or when
 * left, so a typed value is one history step; switches, choices, colours, signals and rows commit at once.
 */
import { Divider, Flex } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Widget } from '@/runtime/document';
import { withWidgets, type EditorState } from '../model/actions';
import { sectionsOf, withField, type BindableSignal, type EquipmentChoice } from '../model/properties';
import { BLOCK_KINDS, FieldInput, type PageChoice } from './FieldInput';
import { PagePanel } from './PagePanel';
import { PositionPanel } from './PositionPanel';

export type { PageChoice } from './FieldInput';

interface PropertyPanelProps {
  editor: EditorState;
  onChange(next: EditorState): void;
  /** The signals a widget of this page may be bound to. */
  signals: readonly BindableSignal[];
  /** A project page's equipment: its binding pickers choose the equipment first (an equipment page: none). */
  equipment?: readonly EquipmentChoice[] | undefined;
  /** The pages a click may open. */
  pages: readonly PageChoice[];
}

export function PropertyPanel({ editor, onChange, signals, equipment, pages }: PropertyPanelProps) {
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
              {section.fields.filter((field) => field.shown?.(widget) ?? true).map((field) => {
                const block = BLOCK_KINDS.has(field.type.kind);
                return (
                  <Flex
                    key={`${widget.id}-${field.id}`}
                    align={block ? 'stretch' : 'center'}
                    vertical={block}
                    gap={block ? 4 : 8}
                  >
                    {block ? (
                      // A list is a group of fields, named by its label rather than labelling one input.
                      <span id={`label-${field.id}`}>{t(`designer.field.${field.id}`)}</span>
                    ) : (
                      <label htmlFor={`field-${field.id}`} style={{ width: 72, flex: 'none' }}>
                        {t(`designer.field.${field.id}`)}
                      </label>
                    )}
                    <FieldInput
                      widget={widget}
                      field={field}
                      signals={signals}
                      equipment={equipment}
                      pages={pages}
                      onSet={(value) => set(widget, field.id, value)}
                    />
                  </Flex>
                );
              })}
            </Flex>
          </section>
        ))}
    </Flex>
  );
}

/** The page's signals as the binding pickers list them: name, unit and whether they may be written. */
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
