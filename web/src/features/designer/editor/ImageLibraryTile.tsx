/**
 * One picture of the image library: its thumbnail (a click picks it), title (renamed in place: the pencil, then
 * Enter or leaving the field; an empty or unchanged title changes nothing, the server checks the rest), type and
 * size, and the buttons to use it or delete it (after asking). The field's current picture and one just uploaded are marked.
 */
import { Button, Flex, Popconfirm, Tag, Typography } from 'antd';
import { CodeSandboxOutlined, DeleteOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { LibraryImage } from '@/generated/answers';
import { Limits } from '@/lib/api/limits';

/** A size as a person reads it: bytes below 1 KiB, else KiB with one decimal below 10. */
export function sizeText(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const kib = bytes / 1024;
  if (kib < 1024) return `${kib < 10 ? kib.toFixed(1) : Math.round(kib)} KB`;
  return `${(kib / 1024).toFixed(1)} MB`;
}

/** Transparent pictures are shown over a light checkerboard, as image editors do. */
const CHECKERBOARD = 'repeating-conic-gradient(#f0f0f0 0% 25%, #ffffff 0% 50%) 50% / 16px 16px';

interface ImageLibraryTileProps {
  image: LibraryImage;
  /** The field holds this picture now. */
  current: boolean;
  /** Just uploaded. */
  fresh: boolean;
  deleting: boolean;
  /** The field takes this kind of file (a picture field no model, a model field no picture). */
  usable: boolean;
  onPick(): void;
  onRename(title: string): void;
  onDelete(): void;
}

export function ImageLibraryTile({ image, current, fresh, deleting, usable, onPick, onRename, onDelete }: ImageLibraryTileProps) {
  const { t } = useTranslation();
  // A 3D model has no thumbnail a browser draws: a cube stands for it, with its name below as for every file.
  const model = image.kind === 'glb';
  return (
    <Flex
      vertical
      gap={6}
      data-testid="library-image"
      data-image={image.image}
      style={{
        border: `1px solid ${current ? '#1677ff' : '#f0f0f0'}`,
        boxShadow: current ? '0 0 0 1px #1677ff' : undefined,
        borderRadius: 6,
        padding: 8,
        minWidth: 0,
      }}
    >
      <button
        type="button"
        onClick={onPick}
        disabled={!usable}
        title={usable ? t('designer.library.pick') : t(model ? 'designer.library.notPicture' : 'designer.library.notModel')}
        data-kind={model ? 'model' : 'picture'}
        style={{
          padding: 0,
          border: 'none',
          cursor: usable ? 'pointer' : 'not-allowed',
          opacity: usable ? 1 : 0.5,
          height: 96,
          background: model ? '#f5f7fa' : CHECKERBOARD,
          borderRadius: 4,
        }}
      >
        {model ? (
          <CodeSandboxOutlined role="img" aria-label={image.title} style={{ fontSize: 48, color: '#1677ff' }} data-testid="library-model-icon" />
        ) : (
          <img src={image.image} alt={image.title} loading="lazy" style={{ width: '100%', height: '100%', objectFit: 'contain', display: 'block' }} />
        )}
      </button>
      <Typography.Text
        ellipsis={{ tooltip: image.title }}
        style={{ fontSize: 12, marginBottom: 0 }}
        data-testid="library-title"
        editable={{
          maxLength: Limits.ImageTitleChars,
          tooltip: t('designer.library.rename'),
          text: image.title,
          onChange: (next) => {
            const title = next.trim();
            if (title !== '' && title !== image.title) onRename(title);
          },
        }}
      >
        {image.title}
      </Typography.Text>
      {/* As tall with a tag as without, so the tiles' buttons line up. */}
      <Flex justify="space-between" align="center" gap={4} style={{ minHeight: 22 }}>
        <Typography.Text type="secondary" style={{ fontSize: 11 }}>
          {image.kind.toUpperCase()} · {sizeText(image.bytes)}
        </Typography.Text>
        {current && <Tag color="blue" style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }}>{t('designer.library.current')}</Tag>}
        {!current && fresh && <Tag color="green" style={{ marginInlineEnd: 0, fontSize: 11, lineHeight: '18px' }}>{t('designer.library.new')}</Tag>}
      </Flex>
      <Flex gap={4}>
        <Button size="small" type="primary" ghost style={{ flex: 1 }} data-testid="library-pick" disabled={!usable} onClick={onPick}>
          {t('designer.library.use')}
        </Button>
        <Popconfirm
          title={t('designer.library.deleteTitle')}
          description={t('designer.library.deleteConfirm', { title: image.title })}
          okText={t('designer.library.delete')}
          okButtonProps={{ danger: true }}
          cancelText={t('designer.library.keep')}
          onConfirm={onDelete}
        >
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            loading={deleting}
            aria-label={t('designer.library.delete')}
            data-testid="library-delete"
          />
        </Popconfirm>
      </Flex>
    </Flex>
  );
}
