//! What the HTTP calls answer: types of their own, next to nothing else, built from the store's rows. The store
//! says what is stored; an answer says what the console may be told, in the wire's names (camelCase), with what
//! only the server knows at the time of the call (a gateway's presence while the broker link is down). A store
//! column can be renamed or added without changing the wire, and no secret can reach an answer by a new field on
//! a row.
//!
//! Every answer type derives `TS`: `ironsight generate` writes their TypeScript declarations to
//! `web/src/generated/answers.ts` ([`export_typescript`]), which the web app imports instead of re-typing them, and
//! a test fails when that file is stale. A new answer type is added to [`declarations`].
//!
//! The store's rows do not derive `Serialize` (a test in crates/store fails when one does): no row reaches the wire
//! but through an answer.

pub mod account;
pub mod alarm;
pub mod equipment;
pub mod ezviz;
pub mod gateway;
pub mod group;
pub mod image;
pub mod inspection;
pub mod message;
pub mod monitor;
pub mod notify;
pub mod ops_center;
pub mod page;
pub mod project;
pub mod repair;
pub mod report;
pub mod scene;
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

/// Every answer type's declaration, in the order written.
fn declarations() -> Vec<String> {
    vec![
        Listed::<ts_rs::Dummy>::decl(),
        Created::decl(),
        SavedIds::decl(),
        crate::api::presence::Presence::decl(),
        account::UserInfo::decl(),
        account::SubAccount::decl(),
        account::NewSubAccount::decl(),
        account::GrantedEquipment::decl(),
        account::GrantCount::decl(),
        account::Captcha::decl(),
        account::Style::decl(),
        account::SecurityState::decl(),
        account::Proven::decl(),
        account::RecoveryMethods::decl(),
        account::CodeSent::decl(),
        gateway::GatewayCredentials::decl(),
        equipment::ImageStored::decl(),
        page::PageWithDocument::decl(),
        page::PageSaved::decl(),
        page::PageVersion::decl(),
        page::PageVersionDocument::decl(),
        template::TemplateSummary::decl(),
        template::TemplateWithDocument::decl(),
        system::Published::decl(),
        system::Withdrawn::decl(),
        gateway::Gateway::decl(),
        equipment::Equipment::decl(),
        equipment::EquipmentDetail::decl(),
        ironsight_domain::alarm::Symbol::decl(),
        alarm::AlarmRule::decl(),
        alarm::AlarmRecord::decl(),
        page::PageSummary::decl(),
        project::ProjectSummary::decl(),
        project::EquipmentName::decl(),
        project::Project::decl(),
        project::Mvar::decl(),
        project::FormulaChecked::decl(),
        report::Report::decl(),
        report::ReportColumn::decl(),
        report::ReportRow::decl(),
        report::ReportData::decl(),
        scene::SceneSummary::decl(),
        monitor::Card::decl(),
        ironsight_domain::value_map::StateText::decl(),
        monitor::Quality::decl(),
        monitor::KeyValue::decl(),
        monitor::MapCard::decl(),
        scene::Scene::decl(),
        signal::SignalEntry::decl(),
        signal::CommandSent::decl(),
        signal::CommandOutcome::decl(),
        group::Group::decl(),
        group::GroupWithEquipment::decl(),
        message::Message::decl(),
        message::Changed::decl(),
        message::ExpireDetail::decl(),
        ops_center::EquipmentLoad::decl(),
        ops_center::OpsTotals::decl(),
        ops_center::OpsCenter::decl(),
        message::ShareInfo::decl(),
        notify::NotifyChannel::decl(),
        notify::NotifySettings::decl(),
        notify::NotifyDelivery::decl(),
        notify::SmtpServer::decl(),
        repair::RepairOrder::decl(),
        repair::RepairStep::decl(),
        repair::RepairPicture::decl(),
        repair::RepairOrderDetail::decl(),
        repair::RepairCreated::decl(),
        repair::RepairUser::decl(),
        inspection::InspectionItem::decl(),
        inspection::Named::decl(),
        inspection::InspectionPlan::decl(),
        inspection::Worksheet::decl(),
        inspection::WorksheetItem::decl(),
        inspection::WorksheetResult::decl(),
        inspection::WorksheetDetail::decl(),
        inspection::InspectionRecord::decl(),
        system::Hardware::decl(),
        system::ModelSummary::decl(),
        system::Model::decl(),
        system::EquipmentSignalCount::decl(),
        system::Announcement::decl(),
        system::Operation::decl(),
        account::Profile::decl(),
        account::AvatarStored::decl(),
        account::SystemSettings::decl(),
        system::ExternalPage::decl(),
        image::LibraryImage::decl(),
        image::LibraryImageStored::decl(),
        weather::Region::decl(),
        weather::WeatherPlace::decl(),
        weather::WeatherNow::decl(),
        weather::WeatherDay::decl(),
        weather::WeatherReport::decl(),
        ezviz::EzvizKeyInfo::decl(),
        ezviz::EzvizLiveAddress::decl(),
    ]
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
