//! The live channels in the route table: single-use socket tokens and the two WebSockets (the EG signal socket
//! and the message socket).

use super::table::EQUIPMENT_ID;
use super::*;
use crate::live::sockets;

pub(super) fn routes() -> Vec<RouteDef> {
    vec![
        route!(POST "/lfscada/websocket/monitor/token", sockets::monitor_token, "websocket.monitor.token", Session ["equipmentId" => Equipment],
            "A single-use token (60 s) for the EG signal socket of one equipment.", [EQUIPMENT_ID]),
        route!(GET "/lfscada/ws/eg/signal/subscribe/{token}", sockets::eg_signal_socket, "ws.eg.signal.subscribe", Public [],
            "WebSocket: pushes {signalVal, gatewayAlarm, signalAlarm}; send 'eg monitor idle' every 60 s.", []),
        route!(POST "/lfscada/websocket/msg/token", sockets::message_token, "websocket.msg.token", Session [],
            "A single-use token (60 s) for the message socket.", []),
        route!(GET "/lfscada/ws/message/subscribe/{token}", sockets::message_socket, "ws.message.subscribe", Public [],
            "WebSocket: pushes {type: 'message', data} for each new message; send 'msg idle' every 60 s.", []),
    ]
}
