import { useState } from 'react';
import type { TablePaginationConfig } from 'antd';
import { PAGE_SIZE } from './model';

/**
 * The search box and paging of a registry list (gateways, edge nodes, JSON devices): the typed keyword, the query
 * sent (a search starts again from page 1; clearing the box shows everything), and the page to show after a delete.
 */
export function usePagedSearch() {
  const [keywordInput, setKeywordInput] = useState('');
  const [query, setQuery] = useState({ keyword: '', page: 1 });

  const search = (keyword: string) => setQuery({ keyword: keyword.trim(), page: 1 });

  return {
    keywordInput,
    query,
    search,
    onKeywordChange: (value: string) => {
      setKeywordInput(value);
      if (value === '' && query.keyword !== '') search('');
    },
    /** After a delete: when the row was the last of a later page, show the page before it. */
    afterDelete: (rowsShown: number | undefined) => {
      if (query.page > 1 && rowsShown === 1) setQuery((q) => ({ ...q, page: q.page - 1 }));
    },
    /** The table's paging: {@link PAGE_SIZE} rows, the total said by `showTotal`. */
    pagination: (total: number | undefined, showTotal: (total: number) => string): TablePaginationConfig => ({
      current: query.page,
      pageSize: PAGE_SIZE,
      total: total ?? 0,
      showSizeChanger: false,
      hideOnSinglePage: false,
      showTotal,
      onChange: (page) => setQuery((q) => ({ ...q, page })),
    }),
  };
}
