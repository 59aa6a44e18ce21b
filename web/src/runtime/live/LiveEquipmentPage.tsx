/**
 * One configuration page of an EG equipment, live: loads the page's document, the equipment's signal catalogue
 * and its live values (the same monitor session rules as the detail screen), repairs the bindings against the
 * catalogue (spec section 4) and draws the page. The header says whether monitoring is on and how many alarms
 * are open, so an operator never mistakes frozen values for live ones.
 */
import { useMemo } from 'react';
import { Flex, Tag, Tooltip, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { MonitorStatusBadge } from '@/components/MonitorStatusBadge';
import type { ApiError } from '@/lib/api/errors';
import { configPageKeys, fetchPageInfo, type ConfigPageInfo } from '@/lib/configPages';
import { useLiveEquipment } from '@/lib/live/useLiveEquipment';
import { egDetailPath } from '@/lib/paths';
import { useSignals } from '@/lib/signals/catalogue';
import { PageView, parsePageDocument, repairBindings } from '../index';
import { PagePasswordPrompt } from './PagePasswordPrompt';
import { useRuntimeContext } from './useRuntimeContext';
import { Code } from '@/lib/api/codes';

/** Code of "page does not exist" (catalogue 1205): the page is gone or not the caller's. */
const PAGE_NOT_FOUND = Code.PageNotFound;

export function usePageInfo(pageId: number) {
  return useQuery<ConfigPageInfo, ApiError>({
    queryKey: configPageKeys.info(pageId),
    queryFn: ({ signal }) => fetchPageInfo(pageId, signal),
  });
}

interface LiveEquipmentPageProps {
  pageId: number;
  /** Where a page's "open page" click event goes. */
  onOpenPage: (pageId: number) => void;
  /** Show the page's title and the equipment link in the header (off where the caller already names the page). */
  showTitle?: boolean;
}

export function LiveEquipmentPage({ pageId, onOpenPage, showTitle = true }: LiveEquipmentPageProps) {
  const { t } = useTranslation();
  const info = usePageInfo(pageId);
  if (info.error?.code === Code.PagePasswordRequired) {
    return <PagePasswordPrompt pageId={pageId} onUnlocked={() => void info.refetch()} />;
  }
  if (info.error) {
    return info.error.code === PAGE_NOT_FOUND ? (
      <TabEmpty testId="page-not-found" description={t('livePage.notFound')} />
    ) : (
      <TabError testId="page-error" title={t('livePage.loadFailed')} error={info.error} onRetry={() => void info.refetch()} />
    );
  }
  if (!info.data) return <TabLoading testId="page-loading" />;
  return <LivePage key={info.data.equipmentId} info={info.data} onOpenPage={onOpenPage} showTitle={showTitle} />;
}

function LivePage({ info, onOpenPage, showTitle }: { info: ConfigPageInfo; onOpenPage: (pageId: number) => void; showTitle: boolean }) {
  const { t } = useTranslation();
  const equipmentId = info.equipmentId;
  const signals = useSignals(equipmentId);
  const live = useLiveEquipment(equipmentId);
  const context = useRuntimeContext(signals.data, live, onOpenPage, equipmentId);
  const document = useMemo(
    () => (signals.data ? repairBindings(parsePageDocument(info.document), context.signals, equipmentId).document : null),
    [info.document, signals.data, context.signals, equipmentId],
  );

  return (
    <Flex vertical gap={8} data-testid="live-page" data-page-id={info.id}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="baseline" gap={12} wrap>
          {showTitle && (
            <Typography.Title level={5} style={{ margin: 0 }} data-testid="live-page-title">
              {info.title}
            </Typography.Title>
          )}
          <Link to={egDetailPath(equipmentId)} data-testid="live-page-detail-link">
            {t('livePage.openDetail')}
          </Link>
        </Flex>
        <Flex align="center" gap={12} wrap>
          <MonitorStatusBadge status={live.status} />
          {live.gatewayAlarm > 0 && (
            <Tooltip title={t('monitor.detail.alarmsHint')}>
              <Tag color="error" data-testid="live-page-alarm-count">
                {t('monitor.detail.alarms', { count: live.gatewayAlarm })}
              </Tag>
            </Tooltip>
          )}
        </Flex>
      </Flex>
      {signals.error ? (
        <TabError title={t('livePage.signalsFailed')} error={signals.error} onRetry={() => void signals.refetch()} />
      ) : document === null ? (
        <TabLoading testId="page-loading" />
      ) : (
        <PageView document={document} context={context} now={live.now} />
      )}
    </Flex>
  );
}
