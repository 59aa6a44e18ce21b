/**
 * A project's intermediate variables (crates/server/src/api/mvars.rs, docs/mvars.md): the designer lists, adds,
 * changes and deletes them; the viewer fetches those its page binds (`mvar/queryAll`) and computes them from the
 * live readings (runtime/mvars.ts). One cache key per project, so a change in the designer refreshes a page shown
 * in another tab's viewer on its next fetch.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { post } from '@/lib/api/client';
import type { ApiError } from '@/lib/api/errors';
import type { Created, FormulaChecked, Mvar } from '@/generated/answers';

export type { Mvar };

/** How a variable is computed: an aggregate of its signals, or a custom formula (runtime/formula.ts reads both). */
export type Calc = 'sum' | 'avg' | 'min' | 'max' | 'custom';
export const CALCS: readonly Calc[] = ['sum', 'avg', 'min', 'max', 'custom'];

export const mvarKeys = {
  project: (projectId: number) => ['mvars', projectId] as const,
  bound: (projectId: number, ids: string) => ['mvars', projectId, 'bound', ids] as const,
};

const NONE: readonly Mvar[] = Object.freeze([]);

/** POST /lfscada/project/mvar/query {projectId}: the project's variables by name (none while `projectId` is null). */
export function useMvars(projectId: number | null) {
  return useQuery<Mvar[], ApiError>({
    queryKey: mvarKeys.project(projectId ?? 0),
    queryFn: ({ signal }) => post<Mvar[]>('/lfscada/project/mvar/query', { projectId: projectId ?? 0 }, { silent: true, signal }),
    enabled: projectId !== null,
  });
}

/**
 * POST /lfscada/project/mvar/queryAll {projectId, ids}: the variables a page binds, as a stable list (the same
 * array until an answer differs). None for no project or no ids; a failed call leaves the variables without a
 * value (the widgets show "no value"), never a made-up one.
 */
export function useBoundMvars(projectId: number | null, ids: readonly number[]): readonly Mvar[] {
  const joined = ids.join(',');
  const found = useQuery<Mvar[], ApiError>({
    queryKey: mvarKeys.bound(projectId ?? 0, joined),
    queryFn: ({ signal }) =>
      post<Mvar[]>('/lfscada/project/mvar/queryAll', { projectId: projectId ?? 0, ids: joined }, { silent: true, signal }),
    enabled: projectId !== null && joined !== '',
    retry: false,
  });
  return found.data ?? NONE;
}

/** What the designer's form sends: an aggregate's signals, or a custom formula. */
export interface MvarDraft {
  /** Absent: a new variable of `projectId`. */
  id?: number;
  projectId: number;
  name: string;
  calc: Calc;
  signalIds: number[];
  formula: string;
  unit: string;
  decimals: number;
}

/** POST /lfscada/project/mvar/add or /edit. Silent: the form marks the refused field. */
export function useSaveMvar() {
  const client = useQueryClient();
  return useMutation<Created | null, ApiError, MvarDraft>({
    mutationFn: ({ id, projectId, signalIds, ...fields }) => {
      const body = { ...fields, ...(fields.calc === 'custom' ? {} : { signalIds: signalIds.join(',') }) };
      return id === undefined
        ? post<Created>('/lfscada/project/mvar/add', { projectId, ...body }, { silent: true })
        : post<null>('/lfscada/project/mvar/edit', { id, ...body }, { silent: true });
    },
    onSuccess: (_, draft) => void client.invalidateQueries({ queryKey: mvarKeys.project(draft.projectId) }),
  });
}

/** POST /lfscada/project/mvar/delete {id}. */
export function useDeleteMvar(projectId: number) {
  const client = useQueryClient();
  return useMutation<null, ApiError, number>({
    mutationFn: (id) => post<null>('/lfscada/project/mvar/delete', { id }),
    onSuccess: () => void client.invalidateQueries({ queryKey: mvarKeys.project(projectId) }),
  });
}

/** POST /lfscada/project/mvar/validFormulaVar: the server's word on a formula (where and why, or its signals). */
export function checkFormula(projectId: number, formula: string): Promise<FormulaChecked> {
  return post<FormulaChecked>('/lfscada/project/mvar/validFormulaVar', { projectId, formula }, { silent: true });
}
