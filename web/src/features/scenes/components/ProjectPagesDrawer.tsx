/**
 * A project's configuration pages in a drawer over the project list (the shared page list,
 * entities/pages/configPages.ts with a project owner). Which project is open lives in the address (`?pages={id}`,
 * lib/paths.ts), so the designer's "back" of a project page lands here with the project's pages open. Changing pages
 * needs the manage permission; without it the list is read only.
 */
import { Drawer } from 'antd';
import { useTranslation } from 'react-i18next';
import { ConfigPageList } from '@/entities/pages/components/ConfigPageList';
import { Permission, hasAuth } from '@/lib/access';
import { useProject } from '@/entities/projects/api';
import { useUser } from '@/lib/session';

interface ProjectPagesDrawerProps {
  /** The project whose pages are shown; null when the drawer is closed. */
  projectId: number | null;
  onClose(): void;
}

export function ProjectPagesDrawer({ projectId, onClose }: ProjectPagesDrawerProps) {
  const { t } = useTranslation();
  const canManage = hasAuth(useUser(), Permission.Manage);
  // Only for the name: the list itself says when the project cannot be seen (1253).
  const name = useProject(projectId ?? undefined).data?.name;
  return (
    <Drawer
      open={projectId !== null}
      onClose={onClose}
      width={900}
      destroyOnHidden
      title={name ? t('projects.pagesTitle', { name }) : t('projects.pagesTitleUnnamed')}
      data-testid="project-pages"
    >
      {projectId !== null && <ConfigPageList key={projectId} owner={{ kind: 'project', id: projectId }} readOnly={!canManage} />}
    </Drawer>
  );
}
