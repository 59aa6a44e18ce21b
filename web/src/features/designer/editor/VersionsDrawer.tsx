/**
 * The page's kept versions (the last 20 saves): when, by whom, how many widgets. Each can be previewed, drawn by
 * the viewer's renderers without live values, and restored into the editor (model/versions.ts) as one undoable
 * step that the engineer then saves. Restoring over unsaved changes asks first.
 */
import { memo, useState } from 'react';
import { Button, Drawer, Empty, List, Modal, Space, Tag, Typography, message as antdMessage } from 'antd';
import { useTranslation } from 'react-i18next';
import dayjs from 'dayjs';
import type { PageVersion } from '@/generated/answers';
import type { ApiError } from '@/lib/api/errors';
import { DATE_TIME } from '@/lib/chinaTime';
import { PageView } from '@/runtime/PageView';
import { parsePageDocument, type PageDocument } from '@/runtime/document';
import type { RuntimeContext } from '@/runtime/types';
import { TabError, TabLoading } from '@/components/LoadState';
import { fetchPageVersion, usePageVersions } from '../api/pageVersions';

interface VersionsDrawerProps {
  pageId: number;
  open: boolean;
  onClose(): void;
  /** The editor has changes not saved: restoring asks first. */
  unsaved: boolean;
  onRestore(document: PageDocument): void;
}

/** A still page: no values, no writes, no navigation. */
const STILL: RuntimeContext = {
  values: {},
  signals: new Map(),
  canWrite: false,
  write: () => Promise.reject(new Error('preview')),
  openPage: () => undefined,
};

export const VersionsDrawer = memo(function VersionsDrawer({ pageId, open, onClose, unsaved, onRestore }: VersionsDrawerProps) {
  const { t } = useTranslation();
  const [message, messageHolder] = antdMessage.useMessage();
  const [modal, modalHolder] = Modal.useModal();
  const versions = usePageVersions(pageId, open);
  const [preview, setPreview] = useState<{ version: PageVersion; document: PageDocument } | null>(null);
  const [loading, setLoading] = useState<number | null>(null);

  const load = async (version: PageVersion): Promise<PageDocument | null> => {
    setLoading(version.saved);
    try {
      return parsePageDocument((await fetchPageVersion(pageId, version.saved)).document);
    } catch (error) {
      void message.error(t('designer.versions.loadFailed', { reason: (error as ApiError).message }));
      return null;
    } finally {
      setLoading(null);
    }
  };
  const restore = (document: PageDocument) => {
    onRestore(document);
    setPreview(null);
    onClose();
    void message.success(t('designer.versions.restored'));
  };
  const askRestore = async (version: PageVersion, loaded?: PageDocument) => {
    const document = loaded ?? (await load(version));
    if (!document) return;
    if (!unsaved) return restore(document);
    const confirmed = await modal.confirm({
      title: t('designer.versions.restoreTitle'),
      content: t('designer.versions.restoreOverUnsaved'),
      okText: t('designer.versions.restore'),
      cancelText: t('designer.stay'),
    });
    if (confirmed) restore(document);
  };

  return (
    <Drawer title={t('designer.versions.title')} open={open} onClose={onClose} width={420} data-testid="versions-drawer">
      {messageHolder}
      {modalHolder}
      <Typography.Paragraph type="secondary">{t('designer.versions.hint')}</Typography.Paragraph>
      {versions.error ? (
        <TabError title={t('designer.versions.listFailed')} error={versions.error} onRetry={() => void versions.refetch()} />
      ) : !versions.data ? (
        <TabLoading testId="versions-loading" />
      ) : versions.data.length === 0 ? (
        <Empty description={t('designer.versions.none')} />
      ) : (
        <List
          dataSource={versions.data}
          renderItem={(version, index) => (
            <List.Item
              data-testid="version-row"
              actions={[
                <Button
                  key="preview"
                  size="small"
                  loading={loading === version.saved}
                  onClick={() => void load(version).then((document) => document && setPreview({ version, document }))}
                >
                  {t('designer.versions.preview')}
                </Button>,
                <Button key="restore" size="small" data-testid="version-restore" onClick={() => void askRestore(version)}>
                  {t('designer.versions.restore')}
                </Button>,
              ]}
            >
              <List.Item.Meta
                title={
                  <Space size={6}>
                    {dayjs(version.saved).format(DATE_TIME)}
                    {index === 0 && <Tag color="blue">{t('designer.versions.latest')}</Tag>}
                  </Space>
                }
                description={t('designer.versions.summary', { user: version.savedBy, count: version.widgets })}
              />
            </List.Item>
          )}
        />
      )}
      <Modal
        open={preview !== null}
        width="80vw"
        title={preview && t('designer.versions.previewTitle', { time: dayjs(preview.version.saved).format(DATE_TIME) })}
        onCancel={() => setPreview(null)}
        footer={[
          <Button key="close" onClick={() => setPreview(null)}>
            {t('designer.versions.close')}
          </Button>,
          <Button key="restore" type="primary" onClick={() => preview && void askRestore(preview.version, preview.document)}>
            {t('designer.versions.restore')}
          </Button>,
        ]}
      >
        {preview && (
          <div style={{ height: '60vh' }} data-testid="version-preview">
            <PageView document={{ ...preview.document, con: { ...preview.document.con, fit: 'container' } }} context={STILL} now={0} />
          </div>
        )}
      </Modal>
    </Drawer>
  );
});
