/**
 * One worksheet in a drawer (the worksheet screen's detail, an inspection message's link, the worksheet opened beside
 * its equipment by `/monitor/eg/detail/{list|page}/…/inspection/{id}`): what it is, the results per equipment and
 * item (a form for the inspector while it is not started: save a draft, submit once, or abort with a reason; read
 * only after), a repair order in one click from an abnormal result, and the history. Full width on phones.
 */
import { Alert, Descriptions, Drawer, Flex, Timeline, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { WorksheetDetail, Worksheet } from '@/generated/answers';
import { TabLoading } from '@/components/LoadState';
import { Code } from '@/lib/api/codes';
import { useWorksheet } from '@/entities/inspection/api';
import { useCardLayout } from '@/lib/layout';
import { egDetailPath } from '@/lib/paths';
import { formatBaseTime } from '@/lib/chinaTime';
import { WorksheetResults } from './WorksheetResults';
import { WorksheetStatusTag } from './WorksheetStatusTag';

export interface WorksheetDrawerProps {
  worksheetId: number | null;
  onClose(): void;
  beside?: boolean;
}

export function WorksheetDrawer({ worksheetId, onClose, beside = false }: WorksheetDrawerProps) {
  const { t } = useTranslation();
  const cards = useCardLayout();
  const detail = useWorksheet(worksheetId);
  const sheet = detail.data?.worksheet;
  const notFound = detail.error?.code === Code.WorksheetNotFound;
  return (
    <Drawer
      open={worksheetId !== null}
      onClose={onClose}
      mask={!beside}
      width={cards ? '100%' : 640}
      title={sheet ? t('inspection.detail.title', { number: sheet.number }) : t('inspection.orderMessage')}
      extra={sheet && <WorksheetStatusTag status={sheet.status} overdue={sheet.overdue} />}
      data-testid="worksheet-drawer"
      destroyOnHidden
    >
      {detail.isLoading ? (
        <TabLoading />
      ) : detail.error || !detail.data || !sheet ? (
        <Alert
          type="warning"
          showIcon
          message={notFound ? t('inspection.detail.notFound') : t('inspection.detail.loadFailed')}
          description={notFound ? undefined : detail.error?.message}
          data-testid="worksheet-detail-error"
        />
      ) : (
        <Flex vertical gap={20} data-testid="worksheet-detail" data-status={sheet.status}>
          <SheetFacts sheet={sheet} />
          <WorksheetResults detail={detail.data} />
          <History detail={detail.data} />
        </Flex>
      )}
    </Drawer>
  );
}

function SheetFacts({ sheet }: { sheet: Worksheet }) {
  const { t } = useTranslation();
  const items = [
    { key: 'plan', label: t('inspection.column.plan'), children: sheet.planName },
    {
      key: 'route',
      label: t('inspection.column.route'),
      children: (
        <Flex gap={4} wrap>
          {sheet.equipment.map((e, i) => (
            <span key={e.id}>
              {i > 0 && ' → '}
              <Link to={egDetailPath(e.id)}>{e.name}</Link>
            </span>
          ))}
        </Flex>
      ),
    },
    { key: 'inspector', label: t('inspection.column.inspector'), children: sheet.inspectorName },
    { key: 'due', label: t('inspection.column.due'), children: formatBaseTime(sheet.dueAt) },
    { key: 'deadline', label: t('inspection.column.deadline'), children: formatBaseTime(sheet.deadline) },
    ...(sheet.gmtSubmit ? [{ key: 'submitted', label: t('inspection.column.submitted'), children: formatBaseTime(sheet.gmtSubmit) }] : []),
    ...(sheet.remark ? [{ key: 'remark', label: t('inspection.column.remark'), children: <span style={{ whiteSpace: 'pre-wrap' }}>{sheet.remark}</span> }] : []),
  ];
  return <Descriptions column={1} size="small" bordered items={items} styles={{ label: { whiteSpace: 'nowrap' } }} data-testid="worksheet-facts" />;
}

function History({ detail }: { detail: WorksheetDetail }) {
  const { t } = useTranslation();
  return (
    <Flex vertical gap={8}>
      <Typography.Text strong>{t('inspection.detail.history')}</Typography.Text>
      <Timeline
        data-testid="worksheet-history"
        items={detail.steps.map((s) => ({
          key: s.id,
          color: s.toStatus === 'abnormal' ? 'red' : s.toStatus === 'normal' ? 'green' : s.toStatus === 'aborted' ? 'gray' : 'blue',
          children: (
            <Flex vertical gap={2} data-testid="worksheet-history-step" data-action={s.action}>
              <Typography.Text>{t('inspection.detail.stepBy', { user: s.userName, action: t(`inspection.history.${s.action}`) })}</Typography.Text>
              <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                {formatBaseTime(s.gmtCreate)}
              </Typography.Text>
              {s.remark && <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{t('inspection.detail.remark', { remark: s.remark })}</Typography.Text>}
            </Flex>
          ),
        }))}
      />
    </Flex>
  );
}
