/**
 * "Preview" (the page as it is in the editor, unsaved changes included, live in the monitor's viewer of a new tab)
 * and "Run" (the saved page in the monitor, in a new tab). An equipment's page opens in the EG page viewer, a
 * project's in the project monitor (its preview route for the draft, its page route to run).
 */
import { memo } from 'react';
import { Button, Tooltip } from 'antd';
import { EyeOutlined, PlayCircleOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { PageOwner } from '@/entities/pages/configPages';
import { DRAFT_QUERY, egPagePath, projectPagePath, projectPreviewPath } from '@/lib/paths';

/** Where the page's draft is shown live, and where the saved page runs. */
export function runPaths(owner: PageOwner, pageId: number): { preview: string; run: string } {
  return owner.kind === 'project'
    ? { preview: projectPreviewPath(owner.id, pageId, true), run: projectPagePath(owner.id, pageId) }
    : { preview: `${egPagePath(pageId)}?${DRAFT_QUERY}=1`, run: egPagePath(pageId) };
}

interface RunButtonsProps {
  owner: PageOwner;
  pageId: number;
  /** Keeps the draft and opens `url` (the preview route) in a new tab. */
  onPreview(url: string): void;
}

export const RunButtons = memo(function RunButtons({ owner, pageId, onPreview }: RunButtonsProps) {
  const { t } = useTranslation();
  const paths = runPaths(owner, pageId);
  return (
    <>
      <Tooltip title={t('designer.previewHint')}>
        <Button icon={<EyeOutlined />} data-testid="designer-preview" onClick={() => onPreview(paths.preview)}>
          {t('designer.preview')}
        </Button>
      </Tooltip>
      <Tooltip title={t('designer.runHint')}>
        <Button icon={<PlayCircleOutlined />} data-testid="designer-run" href={paths.run} target="_blank">
          {t('designer.run')}
        </Button>
      </Tooltip>
    </>
  );
});
