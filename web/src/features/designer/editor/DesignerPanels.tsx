/**
 * The designer's panels around the canvas, each memoised: the toolbar with the view controls, the left side
 * (palette, templates, layers) and the right side (properties). They are handed the calm editor (calmEditor.ts)
 * and handlers that stay the same functions, so a frame of a drag draws none of them.
 */
import { memo, useState } from 'react';
import { Button, Flex, Layout, Segmented, Slider, Switch, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Action, EditorState } from '../model/actions';
import type { BindableSignal, EquipmentChoice } from '../model/properties';
import type { Tool } from '../model/tools';
import { LayerList } from './LayerList';
import type { DesignerSettings } from './localSettings';
import { Palette } from './Palette';
import { PropertyPanel, type PageChoice } from './PropertyPanel';
import { SettingsPopover } from './SettingsPopover';
import { TemplatesPanel } from './TemplatesPanel';
import { Toolbar } from './Toolbar';

interface ToolbarBarProps {
  editor: EditorState;
  perform(action: Action): void;
  settings: DesignerSettings;
  changeSettings(change: Partial<DesignerSettings>): void;
  outlines: boolean;
  setOutlines(outlines: boolean): void;
  zoom: number;
  setZoom(zoom: number): void;
  fit(): void;
}

/** The action toolbar, then the view: grid, adsorb, outlines, zoom, settings. */
export const ToolbarBar = memo(function ToolbarBar(props: ToolbarBarProps) {
  const { editor, perform, settings, changeSettings, outlines, setOutlines, zoom, setZoom, fit } = props;
  const { t } = useTranslation();
  return (
    <div style={{ padding: '4px 12px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}>
      <Toolbar editor={editor} perform={perform}>
        <Flex align="center" gap={8} style={{ marginLeft: 'auto' }}>
          <label htmlFor="designer-grid">{t('designer.grid')}</label>
          <Switch id="designer-grid" size="small" checked={settings.grid} onChange={(grid) => changeSettings({ grid })} />
          <label htmlFor="designer-adsorb">{t('designer.adsorb')}</label>
          <Switch id="designer-adsorb" size="small" checked={settings.adsorb} onChange={(adsorb) => changeSettings({ adsorb })} />
          <label htmlFor="designer-outlines">{t('designer.outlines')}</label>
          <Switch id="designer-outlines" size="small" checked={outlines} onChange={setOutlines} />
          <span>{t('designer.zoom')}</span>
          <Slider
            style={{ width: 100 }}
            min={25}
            max={200}
            step={5}
            value={zoom * 100}
            onChange={(value) => setZoom(value / 100)}
            tooltip={{ formatter: (value) => `${value} %` }}
            aria-label={t('designer.zoom')}
          />
          <Typography.Text type="secondary" data-testid="designer-zoom" style={{ width: 44, textAlign: 'right' }}>
            {Math.round(zoom * 100)} %
          </Typography.Text>
          <Button size="small" autoInsertSpace={false} data-testid="zoom-fit" onClick={fit}>
            {t('designer.zoomFit')}
          </Button>
          <Button size="small" data-testid="zoom-actual" onClick={() => setZoom(1)}>
            100 %
          </Button>
          <SettingsPopover settings={settings} onChange={changeSettings} />
        </Flex>
      </Toolbar>
    </div>
  );
});

interface LeftPanelProps {
  editor: EditorState;
  onChange(next: EditorState): void;
  tool: Tool;
  onTool(tool: Tool): void;
  /** Widgets hidden in the editor only. */
  hidden: ReadonlySet<string>;
  onToggleHidden(id: string): void;
  /** Inserts a template where the stage's view starts. */
  onInsertTemplate(id: number): void;
  /** A project's page: the equipment templates bind to (see TemplatesPanel). */
  templateBinding?: { equipment: readonly EquipmentChoice[]; chosen: number; onChoose(equipmentId: number): void } | undefined;
}

type LeftTab = 'palette' | 'templates' | 'layers';

/**
 * The palette, the organisation's templates and the layer list, one at a time under a segmented switch. Not antd's
 * Tabs: those measure their tab strip on mount and on every redraw, and with a page of 1,000 widgets each
 * measurement lays the whole canvas out (about 85 ms of the designer's open). Only the shown part is mounted.
 */
export const LeftPanel = memo(function LeftPanel(props: LeftPanelProps) {
  const { editor, onChange, tool, onTool, hidden, onToggleHidden, onInsertTemplate, templateBinding } = props;
  const { t } = useTranslation();
  const [tab, setTab] = useState<LeftTab>('palette');
  return (
    <Layout.Sider width={220} theme="light" style={{ overflow: 'auto', borderRight: '1px solid #f0f0f0' }}>
      {/* Each option as wide as its name (equal thirds would cut "Templates" in the 220 px panel), centred. */}
      <Segmented<LeftTab>
        size="small"
        value={tab}
        onChange={setTab}
        style={{ display: 'flex', width: 'fit-content', margin: '8px auto' }}
        options={[
          { value: 'palette', label: <span data-testid="tab-palette">{t('designer.layers.palette')}</span> },
          { value: 'templates', label: <span data-testid="tab-templates">{t('designer.templates.tab')}</span> },
          { value: 'layers', label: <span data-testid="tab-layers">{t('designer.layers.title')}</span> },
        ]}
      />
      {tab === 'palette' && <Palette tool={tool} onTool={onTool} />}
      {tab === 'templates' && <TemplatesPanel editor={editor} onInsert={onInsertTemplate} bindTo={templateBinding} />}
      {tab === 'layers' && <LayerList editor={editor} onChange={onChange} hidden={hidden} onToggleHidden={onToggleHidden} />}
    </Layout.Sider>
  );
});

interface RightPanelProps {
  editor: EditorState;
  onChange(next: EditorState): void;
  signals: readonly BindableSignal[];
  equipment?: readonly EquipmentChoice[] | undefined;
  pages: readonly PageChoice[];
}

/** The selection's properties, or the page's settings. */
export const RightPanel = memo(function RightPanel({ editor, onChange, signals, equipment, pages }: RightPanelProps) {
  return (
    <Layout.Sider width={280} theme="light" style={{ padding: 12, borderLeft: '1px solid #f0f0f0' }}>
      <PropertyPanel editor={editor} onChange={onChange} signals={signals} equipment={equipment} pages={pages} />
    </Layout.Sider>
  );
});
