/**
 * /monitor/gm/detail/:id/:ruleType/:openType (the spec's named route gmDetail): a GM equipment's configuration pages
 * live, as a rule-type-01 card opens them (lib/paths.ts `monitorPath`). `openType` is the page to show; 0, or a page
 * that is not this equipment's, shows its home page. The pages are shown by the runtime the EG group view uses
 * (runtime/live/EquipmentPagesPane.tsx): a tab per page when there are several, the page alone when there is one,
 * and without pages a plain notice with the way to its signals (`/monitor/gm/vuedetail/{id}`).
 */
import { Button, Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { TabEmpty } from '@/components/LoadState';
import { useEquipmentDetail } from '@/entities/equipment/detail';
import { gmDetailPath, gmVueDetailPath, positiveIdOf } from '@/lib/paths';
import { EquipmentPagesPane } from '@/runtime/live/EquipmentPagesPane';

export default function GmPagesScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const equipmentId = positiveIdOf(params.id);
  if (equipmentId === null) return <TabEmpty testId="detail-bad-id" description={t('monitor.detail.badId')} />;
  return <GmPages key={equipmentId} equipmentId={equipmentId} ruleType={params.ruleType ?? ''} pageId={positiveIdOf(params.openType)} />;
}

function GmPages({ equipmentId, ruleType, pageId }: { equipmentId: number; ruleType: string; pageId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const detail = useEquipmentDetail(equipmentId);
  const signalsLink = (
    <Link to={gmVueDetailPath(equipmentId)} data-testid="gm-pages-signals">
      {t('monitor.gm.pages.signals')}
    </Link>
  );
  return (
    <Flex vertical gap={12} data-testid="gm-pages">
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="detail-title">
          {detail.data?.equipment.equipName || t('route.monitor.gmDetail')}
        </Typography.Title>
        {signalsLink}
      </Flex>
      <EquipmentPagesPane
        equipmentId={equipmentId}
        pageId={pageId}
        onSelect={(id) => void navigate(gmDetailPath(equipmentId, ruleType, id))}
        tabForOnePage={false}
        emptyExtra={
          <Link to={gmVueDetailPath(equipmentId)} data-testid="gm-pages-empty-signals">
            <Button type="primary">{t('monitor.gm.pages.signals')}</Button>
          </Link>
        }
      />
    </Flex>
  );
}
