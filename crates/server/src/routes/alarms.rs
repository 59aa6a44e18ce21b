//! Alarms in the route table (rule paths are ours; the spec does not name them): an equipment's alarm rules, and
//! the alarm records with their confirmation.

use super::table::{EQUIPMENT_ID, PAGE, PAGE_SIZE, TRIGGERED_FROM, TRIGGERED_TO};
use super::*;
use crate::api::alarms;

const ALARM_ID: ParamDef = integer("alarmId").required().doc("Alarm record id");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/equipment/multi/alarm/rule/query", alarms::rule_query, "equipment.multi.alarm.rule.query", Session ["equipmentId" => Equipment],
            "Alarm rules of every signal of the equipment: id, signalId, signalTitle, symbol, value, deadband, delay, \
             level, msgZh, msgEn, enabled.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/equipment/multi/alarm/rule/save", alarms::rule_save, "equipment.multi.alarm.rule.save", Manage ["signalId" => Signal],
        "Replace a signal's alarm rules (ids kept; id 0 for new), checked field by field.", [
            integer("signalId").required().doc("Signal id"),
            list("rules").required().doc("JSON array of at most 10 rules: {id?, symbol (== != > < >= <=), value, \
                deadband? (>= 0), delay? (ms, 0 to 86400000), level? (1 to 3, 1 most urgent), msgZh, msgEn \
                (1 to 200 characters each), enabled?}"),
        ]),
        route!(POST "/lfscada/monitor/multi/alarm/query", alarms::query, "monitor.multi.alarm.query", Session ["equipmentId" => Equipment],
        "Alarm records of the equipment, newest first: {total, list}; 2001 when there are none. Needs \
         monitor_equipinfo_menu_alarm (rule type 00) or monitor_designer_menu_alarm (01), else 1211.", [
            EQUIPMENT_ID,
            TRIGGERED_FROM,
            TRIGGERED_TO,
            PAGE,
            PAGE_SIZE,
        ]),
        route!(POST "/lfscada/monitor/multi/alarm/confirm", alarms::confirm, "monitor.multi.alarm.confirm", Session ["alarmId" => Alarm],
            "Confirm an alarm: records who and when (the first confirmation stays). Answers the record.",
            [ALARM_ID]),
        route!(POST "/lfscada/monitor/multi/alarm/isReleaseByAlarmId", alarms::is_released, "monitor.multi.alarm.isReleaseByAlarmId", Session ["alarmId" => Alarm],
            "True when the alarm has been released.", [ALARM_ID]),
    ]
}
