/**
 * One configuration page, live, whoever owns it: an EG equipment's page (its signals) or a project's page (the
 * signals of any equipment of the project). Loads the page (the server's rights and the page password apply
 * first), checks that it is the owner's the address names (a page of another owner is "not found": another's page
 * is never drawn), then useLivePage: the owner's catalogue, binding repair, the monitor sessions and the viewer's
 * context. The header says whether monitoring is on and how many alarms are open.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Flex, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { TabEmpty, TabError, TabLoading } from '@/components/LoadState';
import { ZoomPan } from '@/components/ZoomPan';
import { useCompactShell } from '@/lib/layout';
import { Code } from '@/lib/api/codes';
import type { ApiError } from '@/lib/api/errors';
import { configPageKeys, ownerOfPage, sameOwner, type ConfigPageInfo, type PageOwner } from '@/entities/pages/configPages';
import { egDetailPath, projectPagePath } from '@/lib/paths';
import { formatBaseTime } from '@/lib/chinaTime';
import { PageView } from '../PageView';
import { LiveStatus } from './LiveStatus';
import { usePageSource } from './pageSource';
import { PagePasswordPrompt } from './PagePasswordPrompt';
import { useLivePage } from './useLivePage';

/**
 * Codes that say the page, or its project, is not the caller's: shown as "not found", never retried (the share
 * view answers 1214 for a page that is not the shared equipment's).
 */
const NOT_FOUND: readonly string[] = [Code.PageNotFound, Code.ProjectNotFound, Code.EquipmentNotFound];

/**
 * The page from the page source (pageSource.ts), which chooses the call by the owner the address names (undefined:
 * the address names only the page); cached under the source's scope and that owner, so an answer of one call never
 * serves another.
 */
export function usePageInfo(pageId: number, owner: PageOwner | undefined) {
  const source = usePageSource();
  return useQuery<ConfigPageInfo, ApiError>({
    queryKey: [...configPageKeys.info(pageId), source.scope, ...(owner ? [owner.kind, owner.id] : [])],
    queryFn: ({ signal }) => source.fetchPageInfo(pageId, owner, signal),
  });
}

interface LiveConfigPageProps {
  pageId: number;
  /**
   * The owner the address names: a page of another owner answers "not found". Left out where the address names
   * only the page (the EG page route): any equipment's page is shown, and a project's page is pointed to its
   * project's monitor.
   */
  owner?: PageOwner;
  /** Where a page's "open page" click event goes. */
  onOpenPage: (pageId: number) => void;
  /** Show the page's title in the header (off where the caller already names the page). */
  showTitle?: boolean;
  /**
   * Draw the designer's unsaved document of this page (entities/pages/pageDraft.ts) instead of the stored one, under a
   * banner that says so; the stored one when there is no draft. The page is still loaded first: rights and password
   * apply.
   */
  draft?: boolean;
  /** Fill the parent's height (a full-window preview): the page is scaled into what is left under the header. */
  fill?: boolean;
  /** Shown at the end of the page's header (a full-window preview's bell). */
  headerExtra?: ReactNode;
  /** Shown under "not found" (a full-window preview's way back: it has no shell to leave by). */
  notFoundAction?: ReactNode;
}

