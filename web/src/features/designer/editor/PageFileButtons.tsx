/**
 * Export the page as a JSON file and import one in its place (model/pageFile.ts). An import is one undoable step
 * of the editor and is saved like any change; what the designer cannot take is told as the editor's notice.
 */
import { memo, useRef } from 'react';
import { Button, Dropdown } from 'antd';
import { DownloadOutlined, FileOutlined, UploadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '@/lib/download';
import type { EditorState } from '../model/actions';
import { MAX_FILE_BYTES, exportPage, importPage } from '../model/pageFile';

interface PageFileButtonsProps {
  editor: EditorState;
  title: string;
  onChange(next: EditorState): void;
}

export const PageFileButtons = memo(function PageFileButtons({ editor, title, onChange }: PageFileButtonsProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const download = () => {
    const file = exportPage(editor.history.present, title);
    saveBlob(file.name, new Blob([file.text], { type: 'application/json' }));
  };
  const read = async (file: File | undefined) => {
    if (!file) return;
    // Read no more than one byte past the limit: a huge file is refused without loading it whole.
    const text = await file.slice(0, MAX_FILE_BYTES + 1).text();
    onChange(importPage(editor, text));
  };
  return (
    <>
      <Dropdown
        trigger={['click']}
        menu={{
          items: [
            { key: 'export', icon: <DownloadOutlined />, label: <span data-testid="page-export">{t('designer.file.export')}</span>, onClick: download },
            { key: 'import', icon: <UploadOutlined />, label: <span data-testid="page-import">{t('designer.file.import')}</span>, onClick: () => input.current?.click() },
          ],
        }}
      >
        <Button icon={<FileOutlined />} data-testid="designer-file">
          {t('designer.file.title')}
        </Button>
      </Dropdown>
      <input
        ref={input}
        type="file"
        accept=".json,application/json"
        hidden
        data-testid="page-import-input"
        onChange={(event) => {
          void read(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </>
  );
});
