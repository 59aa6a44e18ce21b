/**
 * /manage/scene/preview/:sceneId (full window): the scene's board, one card per equipment in the chosen order
 * with its online state, open alarms and the latest values of its first signals, read again every 5 s. A card's
 * name opens the equipment's detail. A failed refresh keeps the last values on screen and says how old they are.
 */
import { monitorPath } from '@/lib/paths';
import { Alert, Button, Empty, Flex, Result, Spin, Tag, Typography, theme } from 'antd';
import { ArrowLeftOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LanguageSwitch } from '@/components/LanguageSwitch';
import { StateValue } from '@/entities/signals/components/StateValue';
import { useScene } from '../api/sceneInfo';
import { formatBaseTime } from '@/lib/chinaTime';
import { SCENES_PATH, SCENE_NOT_FOUND, SCENE_POLL_MS, formatValue, type MapCard } from '../model';

function Board({ cards }: { cards: MapCard[] }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  return (
    <div
      data-testid="scene-board"
      style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(280px, 1fr))', gap: 16 }}
    >
      {cards.map((card) => (
        <section
          key={card.id}
          data-testid="scene-card"
          aria-label={card.equipName}
          style={{
            background: token.colorBgContainer,
            border: `1px solid ${card.alarmCount > 0 ? token.colorErrorBorder : token.colorBorderSecondary}`,
            borderRadius: token.borderRadiusLG,
            padding: 16,
            display: 'flex',
            flexDirection: 'column',
            gap: 10,
          }}
        >
          <Flex justify="space-between" align="start" gap={8}>
            <Typography.Link
              strong
              href={monitorPath(card)}
              onClick={(event) => {
                event.preventDefault();
                void navigate(monitorPath(card));
              }}
              style={{ fontSize: 16, wordBreak: 'break-word' }}
              data-testid="scene-card-name"
            >
              {card.equipName}
            </Typography.Link>
            <Tag color={card.online ? 'success' : 'default'} style={{ marginInlineEnd: 0 }} data-testid="scene-card-online">
              {card.online ? t('scenes.board.online') : card.gatewaySn ? t('scenes.board.offline') : t('scenes.board.unbound')}
            </Tag>
          </Flex>
          <div data-testid="scene-card-alarms">
            {card.alarmCount > 0 ? (
              <Tag color="error">{t('scenes.board.alarms', { count: card.alarmCount })}</Tag>
            ) : (
              <Typography.Text type="secondary">{t('scenes.board.noAlarms')}</Typography.Text>
            )}
          </div>
          {card.keyValues.length === 0 ? (
            <Typography.Text type="secondary">{t('scenes.board.noSignals')}</Typography.Text>
          ) : (
            <dl style={{ margin: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 6, columnGap: 12 }}>
              {card.keyValues.map((kv) => (
                <div key={kv.signalId} style={{ display: 'contents' }} data-testid="scene-value">
                  <dt style={{ color: token.colorTextSecondary, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={kv.name}>
                    {kv.name}
                  </dt>
                  <dd
                    style={{ margin: 0, textAlign: 'right', fontVariantNumeric: 'tabular-nums', fontWeight: 600 }}
                    title={kv.quality === 'bad' ? t('scenes.board.bad') : undefined}
                  >
                    {kv.state && kv.quality !== 'bad' ? (
                      <StateValue state={kv.state} number={`${formatValue(kv.value)}${kv.unit ? ` ${kv.unit}` : ''}`} testId="scene-value-number" />
                    ) : (
                      <>
                        <span style={kv.quality === 'bad' ? { color: token.colorWarning } : undefined} data-testid="scene-value-number">
                          {formatValue(kv.value)}
                        </span>
                        {kv.unit ? <span style={{ fontWeight: 400, marginInlineStart: 4 }}>{kv.unit}</span> : null}
                      </>
                    )}
                  </dd>
                </div>
              ))}
            </dl>
          )}
          <Typography.Text type="secondary" style={{ fontSize: 12, marginTop: 'auto' }}>
            {t('scenes.board.lastUpdate', { time: formatBaseTime(card.lastUpdate) })}
          </Typography.Text>
        </section>
      ))}
    </div>
  );
}

export default function ScenePreviewPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { token } = theme.useToken();
  const id = Number(useParams().sceneId);
  const scene = useScene(id, { poll: true });
  const back = () => void navigate(SCENES_PATH);
  const backButton = (
    <Button icon={<ArrowLeftOutlined />} onClick={back} data-testid="scene-back">
      {t('scenes.board.back')}
    </Button>
  );

  let body: React.ReactNode;
  if (!Number.isInteger(id) || id <= 0 || scene.error?.code === SCENE_NOT_FOUND) {
    body = (
      <div data-testid="scene-not-found">
        <Result status="404" title={t('scenes.board.notFound')} extra={backButton} />
      </div>
    );
  } else if (scene.isLoading) {
    body = (
      <Flex justify="center" style={{ padding: 80 }}>
        <Spin size="large" tip={t('common.loading')} data-testid="scene-loading">
          <div style={{ width: 120, height: 60 }} />
        </Spin>
      </Flex>
    );
  } else if (!scene.data) {
    body = (
      <div data-testid="scene-error">
      <Result
        status="error"
        title={t('scenes.board.loadFailed')}
        subTitle={scene.error?.message}
        extra={[
          <Button key="retry" type="primary" icon={<ReloadOutlined />} onClick={() => void scene.refetch()}>
            {t('common.retry')}
          </Button>,
          <span key="back">{backButton}</span>,
        ]}
      />
      </div>
    );
  } else {
    body = (
      <Flex vertical gap={16}>
        {scene.isError && (
          <Alert
            type="warning"
            showIcon
            data-testid="scene-refresh-failed"
            message={t('scenes.board.refreshFailed', { time: formatBaseTime(scene.dataUpdatedAt) })}
            description={scene.error.message}
          />
        )}
        {scene.data.equipment.length === 0 ? (
          <Empty description={t('scenes.board.empty')} data-testid="scene-empty" />
        ) : (
          <Board cards={scene.data.equipment} />
        )}
      </Flex>
    );
  }

  return (
    <div style={{ minHeight: '100vh', background: token.colorBgLayout }} data-testid="scene-preview">
      <Flex
        component="header"
        justify="space-between"
        align="center"
        wrap
        gap={12}
        style={{ padding: '12px 24px', background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
      >
        <Flex align="center" gap={12} wrap>
          {backButton}
          <Typography.Title level={4} style={{ margin: 0 }} data-testid="scene-title">
            {scene.data?.name ?? t('route.manage.scenePreview')}
          </Typography.Title>
        </Flex>
        <Flex align="center" gap={12} wrap>
          {scene.data && (
            <Typography.Text type="secondary" data-testid="scene-updated">
              {t('scenes.board.updated', { time: formatBaseTime(scene.dataUpdatedAt), seconds: SCENE_POLL_MS / 1000 })}
            </Typography.Text>
          )}
          <LanguageSwitch />
        </Flex>
      </Flex>
      <main style={{ padding: 24 }}>{body}</main>
    </div>
  );
}
