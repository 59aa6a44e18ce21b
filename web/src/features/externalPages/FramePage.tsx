/**
 * `/manage/frame/:path` and `/manage/frame/:path/:openFlag` (docs/frame.md): one of the organisation's external
 * pages (or a deep link into one of their sites) in a frame filling the content area, under a header with its
 * title, its address and "open in a new tab". `openFlag` 1 opens it in a new tab instead, for sites that refuse to
 * be framed. An address that is not one of the organisation's external pages is refused, never framed.
 *
 * The frame is sandboxed (scripts, forms, pop-ups and downloads of its own origin, never the console's) and sends
 * no referrer. The console's Content-Security-Policy names the external pages' origins as they were when the
 * console was loaded: a page added since is blocked by the browser, which this screen hears
 * (`securitypolicyviolation`) and answers with a reload button instead of a broken frame.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Spin, Typography, theme } from 'antd';
import { ExportOutlined, ReloadOutlined, StopOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { StatusMessage } from '@/components/StatusMessage';
import { HOME_PATH } from '@/lib/paths';
import { useExternalPages } from '@/entities/externalPages/api';
import { frameTarget, originOf, type FrameTarget } from './frameTarget';

/** What the frame may do: run its own scripts and forms, open pop-ups and downloads; nothing of the console's. */
export const FRAME_SANDBOX = 'allow-scripts allow-same-origin allow-forms allow-popups allow-downloads';

/** The `openFlag` that opens the page in a new tab instead of a frame; any other value frames it. */
export const OPEN_IN_NEW_TAB = '1';

export default function FramePage() {
  const { t } = useTranslation();
  const { path = '', openFlag } = useParams();
  const pages = useExternalPages();
  if (pages.isError) return <Alert type="error" showIcon message={pages.error.message} data-testid="frame-load-error" />;
  if (!pages.data) return <Spin style={{ display: 'block', margin: '48px auto' }} aria-label={t('common.loading')} />;
  const target = frameTarget(path, pages.data);
  if (target.kind === 'refused') return <Refused reason={target.reason} />;
  return openFlag === OPEN_IN_NEW_TAB ? <OpenInNewTab target={target} /> : <Framed target={target} />;
}

type Framable = Extract<FrameTarget, { kind: 'frame' }>;

function openInNewTab(url: string) {
  window.open(url, '_blank', 'noopener,noreferrer');
}

function Refused({ reason }: { reason: Extract<FrameTarget, { kind: 'refused' }>['reason'] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <div data-testid="frame-refused">
      <StatusMessage
        icon={<StopOutlined style={{ color: '#cf1322' }} />}
        title={t('frame.refusedTitle')}
        description={t(`frame.refused.${reason}`)}
        actions={
          <Button type="primary" onClick={() => void navigate(HOME_PATH)}>
            {t('common.backHome')}
          </Button>
        }
      />
    </div>
  );
}

function Heading({ target }: { target: Framable }) {
  const { t } = useTranslation();
  return (
    <Flex justify="space-between" align="center" wrap gap={8}>
      <Flex vertical style={{ minWidth: 0 }}>
        <Typography.Title level={4} style={{ margin: 0 }} data-testid="frame-title">
          {target.page.title}
        </Typography.Title>
        <Typography.Text type="secondary" ellipsis={{ tooltip: target.url }} data-testid="frame-address">
          {target.url}
        </Typography.Text>
      </Flex>
      <Button icon={<ExportOutlined />} id="frame-open-new-tab" onClick={() => openInNewTab(target.url)}>
        {t('frame.openInNewTab')}
      </Button>
    </Flex>
  );
}

/** True once the browser has refused to frame `origin` by the console's Content-Security-Policy. */
function useFrameBlocked(origin: string): boolean {
  const [blocked, setBlocked] = useState(false);
  useEffect(() => {
    setBlocked(false);
    const heard = (event: SecurityPolicyViolationEvent) => {
      const directive = event.effectiveDirective || event.violatedDirective;
      if (!directive.startsWith('frame-src') && !directive.startsWith('child-src')) return;
      const blockedOrigin = originOf(event.blockedURI);
      if (blockedOrigin === undefined || blockedOrigin === origin) setBlocked(true);
    };
    document.addEventListener('securitypolicyviolation', heard);
    return () => document.removeEventListener('securitypolicyviolation', heard);
  }, [origin]);
  return blocked;
}

function Framed({ target }: { target: Framable }) {
  const { t } = useTranslation();
  const { token } = theme.useToken();
  const blocked = useFrameBlocked(target.origin);
  return (
    <Flex vertical gap={12} data-testid="frame-page">
      <Heading target={target} />
      {blocked ? (
        <Alert
          type="warning"
          showIcon
          data-testid="frame-blocked"
          message={t('frame.blockedTitle')}
          description={t('frame.blockedHint')}
          action={
            <Button icon={<ReloadOutlined />} id="frame-reload" onClick={() => window.location.reload()}>
              {t('frame.reload')}
            </Button>
          }
        />
      ) : (
        <iframe
          // A new document for a new address: the frame never keeps the previous site's state.
          key={target.url}
          src={target.url}
          title={target.page.title}
          sandbox={FRAME_SANDBOX}
          referrerPolicy="no-referrer"
          data-testid="external-frame"
          style={{
            width: '100%',
            height: 'calc(100vh - 210px)',
            minHeight: 360,
            border: `1px solid ${token.colorBorderSecondary}`,
            borderRadius: token.borderRadius,
            background: '#fff',
          }}
        />
      )}
    </Flex>
  );
}

function OpenInNewTab({ target }: { target: Framable }) {
  const { t } = useTranslation();
  return (
    <Flex vertical align="center" gap={12} style={{ padding: '48px 24px', textAlign: 'center' }} data-testid="frame-new-tab">
      <Typography.Title level={3} style={{ margin: 0 }} data-testid="frame-title">
        {target.page.title}
      </Typography.Title>
      <Typography.Text type="secondary" data-testid="frame-address" style={{ wordBreak: 'break-all' }}>
        {target.url}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: 0, maxWidth: 520 }}>
        {t('frame.newTabHint')}
      </Typography.Paragraph>
      <Button type="primary" icon={<ExportOutlined />} id="frame-open-new-tab" onClick={() => openInNewTab(target.url)}>
        {t('frame.openInNewTab')}
      </Button>
    </Flex>
  );
}
