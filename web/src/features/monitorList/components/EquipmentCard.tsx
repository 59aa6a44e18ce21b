/**
 * One equipment in the monitor's lists: name, state, open alarms (linking to the detail's alarm tab), signal
 * strength, last update and picture, with the caller's star and pin, and (with the manage permission) moving it
 * to another group. Clicking the card opens the equipment's detail.
 *
 * Marks and moves are not optimistic: a button spins until the server has answered and the lists have been read
 * again, so the card never shows a change the server refused.
 *
 * Drawn with plain elements and theme tokens rather than antd's Card and Typography: those two weigh about 50 KB
 * compressed (Card brings Tabs along), and this list is the first screen after login.
 */
import { monitorPath } from '@/lib/paths';
import { useState, type MouseEvent } from 'react';
import { Badge, Button, Flex, Tag, Tooltip, theme } from 'antd';
// The menu alone: antd's Dropdown index also brings Dropdown.Button.
import Dropdown from 'antd/es/dropdown/dropdown';
import type { MenuProps } from 'antd';
import {
  CheckOutlined,
  FolderOutlined,
  PlusOutlined,
  PushpinFilled,
  PushpinOutlined,
  StarFilled,
  StarOutlined,
} from '@ant-design/icons';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SignalStrength } from '@/entities/gateways/components/SignalStrength';
import { useSetFollow } from '../api/followEquipment';
import { useMoveEquipment } from '../api/moveEquipment';
import { useSetStick } from '../api/stickEquipment';
import { formatBaseTime } from '@/lib/chinaTime';
import { STATE_COLOUR, cardImage, cardState, type Card as EquipmentCardData, type Group } from '../model';
import { GatewayPresenceTag } from '@/entities/gateways/components/GatewayState';

dayjs.extend(relativeTime);

interface EquipmentCardProps {
  card: EquipmentCardData;
  /** The groups to move to; the move menu is shown only when given (the manage permission). */
  groups?: Group[] | undefined;
  /** Asks the page to create a group and move this equipment into it. */
  onNewGroup?: ((card: EquipmentCardData) => void) | undefined;
  /** Drawn out, e.g. the equipment named in the group view's address. */
  highlighted?: boolean;
}

/** Clicks that land on a control, or in a portal (a menu) rendered elsewhere, do not open the detail. */
function isCardClick(event: MouseEvent<HTMLElement>): boolean {
  const target = event.target as Element;
  if (!event.currentTarget.contains(target)) return false;
  return !target.closest('button, a, [role="menuitem"], .ant-dropdown');
}

