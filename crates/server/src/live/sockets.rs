//! Live channels (spec sections 4 and 7): a token call, then a WebSocket opened with that token.
//!
//! The token is the socket's credential: single use, valid for [`TICKET_TTL_MS`], bound to the session that asked
//! for it and, for EG signals, to one equipment the caller may see. A page on another site cannot get one (the
//! token call is a same-origin POST with the session cookie), so the socket path needs no cookie check of its
//! own. While open, the socket closes as soon as its session ends (logout, a disabled account, a password reset,
//! expiry) or, for EG signals, its account no longer sees the equipment (for a project page's signals, no longer
//! sees every equipment of the project, or an equipment left the project; docs/project-monitor.md): the calls that
//! end sessions or change grants tell the hub ([`AccessChange`]), the socket wakes at its session's expiry, and it
//! re-checks every minute anyway (a change made by another server instance).
//! Each socket's queue is bounded ([`crate::live::hub::CLIENT_BUFFER`]); a client that cannot keep up is closed.

use super::hub::{AccessChange, TICKET_TTL_MS, Ticket, TicketChannel};
use super::project::ProjectFrames;
use crate::AppState;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade, rejection::WebSocketUpgradeRejection};
use axum::extract::{Path, State};
use axum::response::{IntoResponse, Response};
use ironsight_domain::{Code, Reason};
use ironsight_store::now_ms;
use std::time::Duration;
use tokio::sync::broadcast;

/// How often an open socket checks that its session is still valid.
const SESSION_CHECK: Duration = Duration::from_secs(60);
/// WebSocket close code for "try again later" (a client that fell behind).
const CLOSE_TRY_AGAIN: u16 = 1013;
/// WebSocket close code for "policy violation" (session over).
const CLOSE_POLICY: u16 = 1008;

fn ticket(current: &CurrentUser, channel: TicketChannel) -> Ticket {
    Ticket {
        user_id: current.user.id,
        org_id: current.user.org_id,
        session_hash: current.token_hash.clone(),
        channel,
        expires_ms: now_ms() + TICKET_TTL_MS,
    }
}

/// `POST /lfscada/websocket/monitor/token {equipmentId}` → a token for the EG signal socket of that equipment.
pub async fn monitor_token(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.int("equipmentId")?.ok_or_else(|| ApiError::invalid("equipmentId", Reason::Required))?;
    if state.store.equipment(&current.viewer(), id).await?.is_none() {
        return Err(ApiError::code(Code::EquipmentNotFound));
    }
    let token = state.live.issue(ticket(&current, TicketChannel::EgSignals { equipment_id: id }));
    Ok(ApiOk::new(token))
}

/// `POST /lfscada/websocket/monitor/project/token {pageId, dataEquip}` → a token for the project signal socket of
/// those equipment of the page's project (docs/project-monitor.md). The route's guard has admitted only a caller
/// who sees the page's whole project; an equipment that is not the project's is a field error naming `dataEquip`.
pub async fn project_token(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let (project_id, equipment) = crate::api::project_live::page_equipment(&state, &current, &params).await?;
    let channel = TicketChannel::ProjectSignals { project_id, equipment: equipment.into() };
    Ok(ApiOk::new(state.live.issue(ticket(&current, channel))))
}

/// `POST /lfscada/websocket/msg/token` → a token for the caller's message socket.
pub async fn message_token(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    Ok(ApiOk::new(state.live.issue(ticket(&current, TicketChannel::Messages))))
}

/// `GET /lfscada/ws/eg/signal/subscribe/{token}`: pushes `{signalVal, gatewayAlarm, signalAlarm}`.
pub async fn eg_signal_socket(
    State(state): State<AppState>,
    Path(token): Path<String>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    open_socket(state, &token, upgrade, |live, ticket| match ticket.channel {
        TicketChannel::EgSignals { equipment_id } => Some(Frames::One(live.watch_equipment(equipment_id))),
        _ => None,
    })
}

