//! Open live sockets close as soon as their session ends or their account may no longer watch, not at the next
//! minute's check (issue 12). The waits below are bounded well under that minute: a socket still open when they
//! run out was not told.

use crate::both_backends;
use crate::helpers::{TestApp, answer};
use crate::walk_fixture::post_as;
use futures_util::StreamExt;
use std::time::Duration;
use tokio_tungstenite::tungstenite::Message;

pub(crate) type Socket = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// Opens `client`'s message socket, or its EG signal socket for `equipment`.
async fn open(app: &TestApp, client: &reqwest::Client, equipment: Option<&str>) -> Socket {
    let (token_path, socket_path) = match equipment {
        Some(_) => ("/lfscada/websocket/monitor/token", "/lfscada/ws/eg/signal/subscribe"),
        None => ("/lfscada/websocket/msg/token", "/lfscada/ws/message/subscribe"),
    };
    let form: Vec<(&str, &str)> = equipment.map(|e| vec![("equipmentId", e)]).unwrap_or_default();
    let token = post_as(app, client, token_path, &form).await;
    let token = token.data().as_str().unwrap_or_else(|| panic!("{:?}", token.body)).to_owned();
    let url = format!("{}{socket_path}/{token}", app.base.replace("http://", "ws://"));
    tokio_tungstenite::connect_async(&url).await.expect("socket opens").0
}

/// Waits for the server to close `socket` (a close frame or the end of the stream); frames before it are skipped.
pub(crate) async fn closes(socket: &mut Socket, what: &str) {
    let closed = tokio::time::timeout(Duration::from_secs(15), async {
        while let Some(message) = socket.next().await {
            if matches!(message, Ok(Message::Close(_)) | Err(_)) {
                return;
            }
        }
    })
    .await;
    assert!(closed.is_ok(), "{what}: the socket stayed open");
}

/// A sub-account limited to one new equipment, logged in.
async fn operator(app: &TestApp, name: &str) -> (reqwest::Client, String, String) {
    let equipment = app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await.data()["id"].to_string();
    let added = app
        .post("/lfscada/user/sub/add", &[("loginname", name), ("password", "Oper@12345"), ("auths", "manage")])
        .await;
    let id = added.data()["userId"].to_string();
    let granted = app.post("/lfscada/user/sub/authorise", &[("userId", &id), ("equipmentIds", &equipment)]).await;
    assert_eq!(granted.code(), "200", "{:?}", granted.body);
    let (client, _jar) = crate::helpers::browser(&app.base);
    let url = format!("{}/lfscada/user/login?loginname={name}&password=Oper%4012345", app.base);
    assert_eq!(answer(client.post(url).send().await.unwrap()).await.code(), "200");
    (client, id, equipment)
}

both_backends!(live_sockets_close_when_their_session_ends, Options::default(), |app| {
    app.login_demo().await;

    // Logout.
    let (client, _, equipment) = operator(app, "op-logout").await;
    let (mut messages, mut signals) = (open(app, &client, None).await, open(app, &client, Some(&equipment)).await);
    assert_eq!(post_as(app, &client, "/lfscada/user/logout", &[]).await.code(), "200");
    closes(&mut messages, "logout, message socket").await;
    closes(&mut signals, "logout, signal socket").await;

    // Disabled by an administrator.
    let (client, id, equipment) = operator(app, "op-disable").await;
    let (mut messages, mut signals) = (open(app, &client, None).await, open(app, &client, Some(&equipment)).await);
    assert_eq!(app.post("/lfscada/user/sub/disable", &[("userId", &id), ("disabled", "true")]).await.code(), "200");
    closes(&mut messages, "disabled, message socket").await;
    closes(&mut signals, "disabled, signal socket").await;

    // Password reset.
    let (client, id, _) = operator(app, "op-reset").await;
    let mut messages = open(app, &client, None).await;
    let reset = [("userId", id.as_str()), ("password", "Next@12345")];
    assert_eq!(app.post("/lfscada/user/sub/resetPwd", &reset).await.code(), "200");
    closes(&mut messages, "password reset").await;

    // The grant taken back: the equipment's socket closes, the message socket stays.
    let (client, id, equipment) = operator(app, "op-revoke").await;
    let (mut messages, mut signals) = (open(app, &client, None).await, open(app, &client, Some(&equipment)).await);
    assert_eq!(app.post("/lfscada/user/sub/authorise", &[("userId", &id), ("equipmentIds", "")]).await.code(), "200");
    closes(&mut signals, "grant revoked").await;
    let still_open = tokio::time::timeout(Duration::from_millis(300), messages.next()).await;
    assert!(still_open.is_err(), "the message socket stays open: {still_open:?}");
});
