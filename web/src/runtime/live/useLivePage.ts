/**
 * Everything a loaded configuration page needs to run live, for either owner, from the page source (pageSource.ts: the
 * console's, or the share view's): the catalogue of the owner's equipment (entities/pages/ownerScope: an equipment's
 * page its equipment; a project's page every equipment of the project), the page's document (the stored one, or the
 * designer's unsaved draft when asked for) with its bindings repaired against that catalogue (spec section 4), the live
 * state of the equipment the page shows and the viewer's context.
 *
 * Which equipment is monitored: an equipment's page always its equipment (the header says whether it is
 * monitored, bound or not), through its EG monitor session; a project's page the equipment its repaired bindings
 * name, through one project monitor session for all of them (entities/live/useProjectLiveEquipments: one socket,
 * one gateway query, each gateway opened; docs/project-monitor.md), so a project of fifty machines whose page shows
 * two watches two. The tables of a project's page cover every equipment of the project.
 */
import { useMemo } from 'react';
import type { ConfigPageInfo, PageOwner } from '@/entities/pages/configPages';
import type { OwnerScope } from '@/entities/pages/ownerScope';
import { readPageDraft } from '@/entities/pages/pageDraft';
import { boundEquipment, repairBindings } from '../bindings';
import { parsePageDocument, type PageDocument } from '../document';
import { mvarEquipment, mvarIdsIn } from '../mvars';
import { systemKeysIn } from '../systemKeys';
import type { RuntimeContext } from '../types';
import { usePageSource, type LivePageValues } from './pageSource';
import { runtimeSignals, useRuntimeContext } from './useRuntimeContext';

/** The designer's draft of a page, when one is asked for and readable as JSON; undefined otherwise. */
export function draftDocument(pageId: number, asked: boolean): { document: unknown; at: number } | undefined {
  const draft = asked ? readPageDraft(pageId) : null;
  if (!draft) return undefined;
  try {
    return { document: JSON.parse(draft.text) as unknown, at: draft.at };
  } catch {
    return undefined;
  }
}

export interface LivePageState {
  scope: OwnerScope;
  /** The draft shown instead of the stored document, with when the designer wrote it. */
  draft: { document: unknown; at: number } | undefined;
  /** The document to draw; null until every catalogue has answered (a binding is judged only then). */
  document: PageDocument | null;
  live: LivePageValues;
  context: RuntimeContext;
}

export function useLivePage(
  info: ConfigPageInfo,
  owner: PageOwner,
  onOpenPage: (pageId: number) => void,
  draftAsked: boolean,
): LivePageState {
  const source = usePageSource();
  const scope = source.useScope(owner);
  const catalogue = useMemo(() => runtimeSignals(scope.signals), [scope.signals]);
  const ownedKey = scope.equipment.map((e) => e.id).join(',');
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `ownedKey` names the same equipment as `scope.equipment`
  const owned = useMemo(() => (ownedKey === '' ? [] : ownedKey.split(',').map(Number)), [ownedKey]);

  const draft = useMemo(() => draftDocument(info.id, draftAsked), [info.id, draftAsked]);
  const shown = draft?.document ?? info.document;
  const document = useMemo(() => {
    if (!scope.complete) return null;
    // An equipment's page may bind its equipment; a project's page any equipment of the project.
    const allowed = owner.kind === 'equipment' ? owner.id : new Set(owned);
    return repairBindings(parsePageDocument(shown), catalogue, allowed).document;
  }, [shown, scope.complete, catalogue, owner.kind, owner.id, owned]);

  // A project page's intermediate variables: fetched by the ids it binds, computed from their signals' readings.
  const mvarIds = useMemo(() => (owner.kind === 'project' && document ? mvarIdsIn(document) : []), [owner.kind, document]);
  const mvars = source.useMvars(owner.kind === 'project' ? owner.id : null, mvarIds);
  const monitored = useMemo(() => {
    if (owner.kind === 'equipment') return [owner.id];
    if (!document) return [];
    return [...new Set([...boundEquipment(document, catalogue), ...mvarEquipment(mvars, catalogue)])];
  }, [owner.kind, owner.id, document, catalogue, mvars]);
  const project = useMemo(
    () => (owner.kind === 'project' ? { pageId: info.id, projectId: owner.id, signals: scope.signals } : undefined),
    [owner.kind, owner.id, info.id, scope.signals],
  );
  const live = source.useLive(monitored, project);
  const tables = owner.kind === 'equipment' ? monitored : owned;
  const page = useMemo(
    () => ({ id: info.id, owner: { kind: owner.kind, id: owner.id } as PageOwner, draft: draft !== undefined }),
    [info.id, owner.kind, owner.id, draft],
  );
  // A project page's statistics (system bindings), asked while it is shown.
  const statisticKeys = useMemo(() => (owner.kind === 'project' && document ? systemKeysIn(document) : []), [owner.kind, document]);
  const statistics = source.useStatistics(owner.kind === 'project' ? owner.id : null, statisticKeys);
  const context = useRuntimeContext(catalogue, live, onOpenPage, tables, page, statistics, mvars);
  return { scope, draft, document, live, context };
}
