/**
 * The page's settings, shown while nothing is selected: canvas width and height, fit, background colour and
 * picture (model/pageSettings.ts; the picture typed, or picked from the image library). Typed values commit on
 * Enter or when left.
 */
import type { ReactNode } from 'react';
import { Divider, Flex, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { EditorState } from '../model/actions';
import { ColourField } from './ColourField';
import { NumberField } from './NumberField';
import { PictureField } from './PictureField';
import { PICTURE_MAX } from '../model/fields/base';
import { CANVAS_MAX, CANVAS_MIN, FIT_MODES } from '@/runtime/document';
import { withCon, type ConPatch } from '../model/pageSettings';

export function PagePanel({ editor, onChange }: { editor: EditorState; onChange(next: EditorState): void }) {
  const { t } = useTranslation();
  const con = editor.history.present.con;
  const set = (patch: ConPatch) => onChange(withCon(editor, patch));
  const row = (id: string, input: ReactNode) => (
    <Flex align="center" gap={8}>
      <label htmlFor={`page-${id}`} style={{ width: 72, flex: 'none' }}>
        {t(`designer.page.${id}`)}
      </label>
      {input}
    </Flex>
  );
  const size = (side: 'width' | 'height') => (
    <NumberField
      id={`page-${side}`}
      data-testid={`page-${side}`}
      size="small"
      min={CANVAS_MIN}
      max={CANVAS_MAX}
      value={con[side]}
      onCommit={(value) => set({ [side]: Math.round(value) })}
    />
  );
  return (
    <Flex vertical gap={8} data-testid="page-panel">
      <Divider orientation="left" plain style={{ margin: '8px 0' }}>
        {t('designer.page.title')}
      </Divider>
      {row('width', size('width'))}
      {row('height', size('height'))}
      {row(
        'fit',
        <Select
          id="page-fit"
          data-testid="page-fit"
          size="small"
          style={{ flex: 1 }}
          value={con.fit}
          options={FIT_MODES.map((fit) => ({ value: fit, label: t(`designer.page.fits.${fit}`) }))}
          onChange={(fit) => set({ fit })}
        />,
      )}
      {row(
        'bgColor',
        <ColourField testId="page-bgColor" value={con.bgColor} onChange={(bgColor) => set({ bgColor })} />,
      )}
      {row(
        'bgImage',
        <PictureField id="page-bgImage" value={con.bgImage} max={PICTURE_MAX} onCommit={(bgImage) => set({ bgImage: bgImage.trim() })} />,
      )}
    </Flex>
  );
}
