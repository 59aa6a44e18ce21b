/**
 * A colour field with the spec's picker rules (model/colours.ts): the 50 presets and the recent colours
 * ('最近使用' / 'recently used', kept under colorsArr) as the picker's swatches; a confirmed colour enters the
 * history. The value is written as #RRGGBB, or #RRGGBBAA when not opaque.
 */
import { useState } from 'react';
import { ColorPicker } from 'antd';
import { useTranslation } from 'react-i18next';
import { PRESET_COLOURS, readRecent, withRecent, writeRecent } from '../model/colours';

interface ColourFieldProps {
  value: string;
  onChange(colour: string): void;
  disabled?: boolean;
  testId: string;
  /** Only the swatch, without the hex text (rows with little room). */
  compact?: boolean;
}

export function ColourField({ value, onChange, disabled, testId, compact }: ColourFieldProps) {
  const { t } = useTranslation();
  const [recent, setRecent] = useState(readRecent);
  return (
    <ColorPicker
      data-testid={testId}
      size="small"
      showText={!compact}
      disabled={disabled}
      value={value || undefined}
      presets={[
        { label: t('designer.colour.presets'), colors: [...PRESET_COLOURS] },
        { label: t('designer.colour.recent'), colors: recent, defaultOpen: true },
      ]}
      onChangeComplete={(colour) => {
        const hex = colour.toHexString().toUpperCase();
        const next = withRecent(recent, hex);
        setRecent(next);
        writeRecent(next);
        onChange(hex);
      }}
    />
  );
}
