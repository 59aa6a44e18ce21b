//! Alarms in the route table (rule paths are ours; the spec does not name them): an equipment's alarm rules, and
//! the alarm records with their confirmation.

use super::table::EQUIPMENT_ID;
use super::*;
use crate::api::alarms;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/equipment/multi/alarm/rule/query", alarms::rule_query, "equipment.multi.alarm.rule.query", Session ["equipmentId" => Equipment],
            "Alarm rules of every signal of the equipment: id, signalId, signalTitle, symbol, value, deadband, delay, \
             level, msgZh, msgEn, enabled.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/equipment/multi/alarm/rule/save", alarms::rule_save, "equipment.multi.alarm.rule.save", Manage ["signalId" => Signal],
        "Replace a signal's alarm rules (ids kept; id 0 for new), checked field by field.", [
            param("signalId", "integer", true, "Signal id"),
            param("rules", "string", true, "JSON array of at most 10 rules: {id?, symbol (== != > < >= <=), value, \
                deadband? (>= 0), delay? (ms, 0 to 86400000), level? (1 to 3, 1 most urgent), msgZh, msgEn \
                (1 to 200 characters each), enabled?}"),
        ]),
        route!(POST "/lfscada/monitor/multi/alarm/query", alarms::query, "monitor.multi.alarm.query", Session ["equipmentId" => Equipment],
        "Alarm records of the equipment, newest first: {total, list}; 2001 when there are none. Needs \
         monitor_equipinfo_menu_alarm (rule type 00) or monitor_designer_menu_alarm (01), else 1211.", [
            EQUIPMENT_ID,
            param("startTime", "integer", false, "Triggered at or after, ms since the epoch"),
            param("endTime", "integer", false, "Triggered at or before, ms since the epoch; not before the start, at most 30 days after it"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/monitor/multi/alarm/confirm", alarms::confirm, "monitor.multi.alarm.confirm", Session ["alarmId" => Alarm],
            "Confirm an alarm: records who and when (the first confirmation stays). Answers the record.",
            [param("alarmId", "integer", true, "Alarm record id")]),
        route!(POST "/lfscada/monitor/multi/alarm/isReleaseByAlarmId", alarms::is_released, "monitor.multi.alarm.isReleaseByAlarmId", Session ["alarmId" => Alarm],
            "True when the alarm has been released.", [param("alarmId", "integer", true, "Alarm record id")]),
    ]
}
