/**
 * One configuration page of an EG equipment, live: loads the page's document, the equipment's signal catalogue
 * and its live values (the same monitor session rules as the detail screen), repairs the bindings against the
 * catalogue (spec section 4) and draws the page. The header says whether monitoring is on and how many alarms
 * are open, so an operator never mistakes frozen values for live ones.
 */
import { useMemo } from 'react';
import { Alert, Flex, Tag, Tooltip, Typography } from 'antd';
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
import { readPageDraft } from '@/lib/pageDraft';

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
  /**
   * Draw the designer's unsaved document of this page (lib/pageDraft.ts) instead of the stored one, under a banner
   * that says so; the stored one when there is no draft. The page is still loaded first: rights and password apply.
   */
  draft?: boolean;
}

export function LiveEquipmentPage({ pageId, onOpenPage, showTitle = true, draft = false }: LiveEquipmentPageProps) {
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
  return <LivePage key={info.data.equipmentId} info={info.data} onOpenPage={onOpenPage} showTitle={showTitle} draft={draft} />;
}

interface LivePageProps {
  info: ConfigPageInfo;
  onOpenPage: (pageId: number) => void;
  showTitle: boolean;
  draft: boolean;
}

/** The draft's document when one is asked for and readable as JSON; undefined otherwise. */
function draftDocument(pageId: number, asked: boolean): { document: unknown; at: number } | undefined {
  const draft = asked ? readPageDraft(pageId) : null;
  if (!draft) return undefined;
  try {
    return { document: JSON.parse(draft.text) as unknown, at: draft.at };
  } catch {
    return undefined;
  }
}

function LivePage({ info, onOpenPage, showTitle, draft: draftAsked }: LivePageProps) {
  const { t } = useTranslation();
  const equipmentId = info.equipmentId;
  const signals = useSignals(equipmentId);
  const live = useLiveEquipment(equipmentId);
  const context = useRuntimeContext(signals.data, live, onOpenPage, equipmentId);
  const draft = useMemo(() => draftDocument(info.id, draftAsked), [info.id, draftAsked]);
  const shown = draft?.document ?? info.document;
  const document = useMemo(
    () => (signals.data ? repairBindings(parsePageDocument(shown), context.signals, equipmentId).document : null),
    [shown, signals.data, context.signals, equipmentId],
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
      {draft && (
        <Alert
          type="warning"
          showIcon
          data-testid="live-page-draft"
          message={t('livePage.draft', { time: new Date(draft.at).toLocaleTimeString() })}
        />
      )}
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
