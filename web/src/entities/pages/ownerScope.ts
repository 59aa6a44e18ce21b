/**
 * What the widgets of a configuration page may bind, by the page's owner (entities/pages/configPages `PageOwner`): an
 * equipment's page its equipment's signals; a project's page the signals of every equipment of the project
 * (`project/info`'s equipment, one catalogue query each, their union). The designer reads it for its pickers,
 * templates and binding repair; the live viewer to repair the page's bindings and to know which equipment its
 * tables cover.
 */
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import type { ApiError } from '@/lib/api/errors';
import type { PageOwner } from '@/entities/pages/configPages';
import { useProject } from '@/entities/projects/api';
import { useSignalsOf } from '@/entities/signals/catalogue';
import { signalKeys } from '@/entities/signals/keys';
import type { SignalEntry } from '@/generated/answers';

/** An equipment of the owner, by name. */
export interface OwnerEquipment {
  id: number;
  title: string;
}

export interface OwnerScope {
  /** The owner's equipment, in the project's order; an equipment page's own equipment alone. */
  equipment: OwnerEquipment[];
  /** The signals of that equipment, each knowing its equipment (`equipId`, `equipTitle`). */
  signals: readonly SignalEntry[];
  /** Every catalogue answered: only then may binding repair clear a binding whose signal it does not find. */
  complete: boolean;
  /** Still waiting for the project or a catalogue. */
  pending: boolean;
  /** The project could not be loaded (1253: not the caller's, or not every equipment of it granted). */
  projectError: ApiError | null;
  /** A catalogue could not be loaded (the first failure). */
  catalogueError: ApiError | null;
  /** Asks again for what failed: the project, or the catalogues. */
  retry(): void;
}

export function useOwnerScope(owner: PageOwner, options: { freshForMs?: number } = {}): OwnerScope {
  const client = useQueryClient();
  const project = useProject(owner.kind === 'project' ? owner.id : undefined);
  const projectEquipment = project.data?.equipment;
  const ids = useMemo(
    () => (owner.kind === 'equipment' ? [owner.id] : (projectEquipment ?? []).map((e) => e.id)),
    [owner.kind, owner.id, projectEquipment],
  );
  const catalogue = useSignalsOf(ids, options);
  const equipment = useMemo<OwnerEquipment[]>(() => {
    if (owner.kind === 'project') return (projectEquipment ?? []).map((e) => ({ id: e.id, title: e.equipName }));
    // An equipment page names its equipment by its signals' catalogue record.
    return [{ id: owner.id, title: catalogue.signals[0]?.equipTitle ?? '' }];
  }, [owner.kind, owner.id, projectEquipment, catalogue.signals]);
  const projectPending = owner.kind === 'project' && project.isPending && !project.error;
  const projectError = owner.kind === 'project' ? project.error : null;
  return {
    equipment,
    signals: catalogue.signals,
    complete: catalogue.complete && !projectPending && !project.error,
    pending: projectPending || catalogue.pending,
    projectError,
    catalogueError: catalogue.error,
    retry: () => {
      if (projectError) void project.refetch();
      for (const id of ids) void client.refetchQueries({ queryKey: signalKeys.signals(id), type: 'active' });
    },
  };
}
