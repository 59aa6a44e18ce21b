//! Handlers, one module per area of the spec's call list (section 7). The route table in [`crate::routes`]
//! names which handler answers which path.

pub mod accounts;
pub mod alarms;
pub mod equipment;
pub mod feedback;
pub mod gateways;
pub mod groups;
pub mod image_library;
pub mod images;
pub mod inspection;
pub mod inspection_schedule;
pub mod live;
pub mod messages;
pub mod monitor;
pub mod monitor_list;
pub mod notify;
pub mod oplog;
pub mod ops_center;
pub mod page_passwords;
pub mod pages;
pub mod presence;
pub mod projects;
pub mod repairs;
pub mod reports;
pub mod scenes;
pub mod settings;
pub mod shares;
pub mod signals;
pub mod sound;
pub mod svg;
pub mod system;
pub mod templates;
pub mod theme;
pub mod user;
pub mod weather;
pub mod worksheets;
