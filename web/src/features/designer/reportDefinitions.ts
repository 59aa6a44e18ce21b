/**
 * The report definitions binding repair needs when the designer opens a page (runtime/reportRepair.ts): the
 * definitions of each of the owner's equipment a report chart of the page names, and the project's custom reports
 * when a chart reads one. Asked only for such a page; a list that fails is left out, so it clears nothing.
 */
import { useMemo } from 'react';
import { useQueries, useQuery } from '@tanstack/react-query';
import type { CustomReport, Report } from '@/generated/answers';
import type { PageOwner } from '@/entities/pages/configPages';
import { fetchCustomReports } from '@/entities/reports/custom';
import { fetchReports } from '@/entities/reports/definitions';
import { reportKeys } from '@/entities/reports/keys';
import type { ApiError } from '@/lib/api/errors';
import type { PageDocument } from '@/runtime/document';
import { hasCustomReportChart, reportEquipmentIn, type KnownReports } from '@/runtime/reportRepair';

export function useKnownReports(
  owner: PageOwner,
  document: PageDocument | null,
  ownedIds: readonly number[],
): { known: KnownReports | undefined; pending: boolean } {
  const ids = useMemo(
    () => (document ? reportEquipmentIn(document.widgets).filter((id) => ownedIds.includes(id)) : []),
    [document, ownedIds],
  );
  const custom = owner.kind === 'project' && document !== null && hasCustomReportChart(document.widgets);
  const lists = useQueries({
    queries: ids.map((id) => ({
      queryKey: reportKeys.definitions(id),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchReports(id, signal),
    })),
    combine: (results) => ({
      pending: results.some((q) => q.isPending),
      data: results.map((q) => q.data),
      // Changes exactly when an answer does: what the repair below is recomputed on.
      stamp: results.map((q) => q.dataUpdatedAt).join(','),
    }),
  });
  const customList = useQuery<CustomReport[], ApiError>({
    queryKey: reportKeys.customDefinitions(owner.id),
    queryFn: ({ signal }) => fetchCustomReports(owner.id, signal),
    enabled: custom,
  });
  const pending = lists.pending || (custom && customList.isPending);
  const known = useMemo<KnownReports | undefined>(() => {
    if (ids.length === 0 && !custom) return undefined;
    const reports = new Map<number, readonly Report[]>();
    ids.forEach((id, i) => {
      const list = lists.data[i];
      if (list) reports.set(id, list);
    });
    return { reports, customReports: custom ? customList.data : undefined };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `lists.stamp` changes with `lists.data`
  }, [ids, lists.stamp, custom, customList.data]);
  return { known, pending };
}
