/**
 * One notification channel's small form: kind, name, target (an e-mail address or the robot's webhook URL), the
 * signing secret of a DingTalk or Feishu robot (write-only: a stored one shows as "saved", an empty field keeps it),
 * the alarm levels and the switch. OK puts the channel into the drawer's list; the drawer's Save sends the list.
 * A refusal the server gave for this channel arrives as `refusal` and is shown on the field it names.
 */
import { useEffect } from 'react';
import { Checkbox, Form, Input, Modal, Select, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { Limits } from '@/lib/api/limits';
import { useCardLayout } from '@/lib/layout';
import { CHANNEL_KINDS, LEVELS, SIGNING_KINDS, type ChannelDraft, type ChannelKind } from '../api/notify';

/** A channel in the drawer's list: a draft, and whether the server has a secret for it. */
export interface ChannelRow extends ChannelDraft {
  /** Stable within the drawer (saved channels: their id; new ones: a negative number). */
  key: number;
  hasSecret: boolean;
}

interface Values {
  kind: ChannelKind;
  name: string;
  target: string;
  secret?: string;
  levels: number[];
  enabled: boolean;
}

export const CHANNEL_FIELDS = ['kind', 'name', 'target', 'secret', 'levels', 'enabled'] as const;
export type ChannelField = (typeof CHANNEL_FIELDS)[number];

export function ChannelFormModal({
  row,
  refusal,
  onDone,
  onCancel,
}: {
  /** The channel to edit, or a new one's defaults; null: closed. */
  row: ChannelRow | null;
  /** The server's refusal of this channel, on a field of the form. */
  refusal?: { field: ChannelField; message: string } | undefined;
  onDone: (row: ChannelRow) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const cards = useCardLayout();
  const kind = Form.useWatch('kind', form);

  useEffect(() => {
    if (!row) return;
    form.resetFields();
    form.setFieldsValue({ kind: row.kind, name: row.name, target: row.target, secret: '', levels: row.levels, enabled: row.enabled });
    if (refusal) form.setFields([{ name: refusal.field, errors: [refusal.message] }]);
  }, [row, refusal, form]);

  const submit = (values: Values) => {
    if (!row) return;
    const signing = SIGNING_KINDS.includes(values.kind);
    // A secret typed now, or one typed earlier in this drawer and not saved yet; none for a kind that does not sign.
    const secret = signing ? values.secret?.trim() || row.secret : undefined;
    const next: ChannelRow = {
      key: row.key,
      kind: values.kind,
      name: values.name.trim(),
      target: values.target.trim(),
      levels: [...values.levels].sort(),
      enabled: values.enabled,
      hasSecret: signing && (row.hasSecret || Boolean(secret)),
    };
    if (row.id !== undefined) next.id = row.id;
    if (secret) next.secret = secret;
    onDone(next);
  };

  const isEmail = kind === 'email';
  return (
    <Modal
      open={row !== null}
      title={row?.id !== undefined ? t('messages.notify.channel.editTitle') : t('messages.notify.channel.addTitle')}
      okText={t('messages.notify.ok')}
      cancelText={t('messages.notify.cancel')}
      onOk={() => form.submit()}
      onCancel={onCancel}
      okButtonProps={{ id: 'notify-channel-ok' }}
      width={cards ? '100%' : 520}
      forceRender
      destroyOnHidden={false}
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="kind" label={t('messages.notify.channel.kind')} htmlFor="notify-channel-kind" rules={[{ required: true }]}>
          <Select<ChannelKind>
            id="notify-channel-kind"
            options={CHANNEL_KINDS.map((k) => ({ value: k, label: t(`messages.notify.kind.${k}`) }))}
          />
        </Form.Item>
        <Form.Item
          name="name"
          label={t('messages.notify.channel.name')}
          htmlFor="notify-channel-name"
          rules={[{ required: true, whitespace: true, message: t('messages.notify.required') }]}
        >
          <Input id="notify-channel-name" maxLength={Limits.NotifyChannelNameChars} autoComplete="off" />
        </Form.Item>
        <Form.Item
          name="target"
          label={isEmail ? t('messages.notify.channel.email') : t('messages.notify.channel.url')}
          htmlFor="notify-channel-target"
          extra={isEmail ? undefined : t('messages.notify.channel.urlHint')}
          rules={[{ required: true, whitespace: true, message: t('messages.notify.required') }]}
        >
          <Input
            id="notify-channel-target"
            maxLength={isEmail ? Limits.EmailChars : Limits.NotifyUrlChars}
            autoComplete="off"
            inputMode={isEmail ? 'email' : 'url'}
          />
        </Form.Item>
        {kind && SIGNING_KINDS.includes(kind) && (
          <Form.Item
            name="secret"
            label={t('messages.notify.channel.secret')}
            htmlFor="notify-channel-secret"
            extra={t('messages.notify.channel.secretHint')}
          >
            <Input.Password
              id="notify-channel-secret"
              maxLength={Limits.NotifySecretChars}
              autoComplete="new-password"
              placeholder={row?.hasSecret ? t('messages.notify.saved') : ''}
            />
          </Form.Item>
        )}
        <Form.Item
          name="levels"
          label={t('messages.notify.channel.levels')}
          rules={[{ required: true, type: 'array', min: 1, message: t('messages.notify.levelsRequired') }]}
        >
          <Checkbox.Group
            options={LEVELS.map((level) => ({ value: level, label: t('messages.notify.level', { level }), id: `notify-channel-level-${level}` }))}
          />
        </Form.Item>
        <Form.Item name="enabled" label={t('messages.notify.channel.enabled')} valuePropName="checked">
          <Switch id="notify-channel-enabled" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
