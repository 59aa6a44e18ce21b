/**
 * /manage/eg/gateway: what connects equipment to the console, one tab each (`?tab=`, the gateways by default): the
 * EG gateways, and the GM collection sources (docs/gm-equipment.md) that speak MQTT themselves, Sparkplug B edge
 * nodes (`?tab=node`) and plain JSON devices (`?tab=json`). Only the shown tab is mounted, so only it polls.
 */
import { Flex, Tabs, Typography } from 'antd';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { GM_KINDS, type GmKind } from '../gmModel';
import { GatewayList } from './GatewayList';
import { GmSourceList } from './GmSourceList';

type RegistryTab = 'gateway' | GmKind;

function tabOf(value: string | null): RegistryTab {
  return GM_KINDS.find((kind) => kind === value) ?? 'gateway';
}

export default function GatewaysPage() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  const tab = tabOf(search.get('tab'));
  const setTab = (next: string) => {
    setSearch(
      (current) => {
        const copy = new URLSearchParams(current);
        if (tabOf(next) === 'gateway') copy.delete('tab');
        else copy.set('tab', next);
        return copy;
      },
      { replace: true },
    );
  };

  return (
    <Flex vertical gap={8} data-testid="registry-page">
      <Typography.Title level={4} style={{ margin: 0 }}>
        {t('route.manage.gateway')}
      </Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={setTab}
        destroyOnHidden
        data-testid="registry-tabs"
        items={[
          { key: 'gateway', label: t('gmSources.tab.gateway'), children: <GatewayList /> },
          { key: 'node', label: t('gmSources.tab.node'), children: <GmSourceList kind="node" /> },
          { key: 'json', label: t('gmSources.tab.json'), children: <GmSourceList kind="json" /> },
        ]}
      />
    </Flex>
  );
}
