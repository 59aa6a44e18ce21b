/**
 * The intermediate variables of the project whose page the designer draws (entities/mvars/api.ts), for the binding
 * picker to offer beside the statistics; null on an equipment's page, which has none.
 */
import { createContext, useContext } from 'react';
import type { Mvar } from '@/entities/mvars/api';

export interface ProjectMvars {
  projectId: number;
  mvars: readonly Mvar[];
}

export const ProjectMvarsContext = createContext<ProjectMvars | null>(null);

export function useProjectMvars(): ProjectMvars | null {
  return useContext(ProjectMvarsContext);
}
