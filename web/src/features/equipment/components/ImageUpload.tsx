/**
 * The equipment's picture: chosen, checked in the browser as the server would (lib/imageFiles.ts: type
 * png/jpg/gif/svg/webp, at most 2 MiB) and only then sent to /equipment/multi/image/upload with the equipment's
 * id. A new equipment has no id yet, so the control says to save first.
 */
import { useState } from 'react';
import { Alert, Button, Flex, Image, Typography, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { IMAGE_EXTENSIONS, IMAGE_MAX_MIB, imageFileProblem } from '@/lib/imageFiles';
import { useUploadEquipmentImage } from '../api/uploadImage';

interface ImageUploadProps {
  equipmentId?: number;
  /** The stored path, if the equipment has a picture. */
  image?: string | null;
  disabled?: boolean;
}

export function ImageUpload({ equipmentId, image, disabled }: ImageUploadProps) {
  const { t } = useTranslation();
  const uploadImage = useUploadEquipmentImage();
  const [problem, setProblem] = useState<string | null>(null);
  const [uploaded, setUploaded] = useState<string | null>(null);
  const shown = uploaded ?? image ?? null;

  if (equipmentId === undefined) {
    return <Typography.Text type="secondary">{t('equipment.image.saveFirst')}</Typography.Text>;
  }

  const choose = (file: File) => {
    const refused = imageFileProblem(file);
    if (refused) {
      setProblem(refused === 'type' ? t('equipment.image.badType') : t('equipment.image.tooLarge', { max: IMAGE_MAX_MIB }));
      return false;
    }
    setProblem(null);
    uploadImage.mutate(
      { id: equipmentId, file },
      {
        onSuccess: (path) => setUploaded(path),
        onError: (error) => setProblem(error.message),
      },
    );
    return false; // the upload is ours, not antd's
  };

  return (
    <Flex vertical gap={8} data-testid="equipment-image">
      {shown && <Image src={shown} alt={t('equipment.field.image')} width={160} style={{ objectFit: 'contain' }} />}
      <Upload
        accept={IMAGE_EXTENSIONS.join(',')}
        showUploadList={false}
        beforeUpload={choose}
        disabled={disabled || uploadImage.isPending}
      >
        <Button icon={<UploadOutlined />} loading={uploadImage.isPending} id="equipment-image-upload">
          {shown ? t('equipment.image.replace') : t('equipment.image.choose')}
        </Button>
      </Upload>
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        {t('equipment.image.hint', { max: IMAGE_MAX_MIB })}
      </Typography.Text>
      {problem && <Alert type="error" showIcon message={problem} data-testid="equipment-image-error" />}
    </Flex>
  );
}
