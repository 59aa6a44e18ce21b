/**
 * The designer's toolbar: buttons for the registry's actions (model/actions.ts), each named, enabled and performed
 * by its registry entry; only the icon is the toolbar's own. Then the view toggles, zoom and save.
 *
 * A button redraws only when its action turns on or off: the editor changes every frame of a drag, the buttons
 * (each with its tooltip) mostly do not.
 */
import { memo, type ReactNode } from 'react';
import { Button, Divider, Flex, Tooltip } from 'antd';
import {
  BlockOutlined,
  BorderBottomOutlined,
  BorderHorizontalOutlined,
  BorderLeftOutlined,
  BorderRightOutlined,
  BorderTopOutlined,
  BorderVerticleOutlined,
  ColumnHeightOutlined,
  ColumnWidthOutlined,
  CopyOutlined,
  DeleteOutlined,
  DownOutlined,
  GroupOutlined,
  RedoOutlined,
  RotateLeftOutlined,
  RotateRightOutlined,
  SnippetsOutlined,
  UndoOutlined,
  UngroupOutlined,
  UpOutlined,
  VerticalAlignBottomOutlined,
  VerticalAlignTopOutlined,
} from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { ACTIONS, type Action, type EditorState, type Shortcut } from '../model/actions';

/** The toolbar's groups of actions, by id, with their icons (a text mark where no icon says it). */
const GROUPS: ReadonlyArray<ReadonlyArray<readonly [string, ReactNode]>> = [
  [
    ['undo', <UndoOutlined />],
    ['redo', <RedoOutlined />],
  ],
  [
    ['copy', <CopyOutlined />],
    ['paste', <SnippetsOutlined />],
    ['duplicate', <BlockOutlined />],
    ['delete', <DeleteOutlined />],
  ],
  [
    ['group', <GroupOutlined />],
    ['ungroup', <UngroupOutlined />],
  ],
  [
    ['alignLeft', <BorderLeftOutlined />],
    ['alignCenterX', <BorderVerticleOutlined />],
    ['alignRight', <BorderRightOutlined />],
    ['alignTop', <BorderTopOutlined />],
    ['alignCenterY', <BorderHorizontalOutlined />],
    ['alignBottom', <BorderBottomOutlined />],
  ],
  [
    ['distributeHorizontal', <ColumnWidthOutlined />],
    ['distributeVertical', <ColumnHeightOutlined />],
    ['sameWidth', 'W='],
    ['sameHeight', 'H='],
  ],
  [
    ['bringToFront', <VerticalAlignTopOutlined />],
    ['bringForward', <UpOutlined />],
    ['sendBackward', <DownOutlined />],
    ['sendToBack', <VerticalAlignBottomOutlined />],
  ],
  [
    ['rotateCounterclockwise', <RotateLeftOutlined />],
    ['rotateClockwise', <RotateRightOutlined />],
  ],
];

function actionOf(id: string): Action {
  const action = ACTIONS.find((a) => a.id === id);
  if (!action) throw new Error(`no designer action ${id}`);
  return action;
}

/** `Ctrl+Shift+Z` for a shortcut. */
export function shortcutText(shortcut: Shortcut): string {
  const key = shortcut.key.length === 1 ? shortcut.key.toUpperCase() : shortcut.key;
  return [shortcut.mod ? 'Ctrl' : '', shortcut.shift ? 'Shift' : '', key].filter(Boolean).join('+');
}

interface ToolbarProps {
  editor: EditorState;
  perform(action: Action): void;
  /** What follows the actions: view toggles, zoom, save. */
  children?: ReactNode;
}

export function Toolbar({ editor, perform, children }: ToolbarProps) {
  const { t } = useTranslation();
  return (
    <Flex align="center" wrap gap={2} data-testid="designer-toolbar" role="toolbar" aria-label={t('designer.toolbar')}>
      {GROUPS.map((group, index) => (
        <Flex key={index} align="center" gap={2}>
          {index > 0 && <Divider type="vertical" />}
          {group.map(([id, icon]) => {
            const action = actionOf(id);
            return <ActionButton key={id} action={action} icon={icon} enabled={action.enabled(editor)} perform={perform} />;
          })}
        </Flex>
      ))}
      {children}
    </Flex>
  );
}

interface ActionButtonProps {
  action: Action;
  icon: ReactNode;
  enabled: boolean;
  perform(action: Action): void;
}

const ActionButton = memo(function ActionButton({ action, icon, enabled, perform }: ActionButtonProps) {
  const { t } = useTranslation();
  const name = t(action.labelKey);
  const shortcut = action.shortcuts[0];
  return (
    <Tooltip title={shortcut ? `${name} (${shortcutText(shortcut)})` : name}>
      <Button
        type="text"
        size="small"
        aria-label={name}
        data-testid={`action-${action.id}`}
        icon={typeof icon === 'string' ? undefined : icon}
        disabled={!enabled}
        onClick={() => perform(action)}
      >
        {typeof icon === 'string' ? icon : null}
      </Button>
    </Tooltip>
  );
});
