/**
 * A choice among a few options (the list's sort), drawn like antd's Select (box, value, arrow, hover and focus
 * colours, the chosen option in bold) but opening antd's Dropdown menu, which the cards load anyway. antd's
 * Select weighs about 24 KB compressed (with its virtual list), and the monitor list is the first screen after
 * login (issue 4: under 300 KB of compressed JavaScript).
 */
import { useState, type CSSProperties, type ReactNode } from 'react';
import { theme } from 'antd';
// The menu alone: antd's Dropdown index also brings Dropdown.Button.
import Dropdown from 'antd/es/dropdown/dropdown';
import { DownOutlined } from '@ant-design/icons';

export interface SortOption<T extends string> {
  value: T;
  label: ReactNode;
}

interface SortSelectProps<T extends string> {
  value: T;
  options: readonly SortOption<T>[];
  onChange: (value: T) => void;
  ariaLabel: string;
  width: number;
  testId?: string;
}

export function SortSelect<T extends string>({ value, options, onChange, ariaLabel, width, testId }: SortSelectProps<T>) {
  const { token } = theme.useToken();
  const [open, setOpen] = useState(false);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const active = open || focused;
  const current = options.find((option) => option.value === value);
  const box: CSSProperties = {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    width,
    height: token.controlHeight,
    padding: `0 ${token.paddingSM - token.lineWidth}px`,
    border: `${token.lineWidth}px ${token.lineType} ${active ? token.colorPrimary : hovered ? token.colorPrimaryHover : token.colorBorder}`,
    borderRadius: token.borderRadius,
    boxShadow: active ? `0 0 0 ${token.controlOutlineWidth}px ${token.controlOutline}` : undefined,
    background: token.colorBgContainer,
    color: token.colorText,
    font: 'inherit',
    fontSize: token.fontSize,
    lineHeight: token.lineHeight,
    cursor: 'pointer',
    outline: 'none',
    transition: `all ${token.motionDurationMid}`,
  };
  return (
    <Dropdown
      trigger={['click']}
      open={open}
      onOpenChange={setOpen}
      menu={{
        selectable: true,
        selectedKeys: [value],
        items: options.map((option) => ({
          key: option.value,
          label: (
            <span style={{ color: token.colorText, fontWeight: option.value === value ? token.fontWeightStrong : undefined }}>
              {option.label}
            </span>
          ),
        })),
        onClick: ({ key }) => {
          setOpen(false);
          if (key !== value) onChange(key as T);
        },
      }}
    >
      <button
        type="button"
        aria-label={ariaLabel}
        aria-haspopup="menu"
        aria-expanded={open}
        data-testid={testId}
        style={box}
        onMouseEnter={() => setHovered(true)}
        onMouseLeave={() => setHovered(false)}
        onFocus={() => setFocused(true)}
        onBlur={() => setFocused(false)}
      >
        <span
          style={{
            flex: 1,
            minWidth: 0,
            overflow: 'hidden',
            textOverflow: 'ellipsis',
            whiteSpace: 'nowrap',
            textAlign: 'start',
            // As antd's Select: room for the arrow, and the value fades while the options are open.
            paddingInlineEnd: 18,
            color: open ? token.colorTextPlaceholder : undefined,
          }}
        >
          {current?.label}
        </span>
        <span
          aria-hidden
          style={{
            position: 'absolute',
            top: '50%',
            // antd places the arrow 11 px from the outer edge; this box is measured inside the border.
            insetInlineEnd: token.paddingSM - 2 * token.lineWidth,
            height: token.fontSizeIcon,
            marginTop: -token.fontSizeIcon / 2,
            display: 'flex',
            alignItems: 'center',
            lineHeight: 1,
            fontSize: token.fontSizeIcon,
            color: token.colorTextQuaternary,
          }}
        >
          <DownOutlined />
        </span>
      </button>
    </Dropdown>
  );
}
