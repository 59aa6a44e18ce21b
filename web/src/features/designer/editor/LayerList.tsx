/**
 * The layer list: the page's top-level widgets, topmost first. A click selects (Shift adds), a double click
 * renames, the lock fixes a widget in place (a page change, one step), the eye hides it in the editor only (the
 * viewer still shows it). A row dragged onto another takes its place in the drawing order (one step; a locked
 * widget stays), besides the toolbar's z-order actions on the selection.
 */
import { useState } from 'react';
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
  const widgets = [...editor.history.present.widgets].reverse();
  if (widgets.length === 0) {
    return (
      <Typography.Text type="secondary" style={{ padding: 8, display: 'block' }}>
        {t('designer.layers.empty')}
      </Typography.Text>
    );
  }
  const select = (id: string, additive: boolean) => {
    const selection = additive
      ? editor.selection.includes(id)
        ? editor.selection.filter((s) => s !== id)
        : [...editor.selection, id]
      : [id];
    onChange({ ...editor, selection });
  };
  return (
    <Flex vertical data-testid="layer-list" role="list" aria-label={t('designer.layers.title')}>
      {widgets.map((w) => {
        const selected = editor.selection.includes(w.id);
        const name = w.widgetName || t(labelKeyOf(w.widgetType));
        return (
          <Flex
            key={w.id}
            role="listitem"
            data-testid={`layer-${w.id}`}
            align="center"
            gap={4}
            draggable={!w.posLock && renaming !== w.id}
            onDragStart={(event) => {
              event.dataTransfer.setData(LAYER_DRAG_TYPE, w.id);
              event.dataTransfer.effectAllowed = 'move';
            }}
            onDragOver={(event) => {
              if (!event.dataTransfer.types.includes(LAYER_DRAG_TYPE)) return;
              event.preventDefault();
              setDropTarget(w.id);
            }}
            onDragLeave={() => setDropTarget((current) => (current === w.id ? null : current))}
            onDrop={(event) => {
              const id = event.dataTransfer.getData(LAYER_DRAG_TYPE);
              setDropTarget(null);
              if (id) onChange(withLayerMoved(editor, id, w.id));
            }}
            style={{
              padding: '2px 8px',
              background: selected ? '#e6f4ff' : undefined,
              cursor: 'pointer',
              boxShadow: dropTarget === w.id ? 'inset 0 0 0 1px #1677ff' : undefined,
            }}
            onClick={(event) => select(w.id, event.shiftKey)}
            onDoubleClick={() => setRenaming(w.id)}
          >
            {renaming === w.id ? (
              <Input
                size="small"
                autoFocus
                data-testid="layer-rename"
                maxLength={MAX_NAME_CHARS}
                defaultValue={w.widgetName}
                onClick={(event) => event.stopPropagation()}
                onBlur={(event) => {
                  onChange(withName(editor, w.id, event.currentTarget.value));
                  setRenaming(null);
                }}
                onPressEnter={(event) => (event.target as HTMLInputElement).blur()}
              />
            ) : (
              <Typography.Text ellipsis style={{ flex: 1, opacity: hidden.has(w.id) ? 0.45 : 1 }} title={name}>
                {name}
              </Typography.Text>
            )}
            <Tooltip title={w.posLock ? t('designer.layers.unlock') : t('designer.layers.lock')}>
              <Button
                type="text"
                size="small"
                aria-label={w.posLock ? t('designer.layers.unlock') : t('designer.layers.lock')}
                data-testid={`layer-lock-${w.id}`}
                icon={w.posLock ? <LockOutlined /> : <UnlockOutlined />}
                onClick={(event) => {
                  event.stopPropagation();
                  onChange(withLock(editor, w.id, !w.posLock));
                }}
              />
            </Tooltip>
            <Tooltip title={hidden.has(w.id) ? t('designer.layers.show') : t('designer.layers.hide')}>
              <Button
                type="text"
                size="small"
                aria-label={hidden.has(w.id) ? t('designer.layers.show') : t('designer.layers.hide')}
                data-testid={`layer-hide-${w.id}`}
                icon={hidden.has(w.id) ? <EyeInvisibleOutlined /> : <EyeOutlined />}
                onClick={(event) => {
                  event.stopPropagation();
                  onToggleHidden(w.id);
                }}
              />
            </Tooltip>
          </Flex>
        );
      })}
    </Flex>
  );
}
