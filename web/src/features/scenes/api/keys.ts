/**
 * Query keys of scenes and projects. A change to a scene refreshes every scene query, a change to a project every
 * project query (one project's info, entities/projects/api.ts, lies under ['projects'] too).
 */
export const sceneKeys = {
  all: ['scenes'] as const,
  list: ['scenes', 'list'] as const,
  info: (id: number) => ['scenes', 'info', id] as const,
};

export const projectKeys = {
  all: ['projects'] as const,
  page: (query: object) => ['projects', 'page', query] as const,
};
