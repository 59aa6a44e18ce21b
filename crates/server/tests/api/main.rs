//! API tests: the real server on a real socket, against SQLite and against PostgreSQL, one test binary with one
//! file per feature (zero-to-production style). Each test runs twice via [`both_backends!`].

mod helpers;
mod mosquitto;
mod plant;

mod accounts;
mod alarms;
mod bad_input;
mod clock;
mod contention;
mod csrf;
mod demo_plant;
mod equipment;
mod gateways;
mod graceful_stop;
mod groups;
mod hardening;
mod history;
mod image_library;
mod images;
mod kill;
mod library_models;
mod link;
mod live_sessions;
mod login;
mod messages;
mod monitor_list;
mod outage;
mod pages;
mod pages_document;
mod pages_versions;
mod project_pages;
mod projects;
mod reports;
mod route_walk;
mod scenes;
mod session;
mod settings_feedback_oplog;
mod share;
mod signals;
mod sound;
mod system;
mod templates;
mod walk_fixture;
mod weather;
mod web_and_meta;
