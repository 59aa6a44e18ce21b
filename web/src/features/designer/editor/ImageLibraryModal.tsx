/**
 * The organisation's image library, opened from a picture field: the pictures as thumbnails (served by /userimg,
 * newest first, a page at a time), one picked for the field, a new one uploaded (checked in the browser as the
 * server would: lib/imageFiles.ts) and one deleted after asking. The server's refusals (a file it does not take, a
 * picture a page still shows) are shown above the pictures.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Empty, Flex, Modal, Pagination, Spin, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_EXTENSIONS, IMAGE_MAX_MIB, IMAGE_TYPE_NAMES, MODEL_EXTENSION, MODEL_MAX_MIB, isModelFile, libraryFileProblem } from '@/lib/imageFiles';
import { useImageLibrary, useImageLibraryChanges } from '../api/imageLibrary';
import { ImageLibraryTile } from './ImageLibraryTile';

/** Pictures per page of the dialog: four rows of five. */
export const LIBRARY_PAGE_SIZE = 20;

interface ImageLibraryModalProps {
  /** The field's address now: its picture is marked. */
  current: string;
  onPick(image: string): void;
  onClose(): void;
  /** What the field takes: a picture (the default) or a 3D model (.glb); files of the other kind cannot be used. */
  want?: 'picture' | 'model';
}

export function ImageLibraryModal({ current, onPick, onClose, want = 'picture' }: ImageLibraryModalProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const [problem, setProblem] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<number | null>(null);
  const library = useImageLibrary(page, LIBRARY_PAGE_SIZE);
  const { add, rename, remove } = useImageLibraryChanges();
  const types = IMAGE_TYPE_NAMES.join(' / ');
  const total = library.data?.total ?? 0;

  // A deletion that emptied the last page shows the one before.
  const lastPage = Math.max(1, Math.ceil(total / LIBRARY_PAGE_SIZE));
  useEffect(() => {
    if (library.data && page > lastPage) setPage(lastPage);
  }, [library.data, page, lastPage]);

  const choose = (file: File) => {
    const refused = libraryFileProblem(file);
    if (refused) {
      setProblem(
        refused === 'type'
          ? t('designer.library.badType', { types })
          : t('designer.library.tooLarge', { max: refused === 'modelSize' ? MODEL_MAX_MIB : IMAGE_MAX_MIB }),
      );
      return false;
    }
    setProblem(null);
    add.mutate(file, {
      onSuccess: (stored) => {
        setUploaded(stored.id);
        setPage(1);
      },
      onError: (error) => setProblem(error.message),
    });
    return false; // the upload is ours, not antd's
  };

  const renameImage = (id: number, title: string) => {
    setProblem(null);
    rename.mutate({ id, title }, { onError: (error) => setProblem(error.message) });
  };

  const deleteImage = (id: number) => {
    setProblem(null);
    remove.mutate(id, { onError: (error) => setProblem(error.message) });
  };

  return (
    <Modal
      open
      title={t('designer.library.title')}
      width={760}
      onCancel={onClose}
      footer={<Button onClick={onClose}>{t('designer.library.close')}</Button>}
      data-testid="image-library"
    >
      <Flex vertical gap={12}>
        <Flex gap={12} align="center" wrap>
          <Upload accept={[...IMAGE_EXTENSIONS, MODEL_EXTENSION].join(',')} showUploadList={false} beforeUpload={choose} disabled={add.isPending}>
            <Button type="primary" icon={<UploadOutlined />} loading={add.isPending} data-testid="library-upload">
              {t('designer.library.upload')}
            </Button>
          </Upload>
          <Typography.Text type="secondary" style={{ flex: 1, minWidth: 200, fontSize: 12 }}>
            {t('designer.library.hint', { types, max: IMAGE_MAX_MIB })} {t('designer.library.modelHint', { max: MODEL_MAX_MIB })}
          </Typography.Text>
        </Flex>
        {problem && (
          <Alert type="error" showIcon closable message={problem} onClose={() => setProblem(null)} data-testid="library-error" />
        )}
        {library.error ? (
          <Alert
            type="error"
            showIcon
            message={t('designer.library.loadFailed', { reason: library.error.message })}
            action={
              <Button size="small" onClick={() => void library.refetch()}>
                {t('designer.library.retry')}
              </Button>
            }
          />
        ) : !library.data ? (
          <Flex justify="center" style={{ padding: 48 }}>
            <Spin />
          </Flex>
        ) : total === 0 ? (
          <Empty description={t('designer.library.empty')} data-testid="library-empty" />
        ) : (
          <div
            data-testid="library-grid"
            style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(128px, 1fr))', gap: 12 }}
          >
            {library.data.list.map((image) => (
              <ImageLibraryTile
                key={image.id}
                image={image}
                current={image.image === current.trim()}
                fresh={image.id === uploaded}
                deleting={remove.isPending && remove.variables === image.id}
                usable={isModelFile(image.image) === (want === 'model')}
                onPick={() => onPick(image.image)}
                onRename={(title) => renameImage(image.id, title)}
                onDelete={() => deleteImage(image.id)}
              />
            ))}
          </div>
        )}
        {total > LIBRARY_PAGE_SIZE && (
          <Pagination
            size="small"
            align="end"
            current={Math.min(page, lastPage)}
            pageSize={LIBRARY_PAGE_SIZE}
            total={total}
            showSizeChanger={false}
            onChange={setPage}
          />
        )}
      </Flex>
    </Modal>
  );
}
