//! The console's push channels: the hub that fans frames out to open WebSockets ([`hub`]), and the token calls and
//! sockets the console opens ([`sockets`]).
//!
//! The hub belongs to the server, not to the gateway link: the link publishes an equipment's values and alarm
//! counts to it, and the alarm engine, the expiry sweep, announcements and work orders publish messages; calls that
//! end sessions or change grants tell it which sockets to re-check. [`crate::AppState::live`] is the one hub.

pub mod hub;
pub mod project;
pub mod sockets;

pub use hub::{AccessChange, LiveHub};
