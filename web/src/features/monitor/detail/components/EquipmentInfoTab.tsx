/** Equipment info: what /equipment/detailInfo answers, as a description list (the service expiry date with its tag). */
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useEquipmentDetail } from '@/entities/equipment/detail';
import { formatBaseTime } from '@/lib/chinaTime';
import { TabError, TabLoading } from '@/components/LoadState';
import { ExpiryDate } from '@/entities/expiry/components/ExpiryTag';

/** The driver's protocol, when the equipment has one (`{"kind": "modbus_tcp", ...}`). */
function driverType(driver: unknown): string | null {
  if (typeof driver !== 'object' || driver === null) return null;
  const type = (driver as { kind?: unknown }).kind;
  return typeof type === 'string' ? type : null;
}

export function EquipmentInfoTab({ equipmentId }: { equipmentId: number }) {
  const { t } = useTranslation();
  const detail = useEquipmentDetail(equipmentId);
  if (detail.isLoading) return <TabLoading />;
  if (!detail.data)
    return <TabError title={t('monitor.equipment.loadFailed')} error={detail.error} onRetry={() => void detail.refetch()} />;
  const { equipment, gateway, signalCount } = detail.data;
  const dash = (text: string | null | undefined) => (text && text.trim() ? text : '—');
  const coordinates =
    equipment.latitude !== null && equipment.longitude !== null
      ? `${equipment.latitude.toFixed(5)}, ${equipment.longitude.toFixed(5)}`
      : '—';
  const driver = driverType(equipment.driver);
  return (
    <Descriptions bordered size="middle" column={{ xs: 1, md: 2 }} data-testid="equipment-info">
      <Descriptions.Item label={t('monitor.equipment.name')}>{equipment.equipName}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.model')}>{dash(equipment.model)}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.manufacturer')}>{dash(equipment.manufacturer)}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.address')}>{dash(equipment.address)}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.coordinates')}>{coordinates}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.display')}>
        {equipment.display === 'page' ? t('monitor.equipment.displayPage') : t('monitor.equipment.displayList')}
      </Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.ruleType')}>{dash(equipment.ruleType)}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.signalCount')}>{signalCount}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.gateway')}>
        {gateway ? `${gateway.name || gateway.sn} (${gateway.sn})` : equipment.gatewaySn ?? t('monitor.equipment.noGateway')}
      </Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.driver')}>
        {driver ? t(`monitor.equipment.driverType.${driver === 'modbus_rtu' ? 'modbusRtu' : driver === 'modbus_tcp' ? 'modbusTcp' : 'other'}`) : t('monitor.equipment.noDriver')}
      </Descriptions.Item>
      <Descriptions.Item label={t('expiry.equipmentField')}>
        <ExpiryDate date={equipment.expireDate} />
      </Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.created')}>{formatBaseTime(equipment.gmtCreate)}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.modified')}>{formatBaseTime(equipment.gmtModified)}</Descriptions.Item>
      <Descriptions.Item label={t('monitor.equipment.remark')} span={2}>
        <Typography.Paragraph style={{ margin: 0, whiteSpace: 'pre-wrap' }}>{dash(equipment.remark)}</Typography.Paragraph>
      </Descriptions.Item>
    </Descriptions>
  );
}
