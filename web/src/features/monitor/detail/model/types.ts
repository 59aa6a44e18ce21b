/**
 * What the EG equipment detail screen reads from the server: the answers' types are the generated ones
 * (web/src/generated/answers.ts, from crates/server/src/answers), re-exported here for the screen's modules.
 */

/** /lfscada/monitor/multi/gateway/info: the bound gateway's state. */
export type { Gateway } from '@/generated/answers';

/** /lfscada/monitor/multi/equipment/detailInfo {equipmentId}: the equipment, its gateway, its signal count. */
export type { EquipmentDetail } from '@/generated/answers';

/** One alarm record of /lfscada/monitor/multi/alarm/query (message already in the caller's language). */
export type { AlarmRecord } from '@/generated/answers';
/** The history answer, shared with the configuration pages' tables. */
export type { HistoryAnswer, HistorySeries } from '@/generated/answers';