export function EquipmentCard({ card, groups, onNewGroup, highlighted = false }: EquipmentCardProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const follow = useSetFollow();
  const stick = useSetStick();
  const move = useMoveEquipment();
  const [imageFailed, setImageFailed] = useState(false);
  const { token } = theme.useToken();
  const secondary = { color: token.colorTextSecondary };
  const state = cardState(card);
  const image = imageFailed ? null : cardImage(card);
  const open = (path: string) => (event: MouseEvent) => {
    event.preventDefault();
    event.stopPropagation();
    void navigate(path);
  };

  const moveItems: MenuProps['items'] = groups && [
    ...groups.map((group) => ({
      key: `group-${group.id}`,
      disabled: group.id === card.groupId,
      icon: group.id === card.groupId ? <CheckOutlined /> : <FolderOutlined />,
      label: <span data-testid={`fleet-move-to-${group.id}`}>{group.name}</span>,
      onClick: () => move.mutate({ equipmentId: card.id, groupId: group.id }),
    })),
    ...(groups.length > 0 ? [{ type: 'divider' as const }] : []),
    {
      key: 'ungroup',
      disabled: card.groupId === null,
      label: <span data-testid="fleet-move-ungroup">{t('monitorList.card.ungroup')}</span>,
      onClick: () => move.mutate({ equipmentId: card.id, groupId: null }),
    },
    ...(onNewGroup
      ? [
          {
            key: 'new',
            icon: <PlusOutlined />,
            label: <span data-testid="fleet-move-new">{t('monitorList.card.newGroup')}</span>,
            onClick: () => onNewGroup(card),
          },
        ]
      : []),
  ];

  return (
    <div
      role="group"
      aria-label={card.equipName}
      data-testid={`fleet-card-${card.id}`}
      data-state={state}
      data-highlighted={highlighted || undefined}
      onClick={(event) => {
        if (isCardClick(event)) void navigate(monitorPath(card));
      }}
      style={{
        height: '100%',
        display: 'flex',
        flexDirection: 'column',
        cursor: 'pointer',
        overflow: 'hidden',
        background: token.colorBgContainer,
        borderRadius: token.borderRadiusLG,
        border: `1px solid ${highlighted ? token.colorPrimary : token.colorBorderSecondary}`,
        boxShadow: highlighted ? `0 0 0 2px ${token.colorPrimaryBorder}` : token.boxShadowTertiary,
      }}
    >
      {image && (
        <img
          src={image}
          alt=""
          onError={() => setImageFailed(true)}
          style={{ display: 'block', width: '100%', height: 112, objectFit: 'cover', background: token.colorFillQuaternary }}
        />
      )}
      <Flex
        align="center"
        justify="space-between"
        gap={8}
        style={{ padding: '6px 8px 6px 12px', borderBottom: `1px solid ${token.colorBorderSecondary}`, minHeight: 38 }}
      >
        <Flex align="center" gap={8} style={{ minWidth: 0 }}>
          <span
            aria-hidden
            style={{ flex: 'none', width: 10, height: 10, borderRadius: '50%', background: STATE_COLOUR[state] }}
          />
          <a
            href={monitorPath(card)}
            onClick={open(monitorPath(card))}
            title={card.equipName}
            data-testid="fleet-card-name"
            style={{
              color: token.colorText,
              fontWeight: 600,
              overflow: 'hidden',
              textOverflow: 'ellipsis',
              whiteSpace: 'nowrap',
            }}
          >
            {card.equipName}
          </a>
        </Flex>
        <Flex gap={0} style={{ flex: 'none' }}>
          <Tooltip title={card.follow ? t('monitorList.card.unfollow') : t('monitorList.card.follow')}>
            <Button
              type="text"
              size="small"
              aria-label={card.follow ? t('monitorList.card.unfollow') : t('monitorList.card.follow')}
              aria-pressed={card.follow}
              data-testid={`fleet-follow-${card.id}`}
              loading={follow.isPending}
              icon={card.follow ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
              onClick={() => follow.mutate({ equipmentId: card.id, follow: !card.follow })}
            />
          </Tooltip>
          <Tooltip title={card.stick ? t('monitorList.card.unstick') : t('monitorList.card.stick')}>
            <Button
              type="text"
              size="small"
              aria-label={card.stick ? t('monitorList.card.unstick') : t('monitorList.card.stick')}
              aria-pressed={card.stick}
              data-testid={`fleet-stick-${card.id}`}
              loading={stick.isPending}
              icon={card.stick ? <PushpinFilled style={{ color: token.colorPrimary }} /> : <PushpinOutlined />}
              onClick={() => stick.mutate({ equipmentId: card.id, stick: !card.stick })}
            />
          </Tooltip>
          {moveItems && (
            <Dropdown menu={{ items: moveItems }} trigger={['click']}>
              <Tooltip title={t('monitorList.card.move')}>
                <Button
                  type="text"
                  size="small"
                  aria-label={t('monitorList.card.move')}
                  data-testid={`fleet-move-${card.id}`}
                  loading={move.isPending}
                  icon={<FolderOutlined />}
                />
              </Tooltip>
            </Dropdown>
          )}
        </Flex>
      </Flex>
      <Flex vertical gap={8} style={{ padding: 12, flex: 1 }}>
        <Flex align="center" justify="space-between" gap={8} wrap>
          <Flex gap={4} wrap>
            {card.gatewaySn && card.presence === 'unknown' ? (
              <GatewayPresenceTag gateway={card} testId="fleet-card-online" />
            ) : (
              <Tag color={card.online ? 'success' : 'default'} data-testid="fleet-card-online" style={{ marginInlineEnd: 0 }}>
                {card.online ? t('monitorList.state.online') : t('monitorList.state.offline')}
              </Tag>
            )}
            {card.vpn && (
              <Tag color="purple" style={{ marginInlineEnd: 0 }}>
                {t('monitorList.card.vpn')}
              </Tag>
            )}
          </Flex>
          <a
            href={monitorPath(card, 1)}
            onClick={open(monitorPath(card, 1))}
            data-testid={`fleet-alarm-${card.id}`}
            aria-label={t('monitorList.card.alarmsLabel', { count: card.alarmCount })}
            style={{ display: 'inline-flex', alignItems: 'center', gap: 6, whiteSpace: 'nowrap' }}
          >
            <span style={{ color: card.alarmCount > 0 ? token.colorError : undefined }}>{t('monitorList.card.alarms')}</span>
            <Badge count={card.alarmCount} showZero overflowCount={99} color={card.alarmCount > 0 ? token.colorError : token.colorTextQuaternary} />
          </a>
        </Flex>
        <Flex align="center" justify="space-between" gap={8}>
          <span style={secondary}>{t('monitorList.card.signal')}</span>
          <SignalStrength value={card.signalStrength} />
        </Flex>
        <Flex align="start" justify="space-between" gap={8}>
          <span style={secondary}>{t('monitorList.card.lastUpdate')}</span>
          {card.lastUpdate ? (
            <Flex vertical align="end" data-testid="fleet-card-updated" style={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('monitorList.card.timeZone')}>
                <span>{formatBaseTime(card.lastUpdate)}</span>
              </Tooltip>
              <span style={{ ...secondary, fontSize: 12 }}>{dayjs(card.lastUpdate).fromNow()}</span>
            </Flex>
          ) : (
            <span style={secondary} data-testid="fleet-card-updated">
              {t('monitorList.card.neverUpdated')}
            </span>
          )}
        </Flex>
        <span
          data-testid="fleet-card-group"
          style={{ ...secondary, fontSize: 12, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}
        >
          <FolderOutlined /> {card.groupName || t('monitorList.ungrouped')}
          {card.model ? ` · ${card.model}` : ''}
          {card.address ? ` · ${card.address}` : ''}
        </span>
      </Flex>
    </div>
  );
}
