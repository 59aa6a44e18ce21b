/**
 * "Notification settings" of the message centre (docs/messages.md, "Beyond the browser"): how a new message is
 * announced in the browser (prompt types: sound, scrolling title, pop-up), the user's channels beyond it (e-mail,
 * WeCom, DingTalk, Feishu robots, plain JSON webhooks; which alarm levels each takes; a test per saved channel),
 * the organisation's SMTP server for administrators, and the delivery log.
 *
 * Prompt types and channels are one draft, saved whole by "Save" (the server takes all of it or none). A refusal
 * naming a channel's field opens that channel's form with the message on the field; one naming the prompt types
 * shows under them. The drawer is as wide as the screen on phones.
 */
import { useState } from 'react';
import { Alert, Button, Checkbox, Divider, Drawer, Empty, Flex, Skeleton, Space, Switch, Tag, Typography, message as antdMessage } from 'antd';
import { useTranslation } from 'react-i18next';
import type { NotifySettings } from '@/generated/answers';
import { showError } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import { refusedField, refusedListEntry } from '@/lib/api/fieldErrors';
import { Limits } from '@/lib/api/limits';
import { isAdmin } from '@/lib/access';
import { useCardLayout } from '@/lib/layout';
import { useUser } from '@/lib/session';
import { TabError } from '@/components/LoadState';
import { PROMPT_TYPES, useNotifySettings, useSaveNotifySettings, useSendTest } from '../api/notify';
import { CHANNEL_FIELDS, ChannelFormModal, type ChannelField, type ChannelRow } from './ChannelFormModal';
import { DeliveryLog } from './DeliveryLog';
import { SmtpSection } from './SmtpSection';

export function NotifySettingsDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const user = useUser();
  const settings = useNotifySettings(open);
  // Bumped after a save has been read back, so the draft starts again from what the server keeps (new ids).
  const [generation, setGeneration] = useState(0);

  return (
    <Drawer
      open={open}
      onClose={onClose}
      title={t('messages.notify.title')}
      width={cards ? '100%' : 760}
      destroyOnHidden
      data-testid="notify-drawer"
    >
      {settings.isError ? (
        <TabError title={t('messages.notify.loadFailed')} error={settings.error} />
      ) : settings.data ? (
        <>
          <SettingsDraft
            key={generation}
            settings={settings.data}
            onSaved={() => void settings.refetch().then(() => setGeneration((g) => g + 1))}
          />
          {isAdmin(user) && (
            <>
              <Divider />
              <SmtpSection />
            </>
          )}
          <Divider />
          <DeliveryLog />
        </>
      ) : (
        <Skeleton active paragraph={{ rows: 8 }} />
      )}
    </Drawer>
  );
}

function rowsOf(settings: NotifySettings): ChannelRow[] {
  return settings.channels.map((c) => ({
    key: c.id,
    id: c.id,
    kind: c.kind,
    name: c.name,
    target: c.target,
    levels: c.levels,
    enabled: c.enabled,
    hasSecret: c.hasSecret,
  }));
}

