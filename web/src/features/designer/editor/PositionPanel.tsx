/**
 * The position of the single selected widget (x, y, width, height, rotation), typed in. Each committed field is
 * one history step through the same rules as the pointer: whole numbers, sizes above 2, quarter turns, never a
 * locked widget.
 */
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Widget } from '@/runtime/document';
import { withWidgets, type EditorState } from '../model/actions';
import { resized } from '../model/resize';
import { resizeAllowed, rotated } from '../model/rules';
import { NumberField } from './NumberField';

type Field = 'x' | 'y' | 'width' | 'height' | 'rotate';
const FIELDS: readonly Field[] = ['x', 'y', 'width', 'height', 'rotate'];

/** The editor state with `field` of widget `id` set to `value`; the same state when the rules refuse it. */
export function withPosition(state: EditorState, id: string, field: Field, value: number): EditorState {
  const widgets = state.history.present.widgets.map((w) => (w.id === id ? placed(w, field, Math.round(value)) : w));
  return withWidgets(state, widgets);
}

function placed(w: Widget, field: Field, value: number): Widget {
  if (w.posLock || !Number.isFinite(value) || w.position[field] === value) return w;
  const p = w.position;
  if (field === 'rotate') {
    const rotate = rotated(0, Math.round(value / 90), false);
    return rotate === p.rotate ? w : { ...w, position: { ...p, rotate } };
  }
  const box = { x: p.x, y: p.y, width: p.width, height: p.height, [field]: value };
  if (!resizeAllowed(box.width, box.height)) return w;
  return resized(w, p, box);
}

export function PositionPanel({ editor, onChange }: { editor: EditorState; onChange(next: EditorState): void }) {
  const { t } = useTranslation();
  const chosen = editor.history.present.widgets.filter((w) => editor.selection.includes(w.id));
  const widget = chosen.length === 1 ? chosen[0] : undefined;
  if (!widget) {
    return (
      <Typography.Text type="secondary" data-testid="position-none">
        {chosen.length === 0 ? t('designer.panel.nothingSelected') : t('designer.panel.manySelected', { count: chosen.length })}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical gap={8} data-testid="position-panel">
      <Typography.Text strong>{t(`runtime.widgetType.${widget.widgetType}`)}</Typography.Text>
      {FIELDS.map((field) => (
        <Flex key={`${widget.id}-${field}`} align="center" gap={8}>
          <label htmlFor={`position-${field}`} style={{ width: 72, flex: 'none' }}>
            {t(`designer.panel.${field}`)}
          </label>
          <NumberField
            id={`position-${field}`}
            data-testid={`position-${field}`}
            size="small"
            disabled={widget.posLock}
            value={Math.round(widget.position[field])}
            step={field === 'rotate' ? 90 : 1}
            onCommit={(value) => onChange(withPosition(editor, widget.id, field, value))}
          />
        </Flex>
      ))}
    </Flex>
  );
}
