/**
 * The designer on one configuration page of its owner: `/manage/eg/{equipId}/designer/{pageId}` (an equipment's
 * page) or `/manage/project/{projectId}/designer/{pageId}` (a project's page, whose widgets bind any equipment of
 * the project). The page is loaded with the caller's rights (another organisation's page, or one the caller may not
 * see, answers 1205; a project the caller may not see 1253) and opens nothing then; it must belong to the owner the
 * address names.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { TabError, TabLoading } from '@/components/LoadState';
import { FullWindowNotFound } from '@/components/WayBack';
import { Code } from '@/lib/api/codes';
import { ownerPagesPath } from '@/lib/paths';
import { parsePageDocument } from '@/runtime/document';
import { repairBindings, type RepairResult } from '@/runtime/bindings';
import { runtimeSignals } from '@/runtime/live/useRuntimeContext';
import { useQuery } from '@tanstack/react-query';
import { ownerOfPage, pageForDesignQuery, sameOwner, type PageOwner } from '@/entities/pages/configPages';
import { useMvars } from '@/entities/mvars/api';
import { useOwnerScope } from '@/entities/pages/ownerScope';
import { DesignerEditor } from './editor/DesignerEditor';
import { useKnownReports } from './reportDefinitions';
import { JUST_FETCHED_MS, ownerOfParams, pageIdOfParams } from './prefetch';

/** Codes that say the page or its project is not the caller's: nothing is opened, and nothing is retried. */
const NOT_FOUND: readonly string[] = [Code.PageNotFound, Code.ProjectNotFound];

export default function DesignerScreen() {
  const params = useParams();
  const owner = ownerOfParams(params);
  const pageId = pageIdOfParams(params);
  const { t } = useTranslation();
  return (
    <>
      {owner === null || pageId === null ? (
        <FullWindowNotFound testId="designer-bad-id" title={t('designer.notFound')} description={t('notFound.description')} />
      ) : (
        <DesignerLoader key={`${owner.kind}-${owner.id}-${pageId}`} owner={owner} pageId={pageId} />
      )}
    </>
  );
}

function DesignerLoader({ owner, pageId }: { owner: PageOwner; pageId: number }) {
  const { t } = useTranslation();
  // The designer's own load: a protected page opens without its password (the route needs the manage permission).
  // The route asked for it with the designer's chunk (prefetch.ts): not again on mount.
  const info = useQuery(pageForDesignQuery(pageId, JUST_FETCHED_MS));
  // Parsed once per loaded version, not on every render of the loader (a refetch after a save renders it again).
  const stored = info.data?.document;
  const document = useMemo(() => (stored === undefined ? null : parsePageDocument(stored)), [stored]);
  // Binding repair on open (spec section 4): against the catalogues of the owner's equipment as they are now.
  // Without every catalogue (one failed to load) the page opens as stored, unrepaired: a missing catalogue must
  // not clear the bindings to its equipment.
  const scope = useOwnerScope(owner, { freshForMs: JUST_FETCHED_MS });
  // A project page's intermediate variables are repaired against the project's list; a list that failed to load
  // clears nothing.
  const mvars = useMvars(owner.kind === 'project' ? owner.id : null);
  const mvarsPending = owner.kind === 'project' && mvars.isPending;
  const known = useMemo(() => (mvars.data ? new Map(mvars.data.map((m) => [m.id, m.name])) : undefined), [mvars.data]);
  // Charts on reports are repaired against the definitions of the reports they name (a list that failed clears
  // nothing).
  const ownedIds = useMemo(() => scope.equipment.map((e) => e.id), [scope.equipment]);
  const reports = useKnownReports(owner, document, ownedIds);
  const repair = useMemo<RepairResult | null>(
    () =>
      document && scope.complete && !mvarsPending && !reports.pending
        ? repairBindings(document, runtimeSignals(scope.signals), new Set(ownedIds), known, reports.known)
        : null,
    [document, scope.complete, scope.signals, ownedIds, mvarsPending, known, reports.pending, reports.known],
  );
  // Bumped by "reload": a new editor on the page as stored now (this one's changes dropped on request).
  const [generation, setGeneration] = useState(0);
  const reload = () => {
    void info.refetch().then(() => setGeneration((g) => g + 1));
  };
  const error = info.error ?? scope.projectError;
  if (error) {
    return NOT_FOUND.includes(error.code) ? (
      <DesignerNotFound owner={owner} />
    ) : (
      <TabError
        testId="designer-error"
        title={t('designer.loadFailed')}
        error={error}
        onRetry={() => (info.error ? void info.refetch() : scope.retry())}
      />
    );
  }
  if (!info.data || !document || scope.pending || mvarsPending || reports.pending) return <TabLoading testId="designer-loading" />;
  if (!sameOwner(ownerOfPage(info.data), owner)) return <DesignerNotFound owner={owner} />;
  return (
    <DesignerEditor
      key={generation}
      pageId={pageId}
      version={info.data.updated}
      onReload={reload}
      owner={owner}
      equipment={scope.equipment}
      signals={scope.signals}
      title={info.data.title}
      protectedPage={info.data.protected}
      document={document}
      repair={repair}
      backTo={ownerPagesPath(owner)}
    />
  );
}

/** A page that is not the owner's (or not there): back to the owner's page list, or home. */
function DesignerNotFound({ owner }: { owner: PageOwner }) {
  const { t } = useTranslation();
  return (
    <FullWindowNotFound
      testId="designer-not-found"
      title={t('designer.notFound')}
      description={t('notFound.description')}
      back={{ to: ownerPagesPath(owner), label: t('designer.back') }}
    />
  );
}
