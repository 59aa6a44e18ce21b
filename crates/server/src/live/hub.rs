//! Fan-out of live frames to WebSocket clients: one broadcast channel per watched equipment and per user with an
//! open message socket. Frames are serialised once and shared. A channel's buffer is bounded; a client that falls
//! behind it is dropped (its socket closes and the console reconnects) rather than slowing everyone down.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use tokio::sync::broadcast;

/// Frames a slow client may fall behind before it is dropped.
pub const CLIENT_BUFFER: usize = 256;

use crate::answers::live::EgFrame;

type Frame = Arc<str>;

/// How long a socket token may wait to be used.
pub const TICKET_TTL_MS: i64 = 60_000;

/// What a socket token grants: one socket, for this session, on this channel.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Ticket {
    pub user_id: i64,
    pub org_id: i64,
    /// Hash of the session token the ticket was issued to; the socket closes when that session ends.
    pub session_hash: String,
    pub channel: TicketChannel,
    pub expires_ms: i64,
}

/// Which live channel a ticket opens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TicketChannel {
    EgSignals {
        equipment_id: i64,
    },
    /// A project page's equipment (docs/project-monitor.md): each of the project, the whole project seen.
    ProjectSignals {
        project_id: i64,
        equipment: Arc<[i64]>,
    },
    Messages,
}

/// A change to who may watch what: open sockets it concerns re-check at once instead of at their next minute.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AccessChange {
    /// A session ended (logout, replaced by a new login), by its token's hash.
    Session(String),
    /// An account's sessions ended or its sight changed (disabled, password reset, grants or data range edited).
    Account(i64),
}

/// Access changes a socket may miss before it re-checks anyway.
const ACCESS_BUFFER: usize = 64;

/// The hub. Cheap to clone.
#[derive(Clone)]
pub struct LiveHub {
    equipment: Arc<Mutex<HashMap<i64, broadcast::Sender<Frame>>>>,
    users: Arc<Mutex<HashMap<i64, broadcast::Sender<Frame>>>>,
    /// Socket tokens (hashed) waiting to be used; single use, short-lived.
    tickets: Arc<Mutex<HashMap<String, Ticket>>>,
    access: broadcast::Sender<AccessChange>,
}

impl Default for LiveHub {
    fn default() -> LiveHub {
        LiveHub {
            equipment: Arc::default(),
            users: Arc::default(),
            tickets: Arc::default(),
            access: broadcast::channel(ACCESS_BUFFER).0,
        }
    }
}

fn subscribe(map: &Mutex<HashMap<i64, broadcast::Sender<Frame>>>, key: i64) -> broadcast::Receiver<Frame> {
    let mut map = map.lock().expect("live hub lock");
    map.entry(key).or_insert_with(|| broadcast::channel(CLIENT_BUFFER).0).subscribe()
}

fn send(map: &Mutex<HashMap<i64, broadcast::Sender<Frame>>>, key: i64, frame: impl FnOnce() -> Option<String>) {
    let mut map = map.lock().expect("live hub lock");
    let Some(sender) = map.get(&key) else { return };
    if sender.receiver_count() == 0 {
        // Nobody watches any more: forget the channel.
        map.remove(&key);
        return;
    }
    if let Some(text) = frame() {
        let _ = sender.send(Arc::from(text));
    }
}

impl LiveHub {
    /// Issues a single-use socket token for `ticket`.
    pub fn issue(&self, ticket: Ticket) -> String {
        let token = crate::session::new_token();
        let mut tickets = self.tickets.lock().expect("tickets lock");
        let now = ironsight_store::now_ms();
        tickets.retain(|_, t| t.expires_ms > now);
        tickets.insert(crate::session::token_hash(&token), ticket);
        token
    }

    /// Takes the ticket of `token` (once): `None` when unknown, used or expired.
    pub fn redeem(&self, token: &str) -> Option<Ticket> {
        let ticket = self.tickets.lock().expect("tickets lock").remove(&crate::session::token_hash(token))?;
        (ticket.expires_ms > ironsight_store::now_ms()).then_some(ticket)
    }

    pub fn watch_equipment(&self, equipment_id: i64) -> broadcast::Receiver<Frame> {
        subscribe(&self.equipment, equipment_id)
    }

    pub fn watch_messages(&self, user_id: i64) -> broadcast::Receiver<Frame> {
        subscribe(&self.users, user_id)
    }

    /// True when someone watches the equipment (ingest skips building frames nobody reads).
    pub fn is_watched(&self, equipment_id: i64) -> bool {
        self.equipment.lock().expect("live hub lock").get(&equipment_id).is_some_and(|s| s.receiver_count() > 0)
    }

    pub fn publish_equipment(&self, equipment_id: i64, frame: &EgFrame) {
        send(&self.equipment, equipment_id, || serde_json::to_string(frame).ok());
    }

    /// Tells open sockets that `change` happened; those it concerns re-check their right to stay open.
    pub fn access_changed(&self, change: AccessChange) {
        let _ = self.access.send(change);
    }

    /// The access changes, for an open socket.
    pub fn watch_access(&self) -> broadcast::Receiver<AccessChange> {
        self.access.subscribe()
    }

    /// Pushes a new message to a user's message socket: `{type: "message", data}`.
    pub fn publish_message(&self, user_id: i64, message: &crate::answers::message::Message) {
        send(&self.users, user_id, || {
            serde_json::to_string(&serde_json::json!({"type": "message", "data": message})).ok()
        });
    }
}
