//! API tests: the real server on a real socket, against SQLite and against PostgreSQL, one test binary with one
//! file per feature (zero-to-production style). Each test runs twice via [`both_backends!`].

mod helpers;
mod plant;

mod alarms;
mod bad_input;
mod csrf;
mod equipment;
mod gateways;
mod link;
mod login;
mod outage;
mod reports;
mod session;
mod settings_feedback_oplog;
mod signals;
mod web_and_meta;
