/**
 * /share/:equipId, public, full window: the share link's page (the QR code of the equipment's share settings holds
 * it). A visitor without an account enters the share password; the page then shows that ONE equipment's realtime
 * values with the monitor's own realtime table (RealtimeTab: values, quality, time, alarms, greyed when stale),
 * read every {@link SHARE_POLL_MS}, and its configuration pages with the console's own viewer (SharePagesPane);
 * the equipment's home page first when its display is "configuration page". Under the share's `control`
 * authority the table's write action and the pages' write buttons write through `share/write`; under `view` the
 * table has no write action and the pages' buttons are refused as for a user without the write permission. When
 * the share is turned off or its password or authority changes, the next read answers 1343 and the page asks for
 * the password again, saying why (docs/share.md).
 */
import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input, Segmented, Tag, Typography } from 'antd';
import { LockOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import type { SharedEquipment } from '@/generated/answers';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { PageLoading } from '@/components/PageLoading';
import { Code } from '@/lib/api/codes';
import type { ApiError } from '@/lib/api/errors';
import { positiveIdOf } from '@/lib/paths';
import { staleAfterMs } from '@/entities/signals/staleness';
import { useNow } from '@/entities/live/useClock';
import { RealtimeTab } from '@/entities/signals/components/RealtimeTab';
import { closeShare, openShare, shareKeys, shareWriter, useSharedEquipment, useSharePages, useShareValues } from './api';
import { SharePagesPane } from './SharePagesPane';

/** What the visit shows: the realtime table or the configuration pages. */
type ShareShown = 'table' | 'pages';

export default function SharePage() {
  const { t } = useTranslation();
  const equipId = positiveIdOf(useParams().equipId) ?? 0;
  const info = useSharedEquipment(equipId);
  const noVisit = info.error?.code === Code.ShareSessionLost;
  // Whether a visit was open on this page: its end is then said (revoked or idle), not just "enter the password".
  const [visited, setVisited] = useState(false);
  if (info.data && !visited) setVisited(true);

  return (
    <Flex vertical style={{ minHeight: '100vh', background: '#f5f7fa' }} data-testid="share-page">
      <Flex justify="space-between" align="center" style={{ padding: '8px 16px', background: '#fff', borderBottom: '1px solid #f0f0f0' }}>
        <Typography.Text strong>{t('route.share')}</Typography.Text>
        <LanguageSwitch />
      </Flex>
      <div style={{ padding: 16, flex: 1 }}>
        {info.isLoading ? (
          <PageLoading />
        ) : info.data ? (
          <ShareView equipId={equipId} info={info.data} />
        ) : (
          <PasswordForm equipId={equipId} ended={visited && noVisit} error={noVisit ? null : info.error} />
        )}
      </div>
    </Flex>
  );
}

/** The password step; `ended`: a visit of this page just ended; `error`: a refusal other than "no visit yet". */
function PasswordForm({ equipId, ended, error }: { equipId: number; ended: boolean; error: ApiError | null }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const [refusal, setRefusal] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async ({ password }: { password: string }) => {
    setBusy(true);
    try {
      await openShare(equipId, password);
      setRefusal(null);
      client.removeQueries({ queryKey: shareKeys.values(equipId) });
      client.removeQueries({ queryKey: shareKeys.pages(equipId) });
      await client.resetQueries({ queryKey: shareKeys.info(equipId) });
    } catch (e) {
      setRefusal((e as ApiError).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card style={{ maxWidth: 420, margin: '48px auto' }} data-testid="share-password">
      <Flex vertical gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }}>
          {t('share.passwordTitle')}
        </Typography.Title>
        <Typography.Text type="secondary">{t('share.passwordHint')}</Typography.Text>
        {ended && !refusal && <Alert type="warning" showIcon message={t('share.ended')} data-testid="share-ended" />}
        {error && !refusal && <Alert type="error" showIcon message={error.message} />}
        {refusal && <Alert type="error" showIcon message={refusal} data-testid="share-refused" />}
        <Form layout="vertical" onFinish={submit} requiredMark={false}>
          <Form.Item name="password" htmlFor="share-password" label={t('share.password')} rules={[{ required: true, message: t('share.passwordRequired') }]}>
            <Input.Password id="share-password" prefix={<LockOutlined />} autoComplete="off" autoFocus />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={busy} id="share-open">
            {t('share.open')}
          </Button>
        </Form>
      </Flex>
    </Card>
  );
}

/**
 * The open visit: the equipment's name, the visitor's authority, and its realtime values or its configuration
 * pages (a switch between the two when it has pages).
 */
function ShareView({ equipId, info }: { equipId: number; info: SharedEquipment }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const values = useShareValues(equipId, true);
  const pages = useSharePages(equipId);
  const now = useNow(1_000);
  const control = info.auth === 'control';
  // Under `view` the table offers no write action, whatever the signal.
  const signals = useMemo(() => (control ? info.signals : info.signals.map((signal) => ({ ...signal, writable: false }))), [control, info.signals]);
  const write = useMemo(() => shareWriter(equipId), [equipId]);
  const [chosen, setChosen] = useState<ShareShown | null>(null);
  const [pageId, setPageId] = useState<number | null>(null);
  const list = pages.data?.pages ?? [];
  // The equipment shown as "configuration page" opens at its home page; the visitor's choice wins after that.
  const shownView: ShareShown = chosen ?? (pages.data?.display === 'page' && list.length > 0 ? 'pages' : 'table');
  const shownPage = list.find((page) => page.id === pageId) ?? list.find((page) => page.home) ?? list[0];
  const lost = values.error?.code === Code.ShareSessionLost || pages.error?.code === Code.ShareSessionLost;
  // The visit was revoked: the info is read again (its old answer dropped), which answers 1343, and the page goes
  // back to the password step, which says why.
  useEffect(() => {
    if (lost) void client.resetQueries({ queryKey: shareKeys.info(equipId) });
  }, [lost, client, equipId]);
  const leave = async () => {
    await closeShare(equipId).catch(() => undefined);
    client.removeQueries({ queryKey: shareKeys.values(equipId) });
    client.removeQueries({ queryKey: shareKeys.pages(equipId) });
    await client.resetQueries({ queryKey: shareKeys.info(equipId) });
  };

  return (
    <Flex vertical gap={12} data-testid="share-view" data-auth={info.auth}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="baseline" gap={12}>
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="share-equipment">
            {info.equipName}
          </Typography.Title>
          <Tag color={info.auth === 'control' ? 'orange' : 'blue'}>{info.auth === 'control' ? t('share.control') : t('share.viewOnly')}</Tag>
        </Flex>
        <Button onClick={() => void leave()} id="share-close">
          {t('share.close')}
        </Button>
      </Flex>
      {values.error && !lost && <Alert type="warning" showIcon message={t('share.valuesFailed')} />}
      {pages.error && !lost && <Alert type="warning" showIcon message={t('share.pagesFailed')} />}
      {list.length > 0 && (
        <Segmented<ShareShown>
          id="share-view-switch"
          value={shownView}
          onChange={setChosen}
          options={[
            { value: 'table', label: <span data-testid="share-show-table">{t('share.showTable')}</span> },
            { value: 'pages', label: <span data-testid="share-show-pages">{t('share.showPages')}</span> },
          ]}
          style={{ alignSelf: 'flex-start' }}
        />
      )}
      {pages.isPending ? (
        <PageLoading />
      ) : shownView === 'pages' && shownPage ? (
        <SharePagesPane equipId={equipId} pages={list} shown={shownPage} onSelect={setPageId} />
      ) : (
        <RealtimeTab
          signals={signals}
          signalsLoading={false}
          signalsError={null}
          onRetry={() => void values.refetch()}
          values={values.data?.signalVal ?? {}}
          signalAlarm={values.data?.signalAlarm ?? {}}
          now={now}
          staleMs={staleAfterMs(null, false)}
          canWrite={control}
          write={write}
        />
      )}
    </Flex>
  );
}
