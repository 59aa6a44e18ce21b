/**
 * What the EG equipment detail screen reads from the server, typed from the handlers in
 * crates/server/src/api/monitor.rs and alarms.rs (the spec leaves most shapes open; these are the answers as
 * the server sends them).
 */

import type { Gateway } from '@/lib/gateway';

/** /lfscada/monitor/multi/gateway/info: the bound gateway's state. */
export type GatewayDetails = Gateway;

/** /lfscada/monitor/multi/equipment/detailInfo {equipmentId}: the equipment, its gateway, its signal count. */
export type { EquipmentDetail } from '@/generated/answers';
/** The equipment as /equipment/detailInfo answers it. */
export type { Equipment as EquipmentRecord } from '@/generated/answers';

/** One alarm record of /lfscada/monitor/multi/alarm/query (message already in the caller's language). */
export type { AlarmRecord } from '@/generated/answers';
/** The alarm page and history answers, shared with the configuration pages' tables. */
export type { AlarmPage, HistoryAnswer, HistoryPoint, HistorySeriesAnswer } from '@/lib/equipmentRecords/types';
