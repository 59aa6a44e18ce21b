//! The route table: one flat list that reads like the spec's call list (section 7). The router and the OpenAPI
//! description are both built from it, so they cannot drift apart.

use crate::AppState;
use crate::api::{
    alarms, equipment, feedback, gateways, live, messages, monitor, oplog, reports, settings, signals, theme, user,
};
use crate::error::plain;
use axum::Router;
use axum::http::{Method, StatusCode};
use axum::middleware::from_fn_with_state;
use axum::response::Response;
use axum::routing::{MethodFilter, MethodRouter, on};
use ironsight_domain::Code;
use serde_json::{Map, Value, json};

/// Who may call a route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Anyone, logged in or not.
    Public,
    /// A valid session; otherwise 1010 or 1006.
    Session,
}

/// A parameter, for the OpenAPI description.
#[derive(Clone, Copy, Debug)]
pub struct ParamDef {
    pub name: &'static str,
    /// `string`, `integer`, `number` or `object` (OpenAPI types).
    pub kind: &'static str,
    pub required: bool,
    pub description: &'static str,
}

const fn param(name: &'static str, kind: &'static str, required: bool, description: &'static str) -> ParamDef {
    ParamDef { name, kind, required, description }
}

/// One API route.
pub struct RouteDef {
    pub method: Method,
    pub path: &'static str,
    /// Stable action name, used as the OpenAPI operation id and in the operation log.
    pub action: &'static str,
    pub summary: &'static str,
    pub access: Access,
    pub params: &'static [ParamDef],
    /// Makes the method router for the handler.
    pub handler: fn() -> MethodRouter<AppState>,
}

impl RouteDef {
    /// State-changing calls are checked for origin and recorded in the operation log.
    pub fn mutating(&self) -> bool {
        self.method != Method::GET
    }
}

macro_rules! route {
    ($method:ident $path:literal, $handler:path, $action:literal, $access:ident, $summary:literal, params = $params:expr) => {
        RouteDef {
            method: Method::$method,
            path: $path,
            action: $action,
            summary: $summary,
            access: Access::$access,
            params: $params,
            handler: || on(MethodFilter::$method, $handler),
        }
    };
    ($method:ident $path:literal, $handler:path, $action:literal, $access:ident, $summary:literal, [$($param:expr),* $(,)?]) => {
        route!($method $path, $handler, $action, $access, $summary, params = {
            const PARAMS: &[ParamDef] = &[$($param),*];
            PARAMS
        })
    };
}

/// The editable equipment fields, shared by add and edit.
const EQUIPMENT_FIELDS: [ParamDef; 9] = [
    param("equipName", "string", true, "Equipment name, at most 60 characters"),
    param("display", "string", false, "list (default) or page"),
    param("ruleType", "string", false, "00 (default) or 01"),
    param("model", "string", false, "Model, at most 60 characters"),
    param("manufacturer", "string", false, "Manufacturer, at most 60 characters"),
    param("address", "string", false, "Location address, at most 200 characters"),
    param("latitude", "number", false, "Latitude, -90 to 90"),
    param("longitude", "number", false, "Longitude, -180 to 180"),
    param("remark", "string", false, "Remark, at most 500 characters"),
];

/// The equipment a monitor call is about.
const EQUIPMENT_ID: ParamDef = param("equipmentId", "integer", true, "Equipment id");

/// Edit takes the id, then the same fields as add.
const EQUIPMENT_EDIT: [ParamDef; 10] = {
    let mut params = [param("id", "integer", true, "Equipment id"); 10];
    let mut i = 0;
    while i < EQUIPMENT_FIELDS.len() {
        params[i + 1] = EQUIPMENT_FIELDS[i];
        i += 1;
    }
    params
};

