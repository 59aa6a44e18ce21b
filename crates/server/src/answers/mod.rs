//! What the HTTP calls answer: types of their own, next to nothing else, built from the store's rows. The store
//! says what is stored; an answer says what the console may be told, in the wire's names (camelCase), with what
//! only the server knows at the time of the call (a gateway's presence while the broker link is down). A store
//! column can be renamed or added without changing the wire, and no secret can reach an answer by a new field on
//! a row.
//!
//! Every answer type derives `TS`: `ironsight generate` writes their TypeScript declarations to
//! `web/src/generated/answers.ts` ([`export_typescript`]), which the web app imports instead of re-typing them, and
//! a test fails when that file is stale. A new answer type is listed in `generated_answers!`, which makes it an
//! [`Answer`]: `ApiOk::new` takes nothing else, so an answer that skips the generated contract does not compile.
//!
//! The store's rows do not derive `Serialize` (a test in crates/store fails when one does): no row reaches the wire
//! but through an answer.

pub mod account;
pub mod alarm;
pub mod equipment;
pub mod ezviz;
pub mod gateway;
pub mod gm;
pub mod group;
pub mod history;
pub mod image;
pub mod inspection;
pub mod live;
pub mod message;
pub mod monitor;
pub mod notify;
pub mod ops_center;
pub mod page;
pub mod presence;
pub mod project;
pub mod project_monitor;
pub mod repair;
pub mod report;
pub mod scene;
pub mod share;
pub mod signal;
pub mod system;
pub mod template;
pub mod weather;

use serde::Serialize;
use ts_rs::TS;

