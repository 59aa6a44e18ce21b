/**
 * A page of equipment cards with the states every list needs: loading, a failure with Retry (the server's message,
 * never a bare code), empty (with the caller's text) and pagination of 10.
 */
import { Alert, Button, Col, Empty, Flex, Pagination, Row, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/api/errors';
import { PAGE_SIZE, type Card, type Group } from '../model';
import { EquipmentCard } from './EquipmentCard';

interface CardGridProps {
  cards: Card[] | undefined;
  total: number;
  page: number;
  onPage: (page: number) => void;
  loading: boolean;
  error: ApiError | null;
  onRetry: () => void;
  emptyText: string;
  groups?: Group[] | undefined;
  onNewGroup?: ((card: Card) => void) | undefined;
  highlightId?: number | null;
  testId?: string;
}

export function CardGrid({
  cards,
  total,
  page,
  onPage,
  loading,
  error,
  onRetry,
  emptyText,
  groups,
  onNewGroup,
  highlightId = null,
  testId,
}: CardGridProps) {
  const { t } = useTranslation();
  const failedFirstLoad = error !== null && cards === undefined;
  return (
    <Flex vertical gap={12} data-testid={testId}>
      {error && (
        <Alert
          type="error"
          showIcon
          data-testid="fleet-error"
          message={failedFirstLoad ? t('fleet.loadFailed') : t('fleet.refreshFailed')}
          description={error.message}
          action={
            <Button size="small" onClick={onRetry}>
              {t('common.retry')}
            </Button>
          }
        />
      )}
      {!failedFirstLoad && (
        <Spin spinning={loading} delay={150}>
          {cards && cards.length === 0 ? (
            <Empty data-testid="fleet-empty" image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText} />
          ) : (
            <Row gutter={[12, 12]} style={{ minHeight: cards ? undefined : 120 }}>
              {(cards ?? []).map((card) => (
                <Col key={card.id} xs={24} sm={12} lg={8} xxl={6}>
                  <EquipmentCard card={card} groups={groups} onNewGroup={onNewGroup} highlighted={card.id === highlightId} />
                </Col>
              ))}
            </Row>
          )}
        </Spin>
      )}
      {!failedFirstLoad && total > PAGE_SIZE && (
        <Flex justify="end">
          <Pagination
            current={page}
            pageSize={PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            showTotal={(count) => t('fleet.total', { count })}
            onChange={onPage}
          />
        </Flex>
      )}
    </Flex>
  );
}