function SettingsDraft({ settings, onSaved }: { settings: NotifySettings; onSaved: () => void }) {
  const { t } = useTranslation();
  const [prompType, setPrompType] = useState<string[]>(settings.prompType);
  const [rows, setRows] = useState<ChannelRow[]>(() => rowsOf(settings));
  const [editing, setEditing] = useState<{ row: ChannelRow; refusal?: { field: ChannelField; message: string } } | null>(null);
  const [errors, setErrors] = useState<{ prompt?: string; list?: string; rows: Map<number, string> }>({ rows: new Map() });
  const [nextKey, setNextKey] = useState(-1);
  const save = useSaveNotifySettings();
  const test = useSendTest();
  const [toast, toastHolder] = antdMessage.useMessage();

  const change = (next: ChannelRow[]) => {
    setRows(next);
    setErrors({ rows: new Map() });
  };

  const refused = (error: ApiError) => {
    const field = refusedField(error);
    const entry = refusedListEntry(error, 'channels');
    if (field === 'prompType') setErrors({ prompt: error.message, rows: new Map() });
    else if (entry && rows[entry.index]) {
      const row = rows[entry.index] as ChannelRow;
      setErrors({ rows: new Map([[row.key, error.message]]) });
      const onForm = CHANNEL_FIELDS.find((f) => f === entry.field);
      if (onForm) setEditing({ row, refusal: { field: onForm, message: error.message } });
    } else if (field === 'channels') setErrors({ list: error.message, rows: new Map() });
    else showError(error);
  };

  const submit = () =>
    save.mutate(
      { prompType, channels: rows },
      {
        onSuccess: () => {
          void toast.success(t('messages.notify.savedDone'));
          onSaved();
        },
        onError: refused,
      },
    );

  const add = () => {
    setEditing({ row: { key: nextKey, kind: 'email', name: '', target: '', levels: [1, 2, 3], enabled: true, hasSecret: false } });
    setNextKey((k) => k - 1);
  };

  const done = (row: ChannelRow) => {
    const at = rows.findIndex((r) => r.key === row.key);
    change(at < 0 ? [...rows, row] : rows.map((r) => (r.key === row.key ? row : r)));
    setEditing(null);
  };

  return (
    <section>
      {toastHolder}
      <Typography.Title level={5}>{t('messages.notify.promptHeading')}</Typography.Title>
      <Checkbox.Group
        value={prompType}
        onChange={(value) => {
          setPrompType(value);
          setErrors({ rows: errors.rows });
        }}
        options={PROMPT_TYPES.map((p) => ({ value: p, label: t(`messages.notify.prompt.${p}`), id: `notify-prompt-${p}` }))}
      />
      {errors.prompt && (
        <Typography.Paragraph type="danger" data-testid="notify-prompt-error">
          {errors.prompt}
        </Typography.Paragraph>
      )}

      <Flex justify="space-between" align="center" style={{ marginTop: 20 }}>
        <Typography.Title level={5} style={{ margin: 0 }}>
          {t('messages.notify.channels')}
        </Typography.Title>
        <Button id="notify-channel-add" onClick={add} disabled={rows.length >= Limits.NotifyChannels}>
          {t('messages.notify.channel.add')}
        </Button>
      </Flex>
      <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>
        {t('messages.notify.channelsHint', { max: Limits.NotifyChannels })}
      </Typography.Paragraph>
      {!settings.smtpReady && rows.some((r) => r.kind === 'email') && (
        <Alert type="warning" showIcon message={t('messages.notify.smtpMissing')} style={{ marginBottom: 8 }} />
      )}
      {errors.list && <Alert type="error" showIcon message={errors.list} style={{ marginBottom: 8 }} />}
      {rows.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('messages.notify.noChannels')} />
      ) : (
        <Flex vertical gap={8} data-testid="notify-channels">
          {rows.map((row) => (
            <Flex
              key={row.key}
              vertical
              gap={6}
              data-testid="notify-channel"
              data-row-key={row.key}
              style={{ border: `1px solid ${errors.rows.has(row.key) ? '#ff4d4f' : '#f0f0f0'}`, borderRadius: 8, padding: '10px 12px' }}
            >
              <Flex gap={8} wrap align="center">
                <Typography.Text strong>{row.name}</Typography.Text>
                <Tag>{t(`messages.notify.kind.${row.kind}`)}</Tag>
                {row.levels.map((level) => (
                  <Tag key={level} color={level === 1 ? 'red' : level === 2 ? 'orange' : 'blue'}>
                    {t('messages.notify.level', { level })}
                  </Tag>
                ))}
              </Flex>
              <Typography.Text type="secondary" style={{ wordBreak: 'break-all' }}>
                {row.target}
              </Typography.Text>
              {errors.rows.get(row.key) && <Typography.Text type="danger">{errors.rows.get(row.key)}</Typography.Text>}
              <Flex gap={8} wrap align="center">
                <Switch
                  size="small"
                  checked={row.enabled}
                  aria-label={t('messages.notify.channel.enabled')}
                  onChange={(enabled) => change(rows.map((r) => (r.key === row.key ? { ...r, enabled } : r)))}
                />
                <Typography.Text>{row.enabled ? t('messages.notify.on') : t('messages.notify.off')}</Typography.Text>
                <Space wrap style={{ marginLeft: 'auto' }}>
                  <Button size="small" onClick={() => setEditing({ row })}>
                    {t('messages.notify.channel.edit')}
                  </Button>
                  <Button
                    size="small"
                    data-testid="notify-channel-test"
                    disabled={row.id === undefined}
                    title={row.id === undefined ? t('messages.notify.saveFirst') : undefined}
                    loading={test.isPending && test.variables === row.id}
                    onClick={() =>
                      row.id !== undefined && test.mutate(row.id, { onSuccess: () => void toast.success(t('messages.notify.testQueued')) })
                    }
                  >
                    {t('messages.notify.channel.test')}
                  </Button>
                  <Button size="small" danger onClick={() => change(rows.filter((r) => r.key !== row.key))}>
                    {t('messages.notify.channel.remove')}
                  </Button>
                </Space>
              </Flex>
            </Flex>
          ))}
        </Flex>
      )}
      <Flex gap={8} style={{ marginTop: 16 }}>
        <Button id="notify-save" type="primary" loading={save.isPending} onClick={submit}>
          {t('messages.notify.save')}
        </Button>
      </Flex>
      <ChannelFormModal
        row={editing?.row ?? null}
        refusal={editing?.refusal}
        onDone={done}
        onCancel={() => setEditing(null)}
      />
    </section>
  );
}