/// `GET /lfscada/ws/project/signal/subscribe/{token}`: pushes `{equipmentId, signalVal, gatewayAlarm,
/// signalAlarm}` for each equipment of the token, and for no other.
pub async fn project_signal_socket(
    State(state): State<AppState>,
    Path(token): Path<String>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    open_socket(state, &token, upgrade, |live, ticket| match &ticket.channel {
        TicketChannel::ProjectSignals { equipment, .. } => {
            Some(Frames::Merged(Box::new(ProjectFrames::watch(live, equipment))))
        }
        _ => None,
    })
}

/// `GET /lfscada/ws/message/subscribe/{token}`: pushes `{type: "message", data}` for each new message.
pub async fn message_socket(
    State(state): State<AppState>,
    Path(token): Path<String>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> Response {
    open_socket(state, &token, upgrade, |live, ticket| match ticket.channel {
        TicketChannel::Messages => Some(Frames::One(live.watch_messages(ticket.user_id))),
        _ => None,
    })
}

/// Redeems the token and upgrades, with the frames `watch` picks for the ticket (`None`: a ticket for another
/// channel, refused like an unknown one).
fn open_socket(
    state: AppState,
    token: &str,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
    watch: impl FnOnce(&super::hub::LiveHub, &Ticket) -> Option<Frames>,
) -> Response {
    let Ok(upgrade) = upgrade else { return not_a_socket() };
    let Some(ticket) = state.live.redeem(token) else { return refused() };
    let Some(frames) = watch(&state.live, &ticket) else { return refused() };
    // Listening for access changes starts here, before the client has its answer: a logout the moment the
    // socket opens must not fall between the answer and the socket's task starting.
    let access = state.live.watch_access();
    upgrade
        .read_buffer_size(SOCKET_READ_BUFFER)
        .write_buffer_size(0)
        .max_write_buffer_size(SOCKET_MAX_WRITE_BUFFER)
        .max_message_size(SOCKET_MAX_MESSAGE)
        .max_frame_size(SOCKET_MAX_MESSAGE)
        .on_upgrade(move |socket| serve(state, ticket, frames, access, socket))
        .into_response()
}

/// The console only pings and closes on these sockets, so what it may send is small; the library's defaults
/// (128 KiB read and write buffers per socket, 64 MiB messages) cost 250 KiB a socket, 125 MiB for 500 screens.
const SOCKET_READ_BUFFER: usize = 4 * 1024;
const SOCKET_MAX_MESSAGE: usize = 64 * 1024;
/// Frames are written as they come (no write buffering: each is one frame of at most a few KiB); a client that
/// stops reading fills at most this much before the send fails and the socket is closed.
const SOCKET_MAX_WRITE_BUFFER: usize = 1024 * 1024;

/// What a socket forwards: one channel of the hub, or a project page's equipment merged.
enum Frames {
    One(broadcast::Receiver<std::sync::Arc<str>>),
    Merged(Box<ProjectFrames>),
}

impl Frames {
    async fn recv(&mut self) -> Result<std::sync::Arc<str>, broadcast::error::RecvError> {
        match self {
            Frames::One(frames) => frames.recv().await,
            Frames::Merged(frames) => frames.recv().await,
        }
    }
}

/// A plain request on a socket path: 1102 (malformed request), without using up the token.
fn not_a_socket() -> Response {
    ApiError::Malformed(Reason::NotWebSocket).into_response()
}

/// An unknown, used or expired token: 1010 (the console asks for a new token after 10 s).
fn refused() -> Response {
    ApiError::code(Code::NotLoggedIn).into_response()
}

/// Forwards frames until the client closes, falls behind, or its session ends. Idle texts from the client
/// ('eg monitor idle', 'msg idle') keep the connection alive and need no answer.
async fn serve(
    state: AppState,
    ticket: Ticket,
    mut frames: Frames,
    mut access: broadcast::Receiver<AccessChange>,
    mut socket: WebSocket,
) {
    let mut session_check = tokio::time::interval(SESSION_CHECK);
    session_check.tick().await;
    // A change that came before `access` was listening (while the ticket was redeemed) is caught here.
    if !allowed_now(&state, &ticket, &mut socket).await {
        return;
    }
    let mut expiry = session_expiry(&state, &ticket).await;
    loop {
        tokio::select! {
            frame = frames.recv() => match frame {
                Ok(text) => {
                    if socket.send(Message::Text(text.as_ref().into())).await.is_err() {
                        return;
                    }
                }
                Err(broadcast::error::RecvError::Lagged(missed)) => {
                    tracing::info!(user = ticket.user_id, missed, "live client too slow, closing");
                    close(&mut socket, CLOSE_TRY_AGAIN, "too slow").await;
                    return;
                }
                Err(broadcast::error::RecvError::Closed) => return,
            },
            incoming = socket.recv() => match incoming {
                Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                Some(Ok(_)) => {} // idle texts, pings (answered by the library)
            },
            change = access.recv() => {
                let concerns = match &change {
                    Ok(AccessChange::Session(hash)) => *hash == ticket.session_hash,
                    Ok(AccessChange::Account(user_id)) => *user_id == ticket.user_id,
                    // Missed some: check rather than guess.
                    Err(broadcast::error::RecvError::Lagged(_)) => true,
                    Err(broadcast::error::RecvError::Closed) => false,
                };
                if concerns && !allowed_now(&state, &ticket, &mut socket).await {
                    return;
                }
            }
            _ = tokio::time::sleep_until(expiry) => {
                if !allowed_now(&state, &ticket, &mut socket).await {
                    return;
                }
                // Used meanwhile, the session slid on: wake at its new end.
                expiry = session_expiry(&state, &ticket).await;
            }
            _ = session_check.tick() => {
                if !allowed_now(&state, &ticket, &mut socket).await {
                    return;
                }
            }
        }
    }
}

/// Checks the ticket now; closes the socket and answers false when it no longer holds. A database hiccup does not
/// end anyone's socket.
async fn allowed_now(state: &AppState, ticket: &Ticket, socket: &mut WebSocket) -> bool {
    if still_allowed(state, ticket).await.unwrap_or(true) {
        return true;
    }
    close(socket, CLOSE_POLICY, "session ended").await;
    false
}

/// When the ticket's session expires if not used again (at the latest a minute from now when it cannot be read).
async fn session_expiry(state: &AppState, ticket: &Ticket) -> tokio::time::Instant {
    let now = tokio::time::Instant::now();
    let expires_ms = state.store.session(&ticket.session_hash).await.ok().flatten().map(|s| s.expires_ms);
    let left_ms = expires_ms.map_or(SESSION_CHECK.as_millis() as i64, |e| (e - now_ms()).max(0));
    // The minute's check covers anything longer.
    now + Duration::from_millis(left_ms.min(SESSION_CHECK.as_millis() as i64) as u64 + 50)
}

/// True while the ticket's session lasts and, for an equipment's signals, its account still sees that
/// equipment (an administrator may have revoked the grant or disabled the account since the socket opened).
async fn still_allowed(state: &AppState, ticket: &Ticket) -> anyhow::Result<bool> {
    let Some(session) = state.store.session(&ticket.session_hash).await? else { return Ok(false) };
    if session.ended_ms.is_some() || session.expires_ms <= now_ms() {
        return Ok(false);
    }
    if ticket.channel == TicketChannel::Messages {
        return Ok(true);
    }
    let viewer = match state.store.user(ticket.user_id).await? {
        Some(user) if !user.disabled => user.viewer(),
        _ => return Ok(false),
    };
    match &ticket.channel {
        TicketChannel::EgSignals { equipment_id } => state.store.equipment_visible(&viewer, *equipment_id).await,
        TicketChannel::ProjectSignals { project_id, equipment } => {
            if !state.store.project_covered(&viewer, *project_id).await? {
                return Ok(false);
            }
            let members = state.store.project_equipment_ids(viewer.org_id, *project_id).await?;
            Ok(equipment.iter().all(|id| members.contains(id)))
        }
        TicketChannel::Messages => Ok(true),
    }
}

async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let _ = socket.send(Message::Close(Some(CloseFrame { code, reason: reason.into() }))).await;
}
