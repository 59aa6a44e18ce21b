/**
 * A list of cards, as tables of many columns become on a phone (lib/layout.ts, CARDS_BELOW): the list and each card
 * with the same look everywhere (realtime values, alarm records, …). The list's `testId` names the list, a card's
 * `testId` every card; a card carries its row's key as `data-row-key`, as a table row does, so tests find a row either way.
 */
import type { Key, ReactNode } from 'react';
import { Flex, Pagination } from 'antd';

export function CardList({ testId, children }: { testId: string; children: ReactNode }) {
  return (
    <Flex vertical gap={8} data-testid={testId} role="list">
      {children}
    </Flex>
  );
}

export function CardListItem({ rowKey, testId, children }: { rowKey: Key; testId: string; children: ReactNode }) {
  return (
    <Flex
      vertical
      gap={6}
      role="listitem"
      data-testid={testId}
      data-row-key={rowKey}
      style={{ border: '1px solid #f0f0f0', borderRadius: 8, padding: '10px 12px' }}
    >
      {children}
    </Flex>
  );
}

/** The paging of a list of cards, as a table's: page, size, total and what a page change does. */
export interface CardPaging {
  current: number;
  pageSize: number;
  total: number;
  showTotal(total: number): string;
  onChange(page: number): void;
}

/** The pager under a list of cards: a small one, and only when there is more than one page. */
export function CardListPager({ paging }: { paging: CardPaging }) {
  if (paging.total <= paging.pageSize) return null;
  return (
    <Pagination
      simple
      align="center"
      current={paging.current}
      pageSize={paging.pageSize}
      total={paging.total}
      showTotal={paging.showTotal}
      onChange={paging.onChange}
    />
  );
}
