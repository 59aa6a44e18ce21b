//! # Ironsight domain rules
//!
//! Pure rules with no IO, shared by the server (and later the gateway agent).
//!
//! # Layout
//! - [`calendar`]: dates as day numbers from 1970-01-01 and back, the one place the console counts days.
//! - [`lang`]: the two console languages and how a request names one.
//! - [`catalogue`]: the error catalogue, the one source of truth for every code and its zh/en text.
//! - [`validate`]: values that must be valid are types with a `parse` constructor (login names, passwords,
//!   feedback, group names, share passwords), so a handler cannot forget a rule.
//! - [`permission`]: the permission codes a user's `auths` list may hold.
//! - [`limits`]: every limit a person meets in a form or query (lengths, counts, ranges), named once for the
//!   handlers and the web app.
//! - [`contract`]: code names, permission names and limits exported to the web app
//!   (`web/src/generated/contract.json`).
//! - [`page`]: configuration page documents: the widget types, the per-page limits and the check a document passes
//!   before it is stored (docs/page-document.md).
//! - [`image_url`]: which picture addresses a page document may hold: the viewer's rule (`safeImageUrl`), mirrored.
//! - [`image_file`]: which uploaded files are pictures (types, extensions, served media types).
//! - [`alarm`]: when an alarm rule triggers and releases (deadband, delay, quality) and when a gateway or signal
//!   counts as silent.
//! - [`repair`]: repair work orders: statuses, the steps between them and who takes each (one table, exported).
//! - [`expiry`]: expiry dates of equipment and gateways (calendar days in China time) and which expire
//!   message is due.
//! - [`inspection`]: inspection worksheets: statuses, steps, how a result is judged, when a plan falls due.
//! - [`track`]: track playback: the position signals, pairing their readings, thinning a long path.
//! - [`external_page`]: external pages framed under Manage: which addresses may be stored, their origins, the
//!   console's Content-Security-Policy.
//! - [`mvar`]: a project's intermediate variables: calc types, the custom formula's grammar, computing a value.
//! - [`value_map`]: state texts of a signal (value → text in both languages and a colour), presentation only.
//! - [`report`]: a report's views (day, month, shifts, range) and their periods in China time, its columns and
//!   an organisation's shifts.
//! - [`rollup`]: what a span of a signal's good readings adds up to (the minute and hour roll-ups reports read),
//!   and the statistics a report column reads off it.
//! - [`reason`]: why a parameter was refused (the reasons of `InvalidParam`), with their texts in both languages.
//! - [`gm`]: GM equipment's collection sources (Sparkplug B edge nodes, JSON devices): the names they bring.
//! - [`workflow`]: the one shape of a work order's rule table, shared by repair orders and inspection worksheets.

pub mod alarm;
pub mod calendar;
pub mod catalogue;
pub mod contract;
pub mod expiry;
pub mod external_page;
pub mod gm;
pub mod image_file;
pub mod image_url;
pub mod inspection;
pub mod lang;
pub mod limits;
pub mod mvar;
pub mod page;
pub mod permission;
pub mod reason;
pub mod repair;
pub mod report;
pub mod rollup;
pub mod track;
pub mod validate;
pub mod value_map;
pub mod workflow;

pub use catalogue::{Code, Reason, WidgetRef};
pub use lang::Lang;
