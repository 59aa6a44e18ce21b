/**
 * The canvas's context menu: the action registry's entries (not the arrow moves, which are keys), each named,
 * enabled and performed by its registry entry, like the toolbar and the keyboard. A right click on a widget that
 * is not selected selects it first, so the menu acts on what was clicked.
 */
import { useMemo, type ReactNode } from 'react';
import { Dropdown, type MenuProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { ACTIONS, type Action, type EditorState } from '../model/actions';
import { shortcutText } from './Toolbar';

/** The menu's groups, by action id. */
const GROUPS: ReadonlyArray<readonly string[]> = [
  ['undo', 'redo'],
  ['copy', 'paste', 'duplicate', 'delete'],
  ['group', 'ungroup'],
  ['bringToFront', 'bringForward', 'sendBackward', 'sendToBack'],
  ['rotateClockwise', 'rotateCounterclockwise'],
];

interface CanvasMenuProps {
  editor: EditorState;
  perform(action: Action): void;
  children: ReactNode;
}

/** The canvas's context menu. Its child must be a DOM element: the dropdown hands it the right-click handler. */
export function CanvasMenu({ editor, perform, children }: CanvasMenuProps) {
  const { t } = useTranslation();
  // Built again only when the (calm) editor changes, not on every frame of a drag over the canvas it wraps.
  const items: MenuProps['items'] = useMemo(() => GROUPS.flatMap((group, index) => {
    const entries = group.flatMap((id) => {
      const action = ACTIONS.find((a) => a.id === id);
      if (!action) return [];
      const shortcut = action.shortcuts[0];
      return [
        {
          key: id,
          disabled: !action.enabled(editor),
          label: (
            <span data-testid={`menu-${id}`} style={{ display: 'flex', justifyContent: 'space-between', gap: 24 }}>
              <span>{t(action.labelKey)}</span>
              {shortcut && <span style={{ opacity: 0.5 }}>{shortcutText(shortcut)}</span>}
            </span>
          ),
        },
      ];
    });
    return index > 0 ? [{ type: 'divider' as const }, ...entries] : entries;
  }), [editor, t]);
  return (
    <Dropdown
      trigger={['contextMenu']}
      menu={{
        items,
        onClick: ({ key }) => {
          const action = ACTIONS.find((a) => a.id === key);
          if (action) perform(action);
        },
      }}
    >
      {children}
    </Dropdown>
  );
}