/// An answer that tells a stored row's fields as they are: declares the answer type (camelCase on the wire, a
/// TypeScript declaration) and its conversion from the row, field by field, so the row's other fields and any
/// field added to it later stay off the wire. Answers that add or change what a row says are written out.
macro_rules! answer_from_row {
    (
        $(#[$meta:meta])*
        pub struct $name:ident from $row:path {
            $( $(#[$field_meta:meta])* pub $field:ident : $ty:ty, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, serde::Serialize, ts_rs::TS)]
        #[serde(rename_all = "camelCase")]
        pub struct $name {
            $( $(#[$field_meta])* pub $field: $ty, )*
        }

        impl From<$row> for $name {
            fn from(row: $row) -> $name {
                $name { $( $field: row.$field, )* }
            }
        }
    };
}
pub(crate) use answer_from_row;

/// A page of rows and the number of rows matching over all pages: every paged list's answer.
#[derive(Clone, Debug, Serialize, TS)]
pub struct Listed<T: TS> {
    pub total: i64,
    pub list: Vec<T>,
}

impl<T: TS> Listed<T> {
    /// The store's page with each row turned into its answer.
    pub fn from_page<R>(page: ironsight_store::Page<R>, answer: impl FnMut(R) -> T) -> Listed<T> {
        Listed { total: page.total, list: page.list.into_iter().map(answer).collect() }
    }
}

/// What an `add` call answers: the new object's id.
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct Created {
    pub id: i64,
}

/// What a list save answers: the ids of the saved entries, in the order sent (new entries' ids included).
#[derive(Clone, Debug, Serialize, TS)]
pub struct SavedIds {
    pub ids: Vec<i64>,
}

/// A type an HTTP call answers with, in `data`: one whose TypeScript declaration `ironsight generate` writes to
/// `web/src/generated/answers.ts`, so the web app reads the server's own type rather than a copy typed by hand.
/// [`crate::response::ApiOk::new`] takes nothing else.
///
/// It is implemented by [`generated_answers!`] for the types listed there (which is also the list the TypeScript is
/// generated from), for the wire's plain values, and for lists, maps and pages of answers; nothing outside this
/// module can implement it (`Sealed` cannot be named there). A generated answer compiles:
///
/// ```
/// let _ = ironsight::response::ApiOk::new(ironsight::answers::Created { id: 1 });
/// ```
///
/// and an answer that is not generated does not (E0277: the trait bound is not satisfied):
///
/// ```compile_fail,E0277
/// // A value made up beside a handler is not an answer the web app could import.
/// let _ = ironsight::response::ApiOk::new(serde_json::json!({ "anything": 1 }));
/// ```
///
/// ```compile_fail,E0277
/// #[derive(serde::Serialize)]
/// struct MadeUpBesideAHandler { id: i64 }
/// let _ = ironsight::response::ApiOk::new(MadeUpBesideAHandler { id: 1 });
/// ```
pub trait Answer: Serialize + sealed::Sealed {}

mod sealed {
    /// Only this module implements it: see [`super::Answer`].
    pub trait Sealed {}
}

/// Makes each type an [`Answer`] (the only place the sealed trait is implemented for a named type).
macro_rules! answers {
    ($($ty:ty),* $(,)?) => {
        $(
            impl sealed::Sealed for $ty {}
            impl Answer for $ty {}
        )*
    };
}

/// Lists the answer types: each becomes an [`Answer`], and [`declarations`] gives their TypeScript in the order
/// listed (a type before those that use it reads best, though TypeScript does not need it).
macro_rules! generated_answers {
    ($($ty:ty),* $(,)?) => {
        answers!($($ty),*);

        /// Every answer type's declaration, in the order listed.
        fn declarations() -> Vec<String> {
            vec![Listed::<ts_rs::Dummy>::decl(), $(<$ty>::decl()),*]
        }
    };
}

// The wire's plain values, answered as they are (`true`, a count, a path).
answers!(bool, i64, f64, String, ());

impl<T: Answer> sealed::Sealed for Vec<T> {}
impl<T: Answer> Answer for Vec<T> {}
impl<T: Answer> sealed::Sealed for Option<T> {}
impl<T: Answer> Answer for Option<T> {}
impl<T: Answer> sealed::Sealed for std::collections::BTreeMap<String, T> {}
impl<T: Answer> Answer for std::collections::BTreeMap<String, T> {}
impl<T: Answer + TS> sealed::Sealed for Listed<T> {}
impl<T: Answer + TS> Answer for Listed<T> {}

generated_answers! {
    Created,
    SavedIds,
    crate::answers::presence::Presence,
    account::UserInfo,
    account::SubAccount,
    account::NewSubAccount,
    account::GrantedEquipment,
    account::GrantCount,
    account::Captcha,
    account::Style,
    account::SecurityState,
    account::Proven,
    account::RecoveryMethods,
    account::CodeSent,
    gateway::GatewayCredentials,
    gm::GmCredentials,
    gm::RuleTried,
    gm::SignalTried,
    ironsight_domain::gm::json_rule::RuleDoc,
    ironsight_domain::gm::json_rule::SignalDoc,
    ironsight_domain::gm::json_rule::TimeDoc,
    ironsight_domain::gm::json_rule::CommandDoc,
    equipment::ImageStored,
    page::PageWithDocument<'_>,
    page::PageSaved,
    page::PageVersion,
    page::PageVersionDocument<'_>,
    template::TemplateSummary,
    template::TemplateWithDocument<'_>,
    system::Published,
    system::Withdrawn,
    gateway::Gateway,
    gm::GmSource,
    gm::GmMetric,
    gm::GmDevice,
    gm::GmBadMessage,
    gm::GmSourceStats,
    equipment::Equipment,
    equipment::EquipmentDetail,
    ironsight_domain::alarm::Symbol,
    alarm::AlarmRule,
    alarm::AlarmRecord,
    page::PageSummary,
    project::ProjectSummary,
    project::EquipmentName,
    project::Project,
    project::Mvar,
    project::FormulaChecked,
    project_monitor::ProjectGateway,
    project_monitor::ProjectValues,
    project_monitor::ProjectHistorySources,
    project_monitor::ProjectHistoryTable,
    ironsight_domain::rollup::Statistic,
    ironsight_domain::report::ColumnDef,
    ironsight_domain::report::Shift,
    report::Report,
    report::ReportColumn,
    report::ReportRow,
    report::ReportData,
    ironsight_domain::report::CustomColumnDef,
    report::CustomReport,
    report::CustomReportColumn,
    report::CustomReportData,
    report::ArchivedReport,
    report::ReportArchive,
    report::CustomReportArchive,
    report::ReportSignal,
    report::ReportEquipment,
    scene::SceneSummary,
    monitor::Card,
    ironsight_domain::value_map::StateText,
    monitor::Quality,
    monitor::KeyValue,
    monitor::MapCard,
    scene::Scene,
    signal::SignalEntry,
    signal::CommandSent,
    signal::CommandOutcome,
    group::Group,
    group::GroupWithEquipment,
    message::Message,
    message::Changed,
    message::ExpireDetail,
    ops_center::EquipmentLoad,
    ops_center::OpsTotals,
    ops_center::OpsCenter,
    message::ShareInfo,
    notify::NotifyChannel,
    notify::NotifySettings,
    notify::NotifyDelivery,
    notify::SmtpServer,
    repair::RepairOrder,
    repair::RepairStep,
    repair::RepairPicture,
    repair::RepairOrderDetail,
    repair::RepairCreated,
    repair::RepairUser,
    inspection::InspectionItem,
    inspection::Named,
    inspection::InspectionPlan,
    inspection::Worksheet,
    inspection::WorksheetItem,
    inspection::WorksheetResult,
    inspection::WorksheetDetail,
    inspection::InspectionRecord,
    system::Hardware,
    system::ModelSummary,
    system::Model,
    system::EquipmentSignalCount,
    system::Announcement,
    system::Operation,
    account::Profile,
    account::AvatarStored,
    account::SystemSettings,
    system::ExternalPage,
    image::LibraryImage,
    image::LibraryImageStored,
    weather::Region,
    weather::WeatherPlace,
    weather::WeatherNow,
    weather::WeatherDay,
    weather::WeatherReport,
    account::UserConfig,
    live::LiveValue,
    live::EgFrame,
    live::ProjectFrame,
    live::CommandReadings,
    ironsight_domain::track::TrackPoint,
    history::HistoryAnswer<'_>,
    history::HistorySeries<'_>,
    history::MvarSeries,
    history::TrackAnswer,
    share::ShareVisit,
    share::SharedEquipment,
    share::SharePages,
    ironsight_protocol::payload::Area,
    ironsight_protocol::payload::DataType,
    ironsight_protocol::payload::Order,
    ironsight_protocol::payload::SignalDef,
    ironsight_protocol::schema::FieldKind,
    ironsight_protocol::schema::DefaultValue,
    ironsight_protocol::schema::FieldSchema,
    ironsight_protocol::schema::DriverSchema,
    ezviz::EzvizKeyInfo,
    ezviz::EzvizLiveAddress,
}

/// `web/src/generated/answers.ts`: every answer type, exported.
pub fn export_typescript() -> String {
    let mut out = String::from(
        "// Generated by `ironsight generate` from crates/server/src/answers: do not edit.\n\
         // What the server's calls answer, in the wire's names.\n",
    );
    for declaration in declarations() {
        out.push_str("\nexport ");
        // ts-rs declares i64 as `bigint`, but JSON.parse gives numbers: every i64 on the wire (ids, counts, ms
        // times) stays below 2^53, where a number is exact.
        out.push_str(&declaration.replace("bigint", "number"));
        out.push('\n');
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The web app imports the generated file; a stale copy would describe answers the server no longer gives.
    #[test]
    fn web_answers_export_is_current() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/generated/answers.ts");
        let on_disk = std::fs::read_to_string(path).unwrap_or_default();
        assert!(on_disk == export_typescript(), "web/src/generated/answers.ts is stale: run `make generate`");
    }

    #[test]
    fn a_page_is_generic_and_wire_names_are_camel_case() {
        let text = export_typescript();
        assert!(text.contains("export type Listed<T> = { total: number, list: Array<T>, }"), "{text}");
        assert!(text.contains("signalStrength: number | null"), "{text}");
        assert!(!text.contains("signal_strength"), "{text}");
    }
}
