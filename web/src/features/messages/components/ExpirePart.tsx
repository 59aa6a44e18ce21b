/**
 * An expire message's subject (docs/messages.md, "Expire messages"): the equipment or gateway, its expiry date as
 * it stands now (it may have been changed or cleared since the message), the days left or "expired", the way to
 * the equipment's info and, for whoever may manage it, to where the date is edited. Where the target is gone (1283)
 * the message's own date stays, with a note.
 */
import { Alert, Button, Descriptions, Flex, Grid, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Message } from '@/generated/answers';
import { TabLoading } from '@/components/LoadState';
import { ExpiryDate } from '@/entities/expiry/components/ExpiryTag';
import { Permission, hasAuth } from '@/lib/access';
import { egDetailPath } from '@/lib/paths';
import { useUser } from '@/lib/session';
import { useExpireDetail } from '../api/expire';

/** Where the date is edited: the equipment's info form, or the gateway list (its expiry dialog). */
const EQUIPMENT_EDIT = (id: number) => `/manage/eg/equipment/edit/${id}/info`;
const GATEWAY_LIST = '/manage/eg/gateway';

export function ExpirePart({ message }: { message: Message }) {
  const { t } = useTranslation();
  const canManage = hasAuth(useUser(), Permission.Manage);
  const detail = useExpireDetail(message.id);
  // A phone stacks each label over its value: side by side they would not fit 390 px.
  const wide = Grid.useBreakpoint().md ?? false;
  if (detail.isLoading) return <TabLoading />;
  const d = detail.data;
  if (!d) {
    return (
      <Flex vertical gap={8}>
        {message.note && <Typography.Text>{t('expiry.on', { date: message.note })}</Typography.Text>}
        <Alert type="info" showIcon message={t('messages.expire.gone')} data-testid="expire-gone" />
      </Flex>
    );
  }
  const isGateway = d.targetType === 'gateway';
  const days =
    d.daysLeft === null
      ? '—'
      : d.daysLeft < 0
        ? t('messages.expire.expiredDays', { count: -d.daysLeft })
        : d.daysLeft === 0
          ? t('expiry.today')
          : t('messages.expire.daysLeft', { count: d.daysLeft });
  const items = [
    { key: 'what', label: t(isGateway ? 'messages.expire.gateway' : 'messages.expire.equipment'), children: d.name },
    { key: 'date', label: t(isGateway ? 'expiry.gatewayField' : 'expiry.equipmentField'), children: <ExpiryDate date={d.expireDate} /> },
    { key: 'days', label: t('messages.expire.left'), children: <span data-testid="expire-days">{days}</span> },
  ];
  const tab = isGateway ? 'gateway' : 'equipment';
  return (
    <Flex vertical gap={12} data-testid="expire-summary">
      <Descriptions
        column={1}
        size="small"
        bordered
        layout={wide ? 'horizontal' : 'vertical'}
        items={items}
        {...(wide ? { styles: { label: { whiteSpace: 'nowrap', width: 160 } } } : {})}
      />
      <Flex gap={8} wrap>
        {d.equipmentId !== null && (
          <Link to={`${egDetailPath(d.equipmentId)}?tab=${tab}`} id="message-open-equipment">
            <Button type="primary">{t(isGateway ? 'messages.expire.openGateway' : 'messages.expire.openEquipment')}</Button>
          </Link>
        )}
        {canManage && (
          <Link to={isGateway ? GATEWAY_LIST : EQUIPMENT_EDIT(d.targetId)} id="message-edit-expiry">
            <Button>{t('messages.expire.editDate')}</Button>
          </Link>
        )}
      </Flex>
    </Flex>
  );
}
