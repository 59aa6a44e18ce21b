/**
 * /account/config: the user's console settings (docs/account.md). Each takes effect where it is honoured:
 * - alarm prompt types (sound, window title, pop-up): the account's `prompType`, which the message notifier reads
 *   (saved with the notification channels, api/promptTypes.ts);
 * - how the monitor's equipment list opens (the list, or by group): the settings document's `equipDisplay`
 *   (entities/account/userConfig.ts), read by the list;
 * - the console's language: this browser's choice (`localStorage` `langs`), as the header's switch;
 * - times: always shown in UTC+8 (spec section 9), so two operators in different places read the same clock;
 *   said here, not chosen.
 */
import { useEffect, useState } from 'react';
import { Button, Card, Checkbox, Flex, Form, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showError } from '@/lib/api/client';
import { changeLanguage } from '@/lib/i18n';
import { LANGUAGES, type Language } from '@/lib/i18n/language';
import { useUser } from '@/lib/session';
import { EQUIP_DISPLAYS, equipDisplayOf, useSaveUserConfig, useUserConfig, type EquipDisplay } from '@/entities/account/userConfig';
import { PROMPT_TYPES, useSavePromptTypes } from '../api/promptTypes';

interface Values {
  prompType: string[];
  equipDisplay: EquipDisplay;
  language: Language;
}

export default function AccountConfigPage() {
  const { t, i18n } = useTranslation();
  const user = useUser();
  const config = useUserConfig();
  const savePrompts = useSavePromptTypes();
  const saveConfig = useSaveUserConfig();
  const [form] = Form.useForm<Values>();
  const [saved, setSaved] = useState(false);
  const loaded = !config.isPending;

  useEffect(() => {
    if (!loaded) return;
    form.setFieldsValue({
      prompType: PROMPT_TYPES.filter((type) => (user?.prompType ?? []).includes(type)),
      equipDisplay: equipDisplayOf(config.data),
      language: i18n.language as Language,
    });
  }, [form, loaded, user, config.data, i18n.language]);

  const submit = async (values: Values) => {
    setSaved(false);
    try {
      await savePrompts.mutateAsync(PROMPT_TYPES.filter((type) => values.prompType.includes(type)));
      await saveConfig.mutateAsync({ equipDisplay: values.equipDisplay });
      if (values.language !== i18n.language) await changeLanguage(values.language);
      setSaved(true);
    } catch (error) {
      showError(error as Parameters<typeof showError>[0]);
    }
  };
  const saving = savePrompts.isPending || saveConfig.isPending;

  return (
    <Flex vertical gap={16} data-testid="account-config-page" style={{ maxWidth: 640 }}>
      <h4 style={{ margin: 0, fontSize: 20, fontWeight: 600 }}>{t('route.account.config')}</h4>
      <Card loading={!loaded}>
        <Form<Values> form={form} layout="vertical" onFinish={(values) => void submit(values)} disabled={saving}>
          <Form.Item name="prompType" label={t('profile.config.prompType')} extra={t('profile.config.prompTypeHint')}>
            <Checkbox.Group
              data-testid="account-prompt-types"
              options={PROMPT_TYPES.map((type) => ({ value: type, label: t(`profile.config.prompt.${type}`) }))}
            />
          </Form.Item>
          <Form.Item name="equipDisplay" label={t('profile.config.equipDisplay')}>
            <Radio.Group
              id="account-equip-display"
              options={EQUIP_DISPLAYS.map((display) => ({ value: display, label: t(`profile.config.display.${display}`) }))}
            />
          </Form.Item>
          <Form.Item name="language" label={t('profile.config.language')}>
            <Radio.Group
              id="account-language"
              options={LANGUAGES.map((language) => ({ value: language, label: t(`language.names.${language}`) }))}
            />
          </Form.Item>
          <Form.Item label={t('profile.config.timeZone')}>
            <Typography.Text data-testid="account-time-zone">{t('profile.config.timeZoneFixed')}</Typography.Text>
          </Form.Item>
          <Flex gap={12} align="center">
            <Button type="primary" htmlType="submit" id="account-config-save" loading={saving}>
              {t('profile.save')}
            </Button>
            {saved && (
              <Typography.Text type="success" data-testid="account-config-saved">
                {t('profile.saved')}
              </Typography.Text>
            )}
          </Flex>
        </Form>
      </Card>
    </Flex>
  );
}
