/**
 * `/manage/eg/{equipId}/designer/{pageId}`: the designer on one of an equipment's configuration pages. The page is
 * loaded with the caller's rights (another organisation's page, or one of an equipment not granted, answers 1205
 * and opens nothing) and must belong to the equipment the address names.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { Code } from '@/lib/api/codes';
import { equipmentPagesPath } from '@/lib/paths';
import { parsePageDocument } from '@/runtime/document';
import { repairBindings, type RepairResult } from '@/runtime/bindings';
import { runtimeSignals } from '@/runtime/live/useRuntimeContext';
import { useSignals } from '@/lib/signals/catalogue';
import { useQuery } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api/errors';
import { configPageKeys, fetchPageForDesign, type ConfigPageInfo } from '@/lib/configPages';
import { DesignerEditor } from './editor/DesignerEditor';

function positiveId(text: string | undefined): number | null {
  const id = Number(text);
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}

export default function DesignerScreen() {
  const params = useParams();
  const equipmentId = positiveId(params.equipId);
  const pageId = positiveId(params.pageId);
  const { t } = useTranslation();
  if (equipmentId === null || pageId === null) return <TabEmpty testId="designer-bad-id" description={t('designer.notFound')} />;
  return <DesignerLoader key={pageId} equipmentId={equipmentId} pageId={pageId} />;
}

function DesignerLoader({ equipmentId, pageId }: { equipmentId: number; pageId: number }) {
  const { t } = useTranslation();
  // The designer's own load: a protected page opens without its password (the route needs the manage permission).
  const info = useQuery<ConfigPageInfo, ApiError>({
    queryKey: configPageKeys.design(pageId),
    queryFn: ({ signal }) => fetchPageForDesign(pageId, signal),
  });
  // Parsed once per loaded version, not on every render of the loader (a refetch after a save renders it again).
  const stored = info.data?.document;
  const document = useMemo(() => (stored === undefined ? null : parsePageDocument(stored)), [stored]);
  // Binding repair on open (spec section 4): against the equipment's catalogue as it is now. Without the catalogue
  // (it failed to load) the page opens as stored, unrepaired.
  const catalogue = useSignals(equipmentId);
  const repair = useMemo<RepairResult | null>(
    () => (document && catalogue.data ? repairBindings(document, runtimeSignals(catalogue.data), equipmentId) : null),
    [document, catalogue.data, equipmentId],
  );
  // Bumped by "reload": a new editor on the page as stored now (this one's changes dropped on request).
  const [generation, setGeneration] = useState(0);
  const reload = () => {
    void info.refetch().then(() => setGeneration((g) => g + 1));
  };
  if (info.error) {
    return info.error.code === Code.PageNotFound ? (
      <TabEmpty testId="designer-not-found" description={t('designer.notFound')} />
    ) : (
      <TabError testId="designer-error" title={t('designer.loadFailed')} error={info.error} onRetry={() => void info.refetch()} />
    );
  }
  if (!info.data || !document || (catalogue.isPending && !catalogue.error)) return <TabLoading testId="designer-loading" />;
  if (info.data.equipmentId !== equipmentId) return <TabEmpty testId="designer-not-found" description={t('designer.notFound')} />;
  return (
    <DesignerEditor
      key={generation}
      pageId={pageId}
      version={info.data.updated}
      onReload={reload}
      equipmentId={equipmentId}
      title={info.data.title}
      protectedPage={info.data.protected}
      document={document}
      repair={repair}
      backTo={equipmentPagesPath(equipmentId)}
    />
  );
}
