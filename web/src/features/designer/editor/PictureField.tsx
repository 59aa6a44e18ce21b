/**
 * A picture address (the `picture` field kind: a page's background, an image widget's picture, a state's picture):
 * typed as text, marked and not committed when the viewer would not draw it, or picked from the organisation's
 * image library (ImageLibraryModal.tsx), which commits at once as one history step. The library dialog, and the
 * calls it makes, exist only while it is open.
 */
import { useState } from 'react';
import { Button, Flex, Tooltip } from 'antd';
import { CodeSandboxOutlined, PictureOutlined } from '@ant-design/icons';
import { isModelUrl } from '@/runtime/modelWidget';
import { useTranslation } from 'react-i18next';
import { drawnPicture } from '../model/fields/base';
import { ImageLibraryModal } from './ImageLibraryModal';
import { TextField } from './TextField';

interface PictureFieldProps {
  /** The address input's id and test id; the library button's is `<id>-library`. */
  id: string;
  value: string;
  max: number;
  disabled?: boolean;
  ariaLabel?: string;
  placeholder?: string;
  style?: React.CSSProperties;
  /** A picture (the default), or a 3D model address (the model widget's: http(s) or a library .glb). */
  kind?: 'picture' | 'model';
  onCommit(address: string): void;
}

const modelAddress = (text: string) => text.trim() === '' || isModelUrl(text.trim());

export function PictureField({ id, value, max, disabled, ariaLabel, placeholder, style, kind = 'picture', onCommit }: PictureFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  return (
    <Flex gap={4} align="center" style={{ flex: 1, minWidth: 0, ...style }}>
      <TextField
        id={id}
        ariaLabel={ariaLabel}
        placeholder={placeholder ?? (kind === 'model' ? '/userimg/….glb, https://…' : '/userimg/…')}
        style={{ flex: 1, minWidth: 0 }}
        value={value}
        max={max}
        valid={kind === 'model' ? modelAddress : drawnPicture}
        disabled={disabled}
        onCommit={onCommit}
      />
      <Tooltip title={t('designer.library.choose')}>
        <Button
          size="small"
          icon={kind === 'model' ? <CodeSandboxOutlined /> : <PictureOutlined />}
          disabled={disabled}
          aria-label={t('designer.library.choose')}
          data-testid={`${id}-library`}
          onClick={() => setOpen(true)}
        />
      </Tooltip>
      {open && (
        <ImageLibraryModal
          current={value}
          want={kind}
          onClose={() => setOpen(false)}
          onPick={(image) => {
            setOpen(false);
            if (image !== value) onCommit(image);
          }}
        />
      )}
    </Flex>
  );
}
