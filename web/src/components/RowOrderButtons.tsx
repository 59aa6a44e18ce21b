/**
 * A list row's "move up", "move down" and "remove" buttons (an editor's ordered rows: a report's columns, a chart's
 * signals). The first row does not move up, the last not down; `removable` false keeps the last row a list must keep;
 * `disabled` turns all three off (a read-only editor).
 */
import type { CSSProperties } from 'react';
import { Button, Flex } from 'antd';
import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined } from '@ant-design/icons';

export type RowAction = 'up' | 'down' | 'remove';

export interface RowOrderButtonsProps {
  index: number;
  count: number;
  onMove(from: number, to: number): void;
  onRemove(): void;
  /** Whether the row may go (false: the list's only row). */
  removable: boolean;
  /** Each button's accessible name. */
  labels: Record<RowAction, string>;
  /** Each button's test id, where it has one. */
  testId?: (action: RowAction) => string | undefined;
  disabled?: boolean;
  size?: 'small' | 'middle';
  style?: CSSProperties;
}

export function RowOrderButtons({ index, count, onMove, onRemove, removable, labels, testId, disabled = false, size, style }: RowOrderButtonsProps) {
  return (
    <Flex gap={2} style={style}>
      <Button
        type="text"
        size={size}
        icon={<ArrowUpOutlined />}
        disabled={disabled || index === 0}
        onClick={() => onMove(index, index - 1)}
        aria-label={labels.up}
        data-testid={testId?.('up')}
      />
      <Button
        type="text"
        size={size}
        icon={<ArrowDownOutlined />}
        disabled={disabled || index === count - 1}
        onClick={() => onMove(index, index + 1)}
        aria-label={labels.down}
        data-testid={testId?.('down')}
      />
      <Button
        type="text"
        danger
        size={size}
        icon={<DeleteOutlined />}
        disabled={disabled || !removable}
        onClick={onRemove}
        aria-label={labels.remove}
        data-testid={testId?.('remove')}
      />
    </Flex>
  );
}
