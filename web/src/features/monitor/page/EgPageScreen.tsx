/**
 * /monitor/eg/detail/page/:pageId (also …/:pageId/:alarm and …/:pageId/:orderType/:orderId): one configuration page of
 * an EG equipment, live, on its own (spec section 2, MonitorEgPage; a project's page is pointed to its project's
 * monitor). A click event that opens another page replaces this one in the address, so Back returns to it. With
 * `?draft=1` it shows the designer's unsaved document of the page instead of the stored one
 * (entities/pages/pageDraft.ts). The order form opens the order beside the page.
 */
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { TabEmpty } from '@/components/LoadState';
import { DRAFT_QUERY, egPagePath } from '@/lib/paths';
import { LiveConfigPage } from '@/runtime/live/LiveConfigPage';
import { positiveIdOf } from '@/lib/paths';
import { OrderBeside } from '@/features/monitor/detail/components/OrderBeside';

export default function EgPageScreen() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const params = useParams();
  const pageId = positiveIdOf(params.pageId);
  // The designer's preview of unsaved changes (entities/pages/pageDraft.ts).
  const draft = useSearchParams()[0].get(DRAFT_QUERY) === '1';
  const openPage = useCallback((id: number) => void navigate(egPagePath(id)), [navigate]);
  if (pageId === null) return <TabEmpty testId="page-bad-id" description={t('livePage.notFound')} />;
  return (
    <>
      <LiveConfigPage key={pageId} pageId={pageId} onOpenPage={openPage} draft={draft} />
      {/* The order route: the order beside the page (features/monitor/detail/components/OrderBeside.tsx). */}
      <OrderBeside orderType={params.orderType} orderId={params.orderId} />
    </>
  );
}
