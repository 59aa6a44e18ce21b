import { Flex, Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** The placeholder while a screen's chunk or the session loads. `fullscreen` centres it in the window. */
export function PageLoading({ fullscreen = false, tipKey = 'common.loading' }: { fullscreen?: boolean; tipKey?: string }) {
  const { t } = useTranslation();
  return (
    <Flex
      align="center"
      justify="center"
      style={{ minHeight: fullscreen ? '100vh' : 240, width: '100%' }}
      data-testid="page-loading"
    >
      <Spin tip={t(tipKey)} size="large">
        {/* Spin shows its tip only when it wraps content. */}
        <div style={{ width: 160, height: 80 }} />
      </Spin>
    </Flex>
  );
}
