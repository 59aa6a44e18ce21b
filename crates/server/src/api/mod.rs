//! Handlers, one module per area of the spec's call list (section 7). The route table in [`crate::routes`]
//! names which handler answers which path.

pub mod alarms;
pub mod equipment;
pub mod feedback;
pub mod gateways;
pub mod live;
pub mod messages;
pub mod monitor;
pub mod oplog;
pub mod reports;
pub mod settings;
pub mod signals;
pub mod theme;
pub mod user;
