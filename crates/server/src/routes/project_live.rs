//! The project monitor's live calls in the route table (spec section 7, "Project monitor"; docs/project-monitor.md):
//! a project page's socket token and socket, its gateways and their monitor windows, the current values of its
//! signals, writes with their callback, and the page with its password. A caller who does not see every equipment
//! of the project sees none of it (`ProjectPage`, `ProjectPages`); an equipment's page is not a project page.

use super::table::{EQUIPMENT_ID, MONITOR_INTERVAL};
use super::*;
use crate::api::{monitor, page_passwords, pages, project_live};
use crate::live::sockets;

const PROJECT_ID: ParamDef = integer("projectId").required().doc("Project id");
const PAGE_ID: ParamDef = integer("pageId").required().doc("A project page's id");
const DATA_EQUIP: ParamDef = ids("dataEquip", limits::PROJECT_PAGE_EQUIPMENT)
    .required()
    .doc("The equipment the page binds, comma-joined: each an equipment of the page's project");

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/websocket/monitor/project/token", sockets::project_token, "websocket.monitor.project.token", Session ["pageId" => ProjectPage],
            "A single-use token (60 s) for the project signal socket of those equipment of the page's project; 1205 \
             when the page is not a project page the caller sees whole; 1100 naming dataEquip for an equipment that \
             is not the project's.", [PAGE_ID, DATA_EQUIP]),
        route!(GET "/lfscada/ws/project/signal/subscribe/{token}", sockets::project_signal_socket, "ws.project.signal.subscribe", Public [],
            "WebSocket: pushes {equipmentId, signalVal, gatewayAlarm, signalAlarm} for each equipment of the token \
             (gatewayAlarm: that equipment's gateway's count); send 'project monitor idle' every 60 s. Closes when \
             the session ends or the account no longer sees every equipment of the project.", []),
        route!(POST "/lfscada/monitor/project/gateway/query", project_live::gateway_query, "monitor.project.gateway.query", Session ["pageId" => ProjectPage],
            "The gateways of those equipment of the page's project: [{equipmentId, sn, interval, online, vpn}] \
             (sn and interval null, offline, for an equipment without a gateway).", [PAGE_ID, DATA_EQUIP]),
        route!(POST "/lfscada/monitor/project/gateway/open", project_live::gateway_open, "monitor.project.gateway.open", Session ["projectId" => ProjectPages, "equipmentId" => Equipment],
        "Open the monitor window of an equipment of the project, as monitor/multi/open (the console sends delay \
         3600): 2001 without a gateway, 1207 offline; 1100 naming equipmentId when it is not the project's.", [
            PROJECT_ID,
            EQUIPMENT_ID,
            MONITOR_INTERVAL.default(limits::MONITOR_INTERVAL_MS_DEFAULT).doc("Reporting interval, ms (the gateway's)"),
            int("delay", 1, limits::MONITOR_WINDOW_SECONDS_MAX).default(limits::PROJECT_MONITOR_WINDOW_SECONDS).doc("Window length, seconds"),
        ]),
        route!(POST "/lfscada/monitor/project/signal/query", project_live::signal_query, "monitor.project.signal.query", Session ["pageId" => ProjectPage],
        "The latest values of those signals, {signalVal: {id: {value, time, quality}}}; a signal that is not one of \
         the project's equipment's is left out.", [
            PAGE_ID,
            ids("dataSignal", limits::PROJECT_PAGE_SIGNALS).required().doc("The signals the page binds, comma-joined"),
        ]),
        route!(POST "/lfscada/monitor/project/signal/writeVal", project_live::write_value, "monitor.project.signal.writeVal", Write ["projectId" => ProjectPages, "signalId" => Signal],
        "Write a value of a signal of the project's equipment: {online, uuid}, then poll signal/callback (the \
         console waits up to 60 s). 2004 read-only; 2003 outside min/max; 1207 gateway offline; 1100 naming \
         signalId when it is not the project's.", [
            PROJECT_ID,
            integer("signalId").required().doc("Signal id"),
            number("value", f64::MIN, f64::MAX).required().doc("Engineering value"),
        ]),
        route!(POST "/lfscada/monitor/project/signal/callback", monitor::callback, "monitor.project.signal.callback", Session ["uuid" => Command],
        "Outcome of a project write, as equipment/multi/callback: {status: pending|success|failure, code, message, \
         data}.", [
            text("uuid").required().doc("The uuid the write answered"),
        ]),
        route!(POST "/lfscada/monitor/project/page/info", pages::info, "monitor.project.page.info", Session ["id" => ProjectPage],
            "A project page with its document, as configuration/page/info; 1205 when it does not exist or is an \
             equipment's page; 1240 while it is protected and this session has not given its password.",
            [integer("id").required().doc("A project page's id")]),
        route!(POST "/lfscada/monitor/project/page/validPassword", page_passwords::valid_password, "monitor.project.page.validPassword", Session ["id" => ProjectPage],
        "Give a protected project page's password, as configuration/page/validPassword: 1241 when wrong, 1007 after \
         5 wrong ones in 15 minutes; 1205 when it does not exist or is an equipment's page.", [
            integer("id").required().doc("A project page's id"),
            text("password").required().doc("The page's password"),
        ]),
    ]
}
