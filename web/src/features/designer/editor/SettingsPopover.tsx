/**
 * The designer's local settings that are not on the toolbar (spec section 3): rulers, autosave and its interval
 * (1 to 60 minutes). Kept per user in this browser (localSettings.ts).
 */
import { Button, Flex, InputNumber, Popover, Switch, Typography } from 'antd';
import { SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { DesignerSettings } from './localSettings';

interface SettingsPopoverProps {
  settings: DesignerSettings;
  onChange(patch: Partial<DesignerSettings>): void;
}

export function SettingsPopover({ settings, onChange }: SettingsPopoverProps) {
  const { t } = useTranslation();
  const content = (
    <Flex vertical gap={10} style={{ width: 240 }} data-testid="designer-settings">
      <Flex justify="space-between" align="center">
        <label htmlFor="designer-ruler">{t('designer.settings.ruler')}</label>
        <Switch id="designer-ruler" size="small" checked={settings.ruler} onChange={(ruler) => onChange({ ruler })} />
      </Flex>
      <Flex justify="space-between" align="center">
        <label htmlFor="designer-autosave">{t('designer.settings.autoSave')}</label>
        <Switch id="designer-autosave" size="small" checked={settings.autoSave} onChange={(autoSave) => onChange({ autoSave })} />
      </Flex>
      <Flex justify="space-between" align="center">
        <label htmlFor="designer-save-interval">{t('designer.settings.saveInterval')}</label>
        <InputNumber
          id="designer-save-interval"
          size="small"
          min={1}
          max={60}
          precision={0}
          style={{ width: 96 }}
          suffix={t('designer.settings.minutes')}
          disabled={!settings.autoSave}
          value={settings.saveInterval}
          onChange={(minutes) => typeof minutes === 'number' && minutes >= 1 && minutes <= 60 && onChange({ saveInterval: minutes })}
        />
      </Flex>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('designer.settings.hint')}
      </Typography.Text>
    </Flex>
  );
  return (
    <Popover content={content} trigger="click" placement="bottomRight" title={t('designer.settings.title')}>
      <Button size="small" icon={<SettingOutlined />} aria-label={t('designer.settings.title')} data-testid="designer-settings-button" />
    </Popover>
  );
}
