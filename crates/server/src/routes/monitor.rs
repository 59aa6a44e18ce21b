//! The EG monitor in the route table (spec section 7): an equipment's gateway, signals, latest values, reads and
//! writes with their callback, history, and one signal's info.

use super::table::{END_TIME, EQUIPMENT_ID, MONITOR_INTERVAL, START_TIME};
use super::*;
use crate::api::monitor;

const SIGNAL_ID: ParamDef = integer("signalId").required().doc("Signal id");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/monitor/multi/gateway/info", monitor::gateway_info, "monitor.multi.gateway.info", Session ["equipmentId" => Equipment],
            "State of the gateway the equipment is bound to; 2001 when there is none.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/signal/query", monitor::signal_query, "monitor.multi.signal.query", Session ["equipmentId" => Equipment],
            "The equipment's signals: id, signalTitle, equipId, equipTitle, unit, decimals, writable, min, max.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/signal/data", monitor::signal_data, "monitor.multi.signal.data", Session ["equipmentId" => Equipment],
            "Latest values: {signalVal: {id: {value, time, quality}}, gatewayAlarm, signalAlarm}.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/signal/singleVal", monitor::single_value, "monitor.multi.signal.singleVal", Session ["signalId" => Signal],
        "Read one signal from the device now: {online, uuid}, then poll the callback.", [
            SIGNAL_ID,
        ]),
        route!(POST "/lfscada/monitor/multi/signal/write", monitor::write, "monitor.multi.signal.write", Write ["signalId" => Signal],
        "Write a value: {online, uuid}, then poll the callback. 2004 read-only; \
         2003 outside min/max; 1207 gateway offline.", [
            SIGNAL_ID,
            number("value", f64::MIN, f64::MAX).required().doc("Engineering value"),
        ]),
        route!(POST "/lfscada/monitor/multi/open", monitor::open, "monitor.multi.open", Session ["equipmentId" => Equipment],
        "Open a monitor window: the gateway reports every interval ms for delay seconds. 1207 when offline.", [
            EQUIPMENT_ID,
            MONITOR_INTERVAL.default(limits::MONITOR_INTERVAL_MS_DEFAULT).doc("Reporting interval, ms (the gateway's)"),
            int("delay", 1, limits::MONITOR_WINDOW_SECONDS_MAX)
                .default(limits::MONITOR_WINDOW_SECONDS_DEFAULT)
                .doc("Window length, seconds"),
        ]),
        route!(POST "/lfscada/monitor/multi/equipment/detailInfo", monitor::equipment_detail, "monitor.multi.equipment.detailInfo", Session ["equipmentId" => Equipment],
            "The equipment, its gateway and its number of signals.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/history/queryAll", monitor::history_signals, "monitor.multi.history.queryAll", Session ["equipmentId" => Equipment],
            "The signals whose history can be queried.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/history/query", monitor::history, "monitor.multi.history.query", Session ["signalIds" => Signals],
        "History of up to 10 signals over at most 30 days; above 200,000 points per answer, min/max buckets.", [
            ids("signalIds", limits::HISTORY_SIGNALS).required().doc("Signal ids, comma-separated or an array"),
            START_TIME,
            END_TIME,
        ]),
        route!(POST "/lfscada/signal/info", monitor::signal_info, "signal.info", Session ["id" => Signal],
            "One signal with its equipment.", [integer("id").required().doc("Signal id")]),
        route!(POST "/lfscada/equipment/multi/callback", monitor::callback, "equipment.multi.callback", Session ["uuid" => Command],
        "Outcome of an asynchronous device command: {status: pending|success|failure, code, message, data}.", [
            text("uuid").required().doc("The uuid the command answered"),
        ]),
    ]
}