export function LiveConfigPage(props: LiveConfigPageProps) {
  const { pageId, owner, onOpenPage, showTitle = true, draft = false, fill = false, headerExtra, notFoundAction } = props;
  const { t } = useTranslation();
  const source = usePageSource();
  const info = usePageInfo(pageId, owner);
  const givePassword = source.givePagePassword;
  if (info.error?.code === Code.PagePasswordRequired && givePassword) {
    return <PagePasswordPrompt give={(password) => givePassword(pageId, password, owner)} onUnlocked={() => void info.refetch()} />;
  }
  if (info.error) {
    if (info.error.code === Code.SharePageProtected) {
      return <TabEmpty testId="page-protected" description={info.error.message} />;
    }
    return NOT_FOUND.includes(info.error.code) ? (
      <TabEmpty testId="page-not-found" description={t('livePage.notFound')}>
        {notFoundAction}
      </TabEmpty>
    ) : (
      <TabError testId="page-error" title={t('livePage.loadFailed')} error={info.error} onRetry={() => void info.refetch()} />
    );
  }
  if (!info.data) return <TabLoading testId="page-loading" />;
  const pageOwner = ownerOfPage(info.data);
  if (pageOwner === null || (owner !== undefined && !sameOwner(owner, pageOwner))) {
    return <TabEmpty testId="page-not-found" description={t('livePage.notFound')}>
        {notFoundAction}
      </TabEmpty>;
  }
  if (owner === undefined && pageOwner.kind === 'project') {
    return (
      <TabEmpty testId="page-of-project" description={t('livePage.projectPage')}>
        <Link to={projectPagePath(pageOwner.id, pageId)}>
          <Button type="primary">{t('livePage.openInProject')}</Button>
        </Link>
      </TabEmpty>
    );
  }
  return (
    <LivePage
      key={`${pageOwner.kind}-${pageOwner.id}`}
      info={info.data}
      owner={pageOwner}
      onOpenPage={onOpenPage}
      showTitle={showTitle}
      draft={draft}
      fill={fill}
      headerExtra={headerExtra}
      notFoundAction={notFoundAction}
    />
  );
}

interface LivePageProps {
  info: ConfigPageInfo;
  owner: PageOwner;
  onOpenPage: (pageId: number) => void;
  showTitle: boolean;
  draft: boolean;
  fill: boolean;
  headerExtra: ReactNode;
  notFoundAction: ReactNode;
}

function LivePage({ info, owner, onOpenPage, showTitle, draft: draftAsked, fill, headerExtra, notFoundAction }: LivePageProps) {
  const { t } = useTranslation();
  const { consoleLinks } = usePageSource();
  const { scope, draft, document, live, context } = useLivePage(info, owner, onOpenPage, draftAsked);
  const failure = scope.projectError ?? scope.catalogueError;
  const touchLayout = useCompactShell();

  let body;
  if (scope.projectError && NOT_FOUND.includes(scope.projectError.code)) {
    body = <TabEmpty testId="page-not-found" description={t('livePage.notFound')}>
        {notFoundAction}
      </TabEmpty>;
  } else if (failure) {
    const title = scope.projectError ? t('livePage.projectFailed') : t('livePage.signalsFailed');
    body = <TabError title={title} error={failure} onRetry={scope.retry} />;
  } else if (document === null) {
    body = <TabLoading testId="page-loading" />;
  } else {
    // On a phone or tablet the drawn page is small: two fingers zoom it, one pans it (components/ZoomPan.tsx). The
    // wrapper stays on the wide layout too, switched off, so crossing the breakpoint never remounts the page.
    body = (
      <ZoomPan enabled={touchLayout}>
        <PageView document={document} context={context} now={live.now} />
      </ZoomPan>
    );
  }

  return (
    <Flex vertical gap={8} data-testid="live-page" data-page-id={info.id} style={fill ? { height: '100%' } : undefined}>
      <Flex justify="space-between" align="center" wrap gap={12}>
        <Flex align="baseline" gap={12} wrap>
          {showTitle && (
            <Typography.Title level={5} style={{ margin: 0 }} data-testid="live-page-title">
              {info.title}
            </Typography.Title>
          )}
          {owner.kind === 'equipment' && consoleLinks && (
            <Link to={egDetailPath(owner.id)} data-testid="live-page-detail-link">
              {t('livePage.openDetail')}
            </Link>
          )}
        </Flex>
        <Flex align="center" gap={8} wrap>
          <LiveStatus live={live} projectEquipment={owner.kind === 'project' ? scope.equipment : null} />
          {headerExtra}
        </Flex>
      </Flex>
      {draft && (
        <Alert
          type="warning"
          showIcon
          data-testid="live-page-draft"
          message={t('livePage.draft', { time: formatBaseTime(draft.at, 'HH:mm:ss') })}
        />
      )}
      {fill ? <div style={{ flex: 1, minHeight: 0 }}>{body}</div> : body}
    </Flex>
  );
}
