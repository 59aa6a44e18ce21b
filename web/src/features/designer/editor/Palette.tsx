/**
 * The palette: the select tool, then every widget type of the generated list (src/generated/widgetTypes.json) in
 * the spec's three groups, each with its icon (paletteIcons.tsx) and named as the viewer names them. Choosing a type arms the draw tool; the next drag on
 * the canvas draws one. A type can also be dragged onto the canvas: it is dropped there at its default size
 * (model/drop.ts, DesignerCanvas's drop).
 */
import { memo } from 'react';
import { Button, Flex, Typography } from 'antd';
import { SelectOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import widgetTypes from '@/generated/widgetTypes.json';
import { labelKeyOf } from '@/runtime/labels';
import { drawnDataOf } from '../model/drawnData';
import type { Tool } from '../model/tools';
import { PALETTE_ICONS } from './paletteIcons';

const FAMILIES = ['shape', 'usual', 'complex'] as const;

/** The drag's data type: a widget type dragged from the palette onto the canvas. */
export const PALETTE_DRAG_TYPE = 'application/x-ironsight-widget-type';

/** Drawn again only when the tool changes (not on every frame of a drag on the canvas). */
export const Palette = memo(function Palette({ tool, onTool }: { tool: Tool; onTool(tool: Tool): void }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8} data-testid="designer-palette" style={{ padding: 8 }}>
      <Button
        icon={<SelectOutlined />}
        type={tool.kind === 'select' ? 'primary' : 'default'}
        data-testid="tool-select"
        onClick={() => onTool({ kind: 'select' })}
      >
        {t('designer.tool.select')}
      </Button>
      {FAMILIES.map((family) => (
        <section key={family} aria-label={t(`designer.family.${family}`)}>
          <Typography.Text type="secondary" strong style={{ fontSize: 12 }}>
            {t(`designer.family.${family}`)}
          </Typography.Text>
          <Flex wrap gap={4} style={{ marginTop: 4 }}>
            {widgetTypes.types
              .filter((type) => type.family === family)
              .map(({ type }) => {
                const active = tool.kind === 'draw' && tool.widgetType === type;
                return (
                  <Button
                    key={type}
                    size="small"
                    autoInsertSpace={false}
                    icon={PALETTE_ICONS[type]}
                    type={active ? 'primary' : 'default'}
                    aria-pressed={active}
                    data-testid={`palette-${type}`}
                    draggable
                    onDragStart={(event) => {
                      event.dataTransfer.setData(PALETTE_DRAG_TYPE, type);
                      event.dataTransfer.effectAllowed = 'copy';
                    }}
                    onClick={() => {
                      const data = drawnDataOf(type, t);
                      onTool(data ? { kind: 'draw', widgetType: type, data } : { kind: 'draw', widgetType: type });
                    }}
                  >
                    {t(labelKeyOf(type))}
                  </Button>
                );
              })}
          </Flex>
        </section>
      ))}
    </Flex>
  );
});