/// Every API route.
pub fn table() -> Vec<RouteDef> {
    vec![
        // Session and account
        route!(POST "/lfscada/user/showVcode", user::show_vcode, "user.showVcode", Public,
            "A new captcha image (data URL); the answer is kept server-side for 10 minutes and usable once.", []),
        route!(POST "/lfscada/user/login", user::login, "user.login", Public,
        "Log in; parameters are sent in the query string. Sets the HttpOnly session cookie.", [
            param("loginname", "string", true, "Login name"),
            param("password", "string", true, "Password"),
            param("vcode", "string", true, "Captcha answer (not needed when the server runs with --no-captcha)"),
        ]),
        route!(GET "/lfscada/user/info", user::info, "user.info", Session,
        "The signed-in user's info, or 1010 (not logged in) / 1006 (session lost).", [
            param("t", "integer", false, "Cache buster (client time)"),
        ]),
        route!(POST "/lfscada/user/logout", user::logout, "user.logout", Session, "End the session.", []),
        route!(POST "/org/StyleAction!loadStyle.action", theme::load_style, "org.loadStyle", Public,
            "Theme of the caller's organisation (or the default one before login): {title, faviconIco}.", []),
        route!(POST "/lfscada/user/config/query", settings::query, "user.config.query", Session,
            "The user's saved console settings (an object, {} when none).", []),
        route!(POST "/lfscada/user/config/save", settings::save, "user.config.save", Session,
        "Save the user's console settings.", [
            param("config", "object", true, "Settings object, as nested parameters or a JSON text (at most 64 KiB)"),
        ]),
        route!(POST "/lfscada/user/operationlog/queryByObjectId", oplog::query_by_object_id, "user.operationlog.queryByObjectId", Session,
        "Operations recorded on one object, newest first, within the caller's organisation.", [
            param("objectId", "string", true, "Object id"),
            param("objectType", "string", false, "Object type (e.g. user, feedback); empty for any"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/feedback/add", feedback::add, "feedback.add", Session,
        "Send feedback (at least 10 characters).", [
            param("content", "string", true, "Feedback text, 10 to 2000 characters"),
        ]),
        // Messages
        route!(POST "/lfscada/msg/queryUnReadMsgCount", messages::query_unread_count, "msg.queryUnReadMsgCount", Session,
            "Number of unread messages.", []),
        // Equipment
        route!(POST "/lfscada/equipment/multi/query", equipment::query, "equipment.multi.query", Session,
        "The organisation's equipment, by time (newest first) or name.", [
            param("keyword", "string", false, "Part of the name, model or address"),
            param("sort", "string", false, "time (default) or name"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/equipment/multi/add", equipment::add, "equipment.multi.add", Session,
        "Add equipment (needs the manage permission).", params = &EQUIPMENT_FIELDS),
        route!(POST "/lfscada/equipment/multi/edit", equipment::edit, "equipment.multi.edit", Session,
        "Edit equipment (needs the manage permission); 1214 when it does not exist.", params = &EQUIPMENT_EDIT),
        route!(POST "/lfscada/equipment/multi/info", equipment::info, "equipment.multi.info", Session,
            "One equipment; 1214 when it does not exist.", [param("id", "integer", true, "Equipment id")]),
        route!(POST "/lfscada/equipment/multi/delete", equipment::delete, "equipment.multi.delete", Session,
            "Delete equipment (needs the manage permission).", [param("id", "integer", true, "Equipment id")]),
        route!(POST "/lfscada/equipment/multi/bindGateway", equipment::bind_gateway, "equipment.multi.bindGateway", Session,
        "Bind equipment to a gateway of the organisation; 2001 when there is no such gateway.", [
            param("id", "integer", true, "Equipment id"),
            param("sn", "string", true, "Gateway serial number"),
        ]),
        route!(POST "/lfscada/equipment/multi/unbindGateway", equipment::unbind_gateway, "equipment.multi.unbindGateway", Session,
            "Unbind equipment from its gateway.", [param("id", "integer", true, "Equipment id")]),
        route!(POST "/lfscada/equipment/multi/driver/save", signals::save_driver, "equipment.multi.driver.save", Session,
        "Set the equipment's driver settings, checked field by field (needs the manage permission).", [
            param("id", "integer", true, "Equipment id"),
            param("driver", "object", true, "DriverConfig: {kind: modbus_tcp|modbus_rtu, …} (docs/gateway-protocol.md)"),
        ]),
        route!(POST "/lfscada/equipment/multi/driver/schema", signals::driver_schema, "equipment.multi.driver.schema", Session,
            "Every driver's settings as a form description: fields, kinds, limits, defaults, zh/en labels.", []),
        route!(POST "/lfscada/equipment/multi/signal/query", signals::query, "equipment.multi.signal.query", Session,
        "The equipment's signal definitions in their saved order.", [
            param("equipmentId", "integer", true, "Equipment id"),
        ]),
        route!(POST "/lfscada/equipment/multi/signal/save", signals::save, "equipment.multi.signal.save", Session,
        "Replace the equipment's signal list (ids kept; id 0 for new); checked as a set (needs the manage permission).", [
            param("equipmentId", "integer", true, "Equipment id"),
            param("signals", "string", true, "JSON array of SignalDef (docs/gateway-protocol.md), at most 2000"),
        ]),
        // Gateway registry (paths other than info are ours; the spec does not name them)
        route!(POST "/lfscada/gateway/add", gateways::add, "gateway.add", Session,
        "Register a gateway by serial number; answers the secret once (needs the manage permission).", [
            param("sn", "string", true, "Serial number: 1 to 64 of A-Z a-z 0-9 - _ ."),
            param("name", "string", false, "Display name (default: the serial number), at most 60 characters"),
            param("model", "string", false, "Hardware model"),
            param("firmware", "string", false, "Firmware version"),
        ]),
        route!(POST "/lfscada/gateway/query", gateways::query, "gateway.query", Session,
        "The organisation's gateways, newest first.", [
            param("keyword", "string", false, "Part of the serial number or name"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/gateway/info", gateways::info, "gateway.info", Session,
        "One gateway by serial number, or 2001 when there is none.", [
            param("sn", "string", true, "Serial number"),
        ]),
        route!(POST "/lfscada/gateway/edit", gateways::edit, "gateway.edit", Session,
        "Change a gateway's settings; only the given ones (needs the manage permission).", [
            param("sn", "string", true, "Serial number"),
            param("name", "string", false, "Display name, at most 60 characters"),
            param("interval", "integer", false, "Reporting interval while monitored, ms, 200 to 60000"),
            param("sampleInterval", "integer", false, "History sample period, ms, 1000 to 3600000"),
            param("economizeOpen", "string", false, "true or false: stop re-opening monitoring while the operator is away"),
        ]),
        route!(POST "/lfscada/gateway/rotateSecret", gateways::rotate_secret, "gateway.rotateSecret", Session,
        "Issue a new secret (shown once); the old one stops working (needs the manage permission).", [
            param("sn", "string", true, "Serial number"),
        ]),
        route!(POST "/lfscada/gateway/delete", gateways::delete, "gateway.delete", Session,
        "Delete a gateway (needs the manage permission).", [
            param("sn", "string", true, "Serial number"),
        ]),
        // EG monitor
        route!(POST "/lfscada/monitor/multi/gateway/info", monitor::gateway_info, "monitor.multi.gateway.info", Session,
            "State of the gateway the equipment is bound to; 2001 when there is none.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/signal/query", monitor::signal_query, "monitor.multi.signal.query", Session,
            "The equipment's signals: id, signalTitle, equipId, equipTitle, unit, decimals, writable, min, max.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/signal/data", monitor::signal_data, "monitor.multi.signal.data", Session,
            "Latest values: {signalVal: {id: {value, time, quality}}, gatewayAlarm, signalAlarm}.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/signal/singleVal", monitor::single_value, "monitor.multi.signal.singleVal", Session,
        "Read one signal from the device now: {online, uuid}, then poll the callback.", [
            param("signalId", "integer", true, "Signal id"),
        ]),
        route!(POST "/lfscada/monitor/multi/signal/write", monitor::write, "monitor.multi.signal.write", Session,
        "Write a value: {online, uuid}, then poll the callback. Needs monitor_write_data (1208); 2004 read-only; \
         2003 outside min/max; 1207 gateway offline.", [
            param("signalId", "integer", true, "Signal id"),
            param("value", "number", true, "Engineering value"),
        ]),
        route!(POST "/lfscada/monitor/multi/open", monitor::open, "monitor.multi.open", Session,
        "Open a monitor window: the gateway reports every interval ms for delay seconds. 1207 when offline.", [
            EQUIPMENT_ID,
            param("interval", "integer", false, "Reporting interval in ms, 200 to 3600000 (default 1000)"),
            param("delay", "integer", false, "Window length in seconds, 1 to 86400 (default 600)"),
        ]),
        route!(POST "/lfscada/monitor/multi/equipment/detailInfo", monitor::equipment_detail, "monitor.multi.equipment.detailInfo", Session,
            "The equipment, its gateway and its number of signals.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/history/queryAll", monitor::history_signals, "monitor.multi.history.queryAll", Session,
            "The signals whose history can be queried.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/history/query", monitor::history, "monitor.multi.history.query", Session,
        "History of up to 10 signals over at most 30 days; above 200,000 points per answer, min/max buckets.", [
            param("signalIds", "string", true, "Signal ids, comma-separated or an array"),
            param("startTime", "integer", true, "Start, ms since the epoch"),
            param("endTime", "integer", true, "End, ms since the epoch, not before the start"),
        ]),
        // Alarms (rule paths are ours; the spec does not name them)
        route!(POST "/lfscada/equipment/multi/alarm/rule/query", alarms::rule_query, "equipment.multi.alarm.rule.query", Session,
            "Alarm rules of every signal of the equipment: id, signalId, signalTitle, symbol, value, deadband, delay, \
             level, msgZh, msgEn, enabled.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/equipment/multi/alarm/rule/save", alarms::rule_save, "equipment.multi.alarm.rule.save", Session,
        "Replace a signal's alarm rules (ids kept; id 0 for new), checked field by field (needs the manage permission).", [
            param("signalId", "integer", true, "Signal id"),
            param("rules", "string", true, "JSON array of at most 10 rules: {id?, symbol (== != > < >= <=), value, \
                deadband? (>= 0), delay? (ms, 0 to 86400000), level? (1 to 3, 1 most urgent), msgZh, msgEn \
                (1 to 200 characters each), enabled?}"),
        ]),
        route!(POST "/lfscada/monitor/multi/alarm/query", alarms::query, "monitor.multi.alarm.query", Session,
        "Alarm records of the equipment, newest first: {total, list}; 2001 when there are none. Needs \
         monitor_equipinfo_menu_alarm (rule type 00) or monitor_designer_menu_alarm (01), else 1211.", [
            EQUIPMENT_ID,
            param("startTime", "integer", false, "Triggered at or after, ms since the epoch"),
            param("endTime", "integer", false, "Triggered at or before, ms since the epoch; not before the start, at most 30 days after it"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/monitor/multi/alarm/confirm", alarms::confirm, "monitor.multi.alarm.confirm", Session,
            "Confirm an alarm: records who and when (the first confirmation stays). Answers the record.",
            [param("alarmId", "integer", true, "Alarm record id")]),
        route!(POST "/lfscada/monitor/multi/alarm/isReleaseByAlarmId", alarms::is_released, "monitor.multi.alarm.isReleaseByAlarmId", Session,
            "True when the alarm has been released.", [param("alarmId", "integer", true, "Alarm record id")]),
        route!(POST "/lfscada/monitor/multi/report/queryAll", reports::query_all, "monitor.multi.report.queryAll", Session,
            "The equipment's report definitions.", [EQUIPMENT_ID]),
        route!(POST "/lfscada/monitor/multi/report/queryCols", reports::query_cols, "monitor.multi.report.queryCols", Session,
        "A report's table: columns (signals) and one row per period, newest first, each cell the period's last value.", [
            param("reportId", "integer", true, "Report id"),
            param("startTime", "integer", true, "Start, ms since the epoch"),
            param("endTime", "integer", true, "End, ms since the epoch, at most 30 days after the start"),
            param("page", "integer", false, "Page, from 1"),
            param("pageSize", "integer", false, "Rows per page, 1 to 100 (default 10)"),
        ]),
        route!(POST "/lfscada/equipment/multi/report/save", reports::save, "equipment.multi.report.save", Session,
        "Define a report on the equipment (needs the manage permission).", [
            EQUIPMENT_ID,
            param("name", "string", true, "Report name, at most 60 characters"),
            param("periodMs", "integer", false, "Sampling period in ms: whole minutes, 60000 to 86400000 (default 3600000)"),
            param("signalIds", "string", true, "Signal ids of the equipment (columns), comma-separated or an array, at most 20"),
        ]),
        route!(POST "/lfscada/equipment/multi/report/delete", reports::delete, "equipment.multi.report.delete", Session,
            "Delete a report definition (needs the manage permission).", [param("id", "integer", true, "Report id")]),
        route!(POST "/lfscada/signal/info", monitor::signal_info, "signal.info", Session,
            "One signal with its equipment.", [param("id", "integer", true, "Signal id")]),
        route!(POST "/lfscada/equipment/multi/callback", monitor::callback, "equipment.multi.callback", Session,
        "Outcome of an asynchronous device command: {status: pending|success|failure, code, message, data}.", [
            param("uuid", "string", true, "The uuid the command answered"),
        ]),
        // Live channels
        route!(POST "/lfscada/websocket/monitor/token", live::monitor_token, "websocket.monitor.token", Session,
            "A single-use token (60 s) for the EG signal socket of one equipment.", [EQUIPMENT_ID]),
        route!(GET "/lfscada/ws/eg/signal/subscribe/{token}", live::eg_signal_socket, "ws.eg.signal.subscribe", Public,
            "WebSocket: pushes {signalVal, gatewayAlarm, signalAlarm}; send 'eg monitor idle' every 60 s.", []),
        route!(POST "/lfscada/websocket/msg/token", live::message_token, "websocket.msg.token", Session,
            "A single-use token (60 s) for the message socket.", []),
        route!(GET "/lfscada/ws/message/subscribe/{token}", live::message_socket, "ws.message.subscribe", Public,
            "WebSocket: pushes {type: 'message', data} for each new message; send 'msg idle' every 60 s.", []),
        // Meta
        route!(GET "/lfscada/openapi.json", openapi_handler, "meta.openapi", Public,
            "This description of the API.", []),
    ]
}

/// The prefixes under which every path is API: unknown ones answer JSON 1104, never the web app.
pub const API_PREFIXES: &[&str] = &["/lfscada", "/org", "/usual"];

/// Builds the API router from the table, with each route's session and audit layers.
pub fn api_router(state: &AppState) -> Router<AppState> {
    let mut router = Router::new();
    for route in table() {
        let mut method_router = (route.handler)().fallback(method_not_allowed);
        if route.access == Access::Session {
            method_router =
                method_router.route_layer(from_fn_with_state(state.clone(), crate::session::require_session));
        }
        if route.mutating() {
            method_router =
                method_router.route_layer(from_fn_with_state((state.clone(), route.action), crate::audit::record));
        }
        router = router.route(route.path, method_router);
    }
    for prefix in API_PREFIXES {
        router = router.route(&format!("{prefix}/{{*rest}}"), axum::routing::any(api_not_found));
    }
    router
}

async fn api_not_found() -> Response {
    plain(Code::ApiNotFound, StatusCode::NOT_FOUND, crate::error::request_lang())
}

async fn method_not_allowed() -> Response {
    plain(Code::MethodNotAllowed, StatusCode::METHOD_NOT_ALLOWED, crate::error::request_lang())
}

async fn openapi_handler() -> axum::Json<Value> {
    axum::Json(openapi())
}

/// The OpenAPI 3.1 description, generated from [`table`].
pub fn openapi() -> Value {
    let mut paths = Map::new();
    for route in table() {
        let properties: Map<String, Value> = route
            .params
            .iter()
            .map(|p| (p.name.to_owned(), json!({ "type": p.kind, "description": p.description })))
            .collect();
        let required: Vec<&str> = route.params.iter().filter(|p| p.required).map(|p| p.name).collect();
        let mut operation = json!({
            "operationId": route.action,
            "summary": route.summary,
            "responses": {
                "200": { "description": "Envelope; success only when code is \"200\" or \"201\"",
                         "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Envelope" } } } },
                "400": { "description": "Malformed body (1102)" },
                "404": { "description": "No such API path (1104)" },
                "413": { "description": "Body too large (1103)" },
            },
        });
        if route.access == Access::Session {
            operation["security"] = json!([{ "session": [] }]);
        } else {
            operation["security"] = json!([]);
        }
        if route.method == Method::GET || route.path == "/lfscada/user/login" {
            operation["parameters"] = Value::Array(
                route.params.iter().map(|p| json!({ "name": p.name, "in": "query", "required": p.required, "description": p.description, "schema": { "type": p.kind } })).collect(),
            );
        } else if !route.params.is_empty() {
            let schema = json!({ "type": "object", "properties": properties, "required": required });
            operation["requestBody"] = json!({ "content": {
                "application/x-www-form-urlencoded": { "schema": schema },
                "application/json": { "schema": schema },
            }});
        }
        let entry = paths.entry(route.path.to_owned()).or_insert_with(|| Value::Object(Map::new()));
        entry[route.method.as_str().to_ascii_lowercase()] = operation;
    }
    json!({
        "openapi": "3.1.0",
        "info": { "title": "Ironsight API", "version": env!("CARGO_PKG_VERSION"),
                  "description": "Bodies are form-encoded with dotted nested keys (JSON also accepted). Every answer is {code, message, data}. State-changing calls must carry a same-origin Origin header." },
        "paths": paths,
        "components": {
            "securitySchemes": { "session": { "type": "apiKey", "in": "cookie", "name": crate::session::SESSION_COOKIE } },
            "schemas": { "Envelope": { "type": "object", "required": ["code", "message", "data"], "properties": {
                "code": { "type": "string" }, "message": { "type": "string" }, "data": {} } } },
        },
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn paths_and_actions_are_unique_and_under_api_prefixes() {
        let routes = table();
        let mut paths = HashSet::new();
        let mut actions = HashSet::new();
        for r in &routes {
            assert!(paths.insert(r.path), "duplicate path {}", r.path);
            assert!(actions.insert(r.action), "duplicate action {}", r.action);
            assert!(
                API_PREFIXES.iter().any(|p| r.path.starts_with(&format!("{p}/"))),
                "{} is not under an API prefix",
                r.path
            );
        }
    }

    #[test]
    fn openapi_lists_every_route() {
        let doc = openapi();
        for r in table() {
            assert!(doc["paths"][r.path][r.method.as_str().to_ascii_lowercase()].is_object(), "{} missing", r.path);
        }
    }
}
