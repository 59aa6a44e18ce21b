/**
 * The layer list: the page's top-level widgets, topmost first. A click selects (Shift adds), a double click
 * renames, the lock fixes a widget in place (a page change, one step), the eye hides it in the editor only (the
 * viewer still shows it). A row dragged onto another takes its place in the drawing order (one step; a locked
 * widget stays), besides the toolbar's z-order actions on the selection.
 *
 * Each row is drawn from what it shows (name, lock, selected, hidden), not from its widget, so a drag on the canvas,
 * which changes the moved widgets' positions every frame, redraws no row: with 1,000 widgets the list would
 * otherwise cost every frame of the drag (issue 13's figures).
 */
import { memo, useCallback, useLayoutEffect, useRef, useState } from 'react';
import { Button, Flex, Input, Tooltip, Typography } from 'antd';
import { EyeInvisibleOutlined, EyeOutlined, LockOutlined, UnlockOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { labelKeyOf } from '@/runtime/labels';
import type { EditorState } from '../model/actions';
import { MAX_NAME_CHARS, withLayerMoved, withLock, withName } from '../model/layers';

/** The drag's data type: a layer row's widget id. */
const LAYER_DRAG_TYPE = 'application/x-ironsight-layer';

interface LayerListProps {
  editor: EditorState;
  onChange(next: EditorState): void;
  hidden: ReadonlySet<string>;
  onToggleHidden(id: string): void;
}

export function LayerList({ editor, onChange, hidden, onToggleHidden }: LayerListProps) {
  const { t } = useTranslation();
  const [renaming, setRenaming] = useState<string | null>(null);
  const [dropTarget, setDropTarget] = useState<string | null>(null);
  // The rows' handlers read the editor of the latest render, so they stay the same functions across renders.
  const latest = useRef(editor);
  useLayoutEffect(() => {
    latest.current = editor;
  }, [editor]);
  const apply = useCallback((change: (editor: EditorState) => EditorState) => onChange(change(latest.current)), [onChange]);
  const handlers = useRowHandlers(apply, setRenaming, setDropTarget, onToggleHidden);
  const widgets = [...editor.history.present.widgets].reverse();
  if (widgets.length === 0) {
    return (
      <Typography.Text type="secondary" style={{ padding: 8, display: 'block' }}>
        {t('designer.layers.empty')}
      </Typography.Text>
    );
  }
  return (
    <Flex vertical data-testid="layer-list" role="list" aria-label={t('designer.layers.title')}>
      {widgets.map((w) => (
        <LayerRow
          key={w.id}
          id={w.id}
          name={w.widgetName || t(labelKeyOf(w.widgetType))}
          widgetName={w.widgetName}
          locked={Boolean(w.posLock)}
          selected={editor.selection.includes(w.id)}
          hidden={hidden.has(w.id)}
          renaming={renaming === w.id}
          dropTarget={dropTarget === w.id}
          handlers={handlers}
        />
      ))}
    </Flex>
  );
}

/** What a row does, the same functions for every row and render. */
interface RowHandlers {
  select(id: string, additive: boolean): void;
  rename(id: string | null): void;
  named(id: string, name: string): void;
  lock(id: string, locked: boolean): void;
  toggleHidden(id: string): void;
  dragOver(id: string | null, leaving?: boolean): void;
  dropped(moved: string, onto: string): void;
}

function useRowHandlers(
  apply: (change: (editor: EditorState) => EditorState) => void,
  setRenaming: (id: string | null) => void,
  setDropTarget: (update: (current: string | null) => string | null) => void,
  toggleHidden: (id: string) => void,
): RowHandlers {
  const handlers = useRef<RowHandlers | null>(null);
  handlers.current ??= {
    select: (id, additive) =>
      apply((editor) => {
        const selection = additive
          ? editor.selection.includes(id)
            ? editor.selection.filter((s) => s !== id)
            : [...editor.selection, id]
          : [id];
        return { ...editor, selection };
      }),
    rename: setRenaming,
    named: (id, name) => {
      apply((editor) => withName(editor, id, name));
      setRenaming(null);
    },
    lock: (id, locked) => apply((editor) => withLock(editor, id, locked)),
    toggleHidden,
    dragOver: (id, leaving = false) => setDropTarget((current) => (leaving ? (current === id ? null : current) : id)),
    dropped: (moved, onto) => {
      setDropTarget(() => null);
      apply((editor) => withLayerMoved(editor, moved, onto));
    },
  };
  return handlers.current;
}

interface LayerRowProps {
  id: string;
  /** The name shown: the widget's own, else its type's. */
  name: string;
  /** The widget's own name (empty when it has none): what renaming starts from. */
  widgetName: string | undefined;
  locked: boolean;
  selected: boolean;
  hidden: boolean;
  renaming: boolean;
  dropTarget: boolean;
  handlers: RowHandlers;
}

const LayerRow = memo(function LayerRow({ id, name, widgetName, locked, selected, hidden, renaming, dropTarget, handlers }: LayerRowProps) {
  const { t } = useTranslation();
  return (
    <Flex
      role="listitem"
      data-testid={`layer-${id}`}
      align="center"
      gap={4}
      draggable={!locked && !renaming}
      onDragStart={(event) => {
        event.dataTransfer.setData(LAYER_DRAG_TYPE, id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onDragOver={(event) => {
        if (!event.dataTransfer.types.includes(LAYER_DRAG_TYPE)) return;
        event.preventDefault();
        handlers.dragOver(id);
      }}
      onDragLeave={() => handlers.dragOver(id, true)}
      onDrop={(event) => {
        const moved = event.dataTransfer.getData(LAYER_DRAG_TYPE);
        if (moved) handlers.dropped(moved, id);
        else handlers.dragOver(null);
      }}
      style={{
        padding: '2px 8px',
        background: selected ? '#e6f4ff' : undefined,
        cursor: 'pointer',
        boxShadow: dropTarget ? 'inset 0 0 0 1px #1677ff' : undefined,
      }}
      onClick={(event) => handlers.select(id, event.shiftKey)}
      onDoubleClick={() => handlers.rename(id)}
    >
      {renaming ? (
        <Input
          size="small"
          autoFocus
          data-testid="layer-rename"
          maxLength={MAX_NAME_CHARS}
          defaultValue={widgetName}
          onClick={(event) => event.stopPropagation()}
          onBlur={(event) => handlers.named(id, event.currentTarget.value)}
          onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
        />
      ) : (
        <Typography.Text ellipsis style={{ flex: 1, opacity: hidden ? 0.45 : 1 }} title={name}>
          {name}
        </Typography.Text>
      )}
      <Tooltip title={locked ? t('designer.layers.unlock') : t('designer.layers.lock')}>
        <Button
          type="text"
          size="small"
          aria-label={locked ? t('designer.layers.unlock') : t('designer.layers.lock')}
          data-testid={`layer-lock-${id}`}
          icon={locked ? <LockOutlined /> : <UnlockOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            handlers.lock(id, !locked);
          }}
        />
      </Tooltip>
      <Tooltip title={hidden ? t('designer.layers.show') : t('designer.layers.hide')}>
        <Button
          type="text"
          size="small"
          aria-label={hidden ? t('designer.layers.show') : t('designer.layers.hide')}
          data-testid={`layer-hide-${id}`}
          icon={hidden ? <EyeInvisibleOutlined /> : <EyeOutlined />}
          onClick={(event) => {
            event.stopPropagation();
            handlers.toggleHidden(id);
          }}
        />
      </Tooltip>
    </Flex>
  );
});
