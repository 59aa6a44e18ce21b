/**
 * A page of equipment cards with the states every list needs: loading, a failure with Retry (the server's message,
 * never a bare code), empty (with the caller's text) and pagination of 10.
 *
 * The failure, the empty notice and the pagination are loaded when first shown: a first page of cards needs none
 * of them, and antd's Pagination brings antd's Select along (issue 4: the monitor list, the first screen after
 * login, under 300 KB of compressed JavaScript).
 */
import { Suspense, lazy } from 'react';
import { Flex, Spin } from 'antd';
// The hook alone: the cards are laid out in a CSS grid rather than antd's Row and Col.
import useBreakpoint from 'antd/es/grid/hooks/useBreakpoint';
import { useTranslation } from 'react-i18next';
import type { ApiError } from '@/lib/api/errors';
import { PAGE_SIZE, cardColumns, type Card, type Group } from '../model';
import { EquipmentCard } from './EquipmentCard';

const ErrorAlert = lazy(() => import('./ErrorAlert'));
const EmptyCards = lazy(() => import('./EmptyCards'));
const Pagination = lazy(() => import('antd/es/pagination'));

/** Height of antd's Pagination (default size), kept while it loads so the page does not jump. */
const PAGINATION_HEIGHT = 32;
/** Space between cards, across and down. */
const GAP = 12;

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
  const columns = cardColumns(useBreakpoint());
  const failedFirstLoad = error !== null && cards === undefined;
  return (
    <Flex vertical gap={12} data-testid={testId}>
      {error && (
        <Suspense fallback={null}>
          <ErrorAlert title={failedFirstLoad ? t('monitorList.loadFailed') : t('monitorList.refreshFailed')} message={error.message} onRetry={onRetry} />
        </Suspense>
      )}
      {!failedFirstLoad && (
        <Spin spinning={loading} delay={150}>
          {cards && cards.length === 0 ? (
            <Suspense fallback={<div style={{ minHeight: 120 }} />}>
              <EmptyCards description={emptyText} />
            </Suspense>
          ) : (
            <div
              data-columns={columns}
              style={{
                display: 'grid',
                gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`,
                gap: GAP,
                minHeight: cards ? undefined : 120,
              }}
            >
              {(cards ?? []).map((card) => (
                <EquipmentCard key={card.id} card={card} groups={groups} onNewGroup={onNewGroup} highlighted={card.id === highlightId} />
              ))}
            </div>
          )}
        </Spin>
      )}
      {!failedFirstLoad && total > PAGE_SIZE && (
        <Flex justify="end" style={{ minHeight: PAGINATION_HEIGHT }}>
          <Suspense fallback={null}>
            <Pagination
              current={page}
              pageSize={PAGE_SIZE}
              total={total}
              showSizeChanger={false}
              showTotal={(count) => t('monitorList.total', { count })}
              onChange={onPage}
            />
          </Suspense>
        </Flex>
      )}
    </Flex>
  );
}
