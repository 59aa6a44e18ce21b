/**
 * The shared equipment's configuration pages in the share view, one tab each, the chosen one live: the console's
 * own viewer (LiveConfigPage, its write confirmations and value dialogs included) under the share's page source
 * (sharePageSource.ts), so every call it makes is a `share/…` call of this visit. A page's "open page" click event
 * opens another page of the equipment; a page the share does not show (another equipment's, a project's, one with
 * its own password) is said to be not shared.
 */
import { useMemo } from 'react';
import { Tabs, message } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PageSummary } from '@/generated/answers';
import { LiveConfigPage } from '@/runtime/live/LiveConfigPage';
import { PageSourceProvider } from '@/runtime/live/pageSource';
import { sharePageSource } from './sharePageSource';

interface SharePagesPaneProps {
  equipId: number;
  /** The pages the share shows (`share/pages`), at least one. */
  pages: readonly PageSummary[];
  /** The page shown. */
  shown: PageSummary;
  onSelect: (pageId: number) => void;
}

export function SharePagesPane({ equipId, pages, shown, onSelect }: SharePagesPaneProps) {
  const { t } = useTranslation();
  const [messageApi, messageHolder] = message.useMessage();
  // One source per visit: the viewer's hooks run in a fixed order for as long as it shows a page.
  const source = useMemo(() => sharePageSource(equipId), [equipId]);
  const openPage = (id: number) => {
    if (pages.some((page) => page.id === id)) onSelect(id);
    else void messageApi.warning(t('share.pageNotShared'));
  };
  return (
    <PageSourceProvider value={source}>
      {messageHolder}
      <Tabs
        data-testid="share-pages"
        activeKey={String(shown.id)}
        onChange={(key) => onSelect(Number(key))}
        destroyOnHidden
        items={pages.map((page) => ({
          key: String(page.id),
          label: <span data-testid={`share-page-tab-${page.id}`}>{page.title}</span>,
          children:
            page.id === shown.id ? (
              <LiveConfigPage pageId={page.id} owner={{ kind: 'equipment', id: equipId }} onOpenPage={openPage} showTitle={false} />
            ) : null,
        }))}
      />
    </PageSourceProvider>
  );
}
