/**
 * What the designer loads first, asked for while its chunk is still on the way (app/router.tsx, RouteDef.prefetch):
 * the page as the designer opens it and, for an equipment's page, the equipment's signal catalogue. Loaded from a
 * chunk of its own, small and fetched beside the designer's, so the page's answer does not wait for the designer's
 * code (issue 13's open figure). A project page's catalogues need the project's equipment first: the designer asks.
 */
import type { QueryClient } from '@tanstack/react-query';
import { pageForDesignQuery, type PageOwner } from '@/entities/pages/configPages';
import { positiveIdOf } from '@/lib/paths';
import { signalsQuery } from '@/entities/signals/catalogue';

/**
 * How long an answer counts as fresh: a prefetched answer is not asked for again when the designer mounts a
 * moment later, and a later open asks again.
 */
export const JUST_FETCHED_MS = 2_000;

/** The owner the address names: the project of a project designer's address, else the equipment. */
export function ownerOfParams(params: Readonly<Record<string, string | undefined>>): PageOwner | null {
  if (params.projectId !== undefined) {
    const id = positiveIdOf(params.projectId);
    return id === null ? null : { kind: 'project', id };
  }
  const id = positiveIdOf(params.equipId);
  return id === null ? null : { kind: 'equipment', id };
}

/** The page's id in the address, or null. */
export const pageIdOfParams = (params: Readonly<Record<string, string | undefined>>) => positiveIdOf(params.pageId);

export function prefetchDesigner(params: Readonly<Record<string, string | undefined>>, client: QueryClient): void {
  const owner = ownerOfParams(params);
  const pageId = pageIdOfParams(params);
  if (owner === null || pageId === null) return;
  // Failures are not kept: the designer's own query asks again and shows what went wrong.
  void client.prefetchQuery(pageForDesignQuery(pageId, JUST_FETCHED_MS));
  if (owner.kind === 'equipment') void client.prefetchQuery(signalsQuery(owner.id, JUST_FETCHED_MS));
}
