//! Every limit a person meets in the console's forms and queries, named once: the handlers refuse by these
//! constants and [`NAMED`] exports them to the web app (`web/src/generated/contract.json`, key `limits`), so a
//! form refuses exactly what the server would and a limit changed here changes both at once.
//!
//! Lengths are in characters as a person counts them (a Chinese character is one), unless the name says bytes.
//! Counts are inclusive maxima. A limit that a validation type of [`crate::validate`] or a rule of
//! [`crate::alarm`] already holds is that constant, not a copy of its number.
//!
//! Not here: the page-document limits (`crate::page`, exported in `widgetTypes.json`), the driver settings'
//! limits (sent with the driver schema), and limits of the transport rather than of a field (body size, keys per
//! request).

use crate::alarm;
use crate::validate::{FeedbackContent, GroupName, LoginName, LoginPassword, NewPassword, SerialNumber, SharePassword};

// Accounts (the login form, sub-accounts).

/// Longest login name.
pub const LOGIN_NAME_CHARS: usize = LoginName::MAX;
/// Shortest new password (spec: 8 to 15 characters).
pub const PASSWORD_MIN_CHARS: usize = NewPassword::MIN;
/// Longest new password.
pub const PASSWORD_MAX_CHARS: usize = NewPassword::MAX;
/// Longest password typed at login: refused before hashing, so a huge input cannot cost a slow hash.
pub const LOGIN_PASSWORD_CHARS: usize = LoginPassword::MAX;
/// Longest telephone number, brackets, spaces and `+` included (`validate::telephone`).
pub const TELEPHONE_CHARS: usize = 20;
/// Longest e-mail address (`validate::email`).
pub const EMAIL_CHARS: usize = 100;
/// Most equipment one authorisation call may grant a sub-account.
pub const SUB_ACCOUNT_GRANTS: usize = 10_000;

// Feedback.

/// Shortest feedback ('Opinions can not be less than 10 words!', code 1200).
pub const FEEDBACK_MIN_CHARS: usize = FeedbackContent::MIN;
/// Longest feedback.
pub const FEEDBACK_MAX_CHARS: usize = FeedbackContent::MAX;

// Equipment, its sharing, signals, alarm rules and reports.

/// Longest equipment name.
pub const EQUIPMENT_NAME_CHARS: usize = 60;
/// Longest equipment model text.
pub const EQUIPMENT_MODEL_CHARS: usize = 60;
/// Longest manufacturer name, of an equipment and of a model in the model library alike (a model made from an
/// equipment takes the equipment's manufacturer).
pub const MANUFACTURER_CHARS: usize = 60;
/// Longest equipment address (where it stands).
pub const EQUIPMENT_ADDRESS_CHARS: usize = 200;
/// Longest remark, of an equipment, a project and a library model alike.
pub const REMARK_CHARS: usize = 500;
/// Shortest sharing password (spec: at least 4 characters).
pub const SHARE_PASSWORD_MIN_CHARS: usize = SharePassword::MIN;
/// Longest sharing password: refused before hashing, as at login.
pub const SHARE_PASSWORD_MAX_CHARS: usize = SharePassword::MAX;
/// Most signals one equipment may have: the gateway polls them all, and an import is saved whole.
pub const SIGNALS_PER_EQUIPMENT: usize = 2000;
/// Longest signal name.
pub const SIGNAL_NAME_CHARS: usize = 60;
/// Longest signal unit.
pub const SIGNAL_UNIT_CHARS: usize = 16;
/// Highest register or coil address: a Modbus address is 16 bits, and a signal wider than one register must end
/// by this address too.
pub const SIGNAL_ADDRESS_MAX: u32 = u16::MAX as u32;
/// Northmost and southmost latitude of an equipment's place, in degrees (its negative is the other bound).
pub const LATITUDE_MAX: f64 = 90.0;
/// Eastmost and westmost longitude of an equipment's place, in degrees (its negative is the other bound).
pub const LONGITUDE_MAX: f64 = 180.0;
/// Most states (value → text) one signal's value map may name: enumerations beyond this are codes, not states.
pub const STATE_TEXTS_PER_SIGNAL: usize = 32;
/// Longest state text in either language: it sits in a table cell and on a phone card.
pub const STATE_TEXT_CHARS: usize = 20;
/// Most decimals a signal's value is shown with.
pub const SIGNAL_DECIMALS_MAX: i64 = 6;
/// Most alarm rules one signal may have.
pub const ALARM_RULES_PER_SIGNAL: usize = alarm::MAX_RULES_PER_SIGNAL;
/// Longest delay of an alarm rule, in ms (one day).
pub const ALARM_DELAY_MS_MAX: i64 = alarm::MAX_DELAY_MS;
/// Longest alarm message, in each language.
pub const ALARM_MESSAGE_CHARS: usize = alarm::MAX_MESSAGE_CHARS;
/// Longest range one alarm-record query may span, as for history (spec section 5: at most 30 days).
pub const ALARM_RECORDS_RANGE_DAYS: i64 = HISTORY_RANGE_DAYS;
/// Shortest and longest sampling period of a report as `report/save` takes it, in ms: the minute limits above.
pub const REPORT_PERIOD_MS_MIN: i64 = REPORT_PERIOD_MIN_MINUTES * 60_000;
pub const REPORT_PERIOD_MS_MAX: i64 = REPORT_PERIOD_MAX_MINUTES * 60_000;
/// The sampling period of a report saved without one, in ms (an hour).
pub const REPORT_PERIOD_MS_DEFAULT: i64 = 3_600_000;
/// Longest report name.
pub const REPORT_NAME_CHARS: usize = 60;
/// Most signals (columns) in one report.
pub const REPORT_COLUMNS: usize = 20;
/// Most shifts in an organisation's day.
pub const SHIFTS_PER_DAY: usize = 6;
/// Longest shift name.
pub const SHIFT_NAME_CHARS: usize = 20;
/// Shortest sampling period of a report, in minutes: a report is read from history one cell per period, and
/// periods are whole minutes.
pub const REPORT_PERIOD_MIN_MINUTES: i64 = 1;
/// Longest sampling period of a report, in minutes (one day).
pub const REPORT_PERIOD_MAX_MINUTES: i64 = 1440;
/// Longest range one report query may cover, as history.
pub const REPORT_RANGE_DAYS: i64 = HISTORY_RANGE_DAYS;

// Monitor.

/// Longest range one history query may cover (spec section 5: at most 30 days).
pub const HISTORY_RANGE_DAYS: i64 = 30;
/// Most signals one history query (and the chart) may hold (spec: 10).
pub const HISTORY_SIGNALS: usize = 10;
/// Most points one history answer holds, all its signals together (spec: 200,000); a longer range is answered in
/// min/max buckets.
pub const HISTORY_POINTS: i64 = 200_000;

/// Shortest reporting interval of a gateway while an equipment's monitor window is open, in ms: the gateway
/// setting (`gateway/edit`) and the window's open (`monitor/multi/open`, which the console sends the gateway's
/// setting) alike, so a window never asks what the gateway may not be set to. Faster reports would flood the live
/// sockets of every viewer.
pub const MONITOR_INTERVAL_MS_MIN: i64 = 200;
/// Longest reporting interval while monitored, in ms: a live value older than a minute is not live.
pub const MONITOR_INTERVAL_MS_MAX: i64 = 60_000;
/// The interval a window opens with when the caller gives none, in ms (a new gateway's setting too).
pub const MONITOR_INTERVAL_MS_DEFAULT: i64 = 1_000;
/// Longest monitor window one open asks for, in seconds (a day; the console renews its window every few minutes).
pub const MONITOR_WINDOW_SECONDS_MAX: i64 = 86_400;
/// The window's length when the caller gives none, in seconds (spec: the EG monitor opens with delay 600).
pub const MONITOR_WINDOW_SECONDS_DEFAULT: i64 = 600;

// Gateways.

/// Shortest history sample period of a gateway outside monitor windows, in ms.
pub const SAMPLE_INTERVAL_MS_MIN: i64 = 1_000;
/// Longest history sample period, in ms (an hour).
pub const SAMPLE_INTERVAL_MS_MAX: i64 = 3_600_000;

/// Longest gateway serial number (it is also the gateway's MQTT user name).
pub const SERIAL_NUMBER_CHARS: usize = SerialNumber::MAX;
/// Longest gateway name.
pub const GATEWAY_NAME_CHARS: usize = 60;
/// Longest gateway model text.
pub const GATEWAY_MODEL_CHARS: usize = 60;
/// Longest gateway firmware version text.
pub const GATEWAY_FIRMWARE_CHARS: usize = 60;
/// Longest name of a GM collection source (a Sparkplug edge node, a JSON device).
pub const GM_SOURCE_NAME_CHARS: usize = 60;
/// Longest Sparkplug group id or edge node id.
pub const SPARKPLUG_ID_CHARS: usize = crate::gm::SparkplugId::MAX;
/// Longest topic prefix of a JSON device.
pub const TOPIC_PREFIX_CHARS: usize = crate::gm::TopicPrefix::MAX;

// Groups, scenes and projects.

/// Longest monitor group name (spec section 5: "Group name up to 30 characters").
pub const GROUP_NAME_CHARS: usize = GroupName::MAX;
/// Longest scene name: a scene name follows the group-name rule.
pub const SCENE_NAME_CHARS: usize = GroupName::MAX;
/// Most equipment one scene shows (at least one); its preview reads every card again every few seconds.
pub const SCENE_EQUIPMENT: usize = 50;
/// Longest project name (a project search keyword is bounded by it too: a longer one cannot match).
pub const PROJECT_NAME_CHARS: usize = 60;
/// Most equipment one project holds (none is allowed).
pub const PROJECT_EQUIPMENT: usize = 500;
/// Most intermediate variables one project holds (docs/mvars.md); the viewer computes every bound one live.
pub const PROJECT_MVARS: usize = 200;
/// The monitor window a project page asks of each gateway, in seconds (spec section 9: "Gateway open delay 3600"); the
/// default of `monitor/project/gateway/open`.
pub const PROJECT_MONITOR_WINDOW_SECONDS: i64 = 3600;
/// Most equipment one project page's live session watches (`dataEquip` of the project token and gateway query,
/// docs/project-monitor.md): the access layer checks lists up to this long, and one socket merges this many
/// equipment's frames.
pub const PROJECT_PAGE_EQUIPMENT: usize = 100;
/// Most signals one project page's value query names (`dataSignal`), read in one statement.
pub const PROJECT_PAGE_SIGNALS: usize = 1000;
/// Most columns (signals and intermediate variables together) of one project history table
/// (`monitor/project/history/queryAllData`), each read off the roll-ups.
pub const PROJECT_HISTORY_COLUMNS: usize = 50;
/// Most open alarms `monitor/project/alarm/queryAll` answers (newest first): a page's alarm table shows them all.
pub const PROJECT_OPEN_ALARMS: usize = 500;
/// Longest intermediate variable name, and its unit's.
pub const MVAR_NAME_CHARS: usize = 30;
pub const MVAR_UNIT_CHARS: usize = 16;
/// Most decimal places an intermediate variable shows.
pub const MVAR_DECIMALS: i64 = 6;
/// The decimal places of a variable saved without them.
pub const MVAR_DECIMALS_DEFAULT: i64 = 2;

// Configuration pages (the document's own limits, the canvas among them, are `crate::page`'s).

/// Longest page title.
pub const PAGE_TITLE_CHARS: usize = 60;

// System screens.

/// Longest name of a model in the model library.
pub const MODEL_NAME_CHARS: usize = 60;
/// Longest announcement title.
pub const ANNOUNCEMENT_TITLE_CHARS: usize = 100;
/// Longest announcement text.
pub const ANNOUNCEMENT_CONTENT_CHARS: usize = 5000;
/// Longest console title of an organisation (`ironsight theme --title`).
pub const THEME_TITLE_CHARS: usize = 60;
/// Longest favicon of an organisation, URL or data URL, in bytes (`ironsight theme --favicon`).
pub const THEME_FAVICON_BYTES: usize = 64 * 1024;

// Pictures (equipment pictures, the organisation's image library).

/// Largest picture file, in bytes (2 MiB).
pub const IMAGE_BYTES: usize = 2 * 1024 * 1024;
/// Longest title of a picture in the image library.
pub const IMAGE_TITLE_CHARS: usize = 100;
/// Largest 3D model (glTF binary, `.glb`) the image library takes, in bytes (20 MiB): a plant without internet
/// uploads the models its pages' 3D widgets show. Pictures keep [`IMAGE_BYTES`].
pub const MODEL_BYTES: usize = 20 * 1024 * 1024;

// The account area's basic profile (docs/account.md).

/// Largest avatar file, in bytes: spec section 5, "under 100K".
pub const AVATAR_BYTES: usize = 100 * 1024;
/// Longest real name: spec section 5, "user name at most 6 characters" (the person's name; login names are
/// longer and are not edited here).
pub const PROFILE_NAME_CHARS: usize = 6;
/// Longest contact and department texts.
pub const PROFILE_TEXT_CHARS: usize = 60;

// System settings (docs/account.md): an organisation's idle session timeout (0: the deployment's) and history
// retention (0: forever).

/// Shortest idle session timeout an administrator may set, in minutes.
pub const SESSION_MINUTES_MIN: i64 = 5;
/// Longest idle session timeout, in minutes (7 days).
pub const SESSION_MINUTES_MAX: i64 = 7 * 24 * 60;
/// Longest history retention, in days (10 years).
pub const RETENTION_DAYS_MAX: i64 = 3650;

// External pages (docs/frame.md): other sites an administrator lets the console frame under Manage.

/// Most external pages one organisation keeps (each is a menu entry and an origin in the console's CSP).
pub const EXTERNAL_PAGES_MAX: usize = 20;
/// Longest title of an external page (its menu entry).
pub const EXTERNAL_PAGE_TITLE_CHARS: usize = 30;
/// Longest address of an external page.
pub const EXTERNAL_PAGE_URL_CHARS: usize = 500;

// EZVIZ cloud video (docs/ezviz.md).

/// Longest EZVIZ app key or secret (EZVIZ's are 32 hexadecimal characters).
pub const EZVIZ_KEY_CHARS: usize = 64;
/// Highest camera channel of an EZVIZ device (channels are numbered from 1).
pub const EZVIZ_CHANNEL_MAX: i64 = 999;

// Messages.

/// Most messages one mark-read or delete call names.
pub const MESSAGE_IDS: usize = 100;
/// Longest object id a message search names (`dataId`: an alarm's, an order's, an announcement's id as text).
pub const MESSAGE_DATA_ID_CHARS: usize = 40;

/// Longest text `msg/createSound` speaks (a longer one is refused, 1100). An alarm message's title (equipment,
/// signal and message: up to 322 characters) is longer than this at most: the console is to cut it to this before
/// asking, so a long title is still heard, its start first.
pub const SPEECH_TEXT_CHARS: usize = 200;

/// Most notification channels (e-mail, robots, webhooks) one user may have.
pub const NOTIFY_CHANNELS: usize = 10;
/// Longest name of a notification channel.
pub const NOTIFY_CHANNEL_NAME_CHARS: usize = 40;
/// Longest webhook address.
pub const NOTIFY_URL_CHARS: usize = 500;
/// Longest signing secret of a DingTalk or Feishu robot (theirs are 67 and 16 to 64 characters).
pub const NOTIFY_SECRET_CHARS: usize = 200;
/// Longest SMTP server host name (a DNS name is at most 253 characters).
pub const SMTP_HOST_CHARS: usize = 253;
/// Longest SMTP user name and password.
pub const SMTP_CREDENTIAL_CHARS: usize = 200;
/// Longest sender name of alarm e-mail.
pub const SMTP_FROM_NAME_CHARS: usize = 60;
/// Highest SMTP server port: a TCP port is 16 bits.
pub const PORT_MAX: i64 = u16::MAX as i64;

// Account security (docs/security.md).

/// Longest security question, and longest answer to it.
pub const SECURITY_QUESTION_CHARS: usize = 60;

// Repair work orders (docs/work-orders.md).

/// Longest problem description of a repair order.
pub const REPAIR_DESCRIPTION_CHARS: usize = 500;
/// Longest repair content (what was done), given when the order is finished.
pub const REPAIR_CONTENT_CHARS: usize = 1000;
/// Longest remark of a step (the reason of an early finish).
pub const REPAIR_REMARK_CHARS: usize = 500;
/// Most pictures one repair order holds (each at most [`IMAGE_BYTES`]).
pub const REPAIR_PICTURES: usize = 6;

// Inspection work orders (docs/work-orders.md, the inspection half).

/// Longest name of an inspection item or plan.
pub const INSPECTION_NAME_CHARS: usize = 60;
/// Longest "what to check" of an item, and longest text result.
pub const INSPECTION_CONTENT_CHARS: usize = 500;
/// Longest unit of a number item.
pub const INSPECTION_UNIT_CHARS: usize = 16;
/// Most equipment on a plan's route, and most items a plan checks on each.
pub const INSPECTION_ROUTE_MAX: usize = 50;
pub const INSPECTION_ITEMS_MAX: usize = 50;
/// Longest a worksheet may take before it is overdue, in hours (a month).
pub const INSPECTION_HOURS_MAX: i64 = 744;
/// The hours a worksheet may take when its plan does not say (a day).
pub const INSPECTION_HOURS_DEFAULT: i64 = 24;
/// Longest remark of a worksheet (the reason of an abort, the inspector's note, a result's note).
pub const INSPECTION_REMARK_CHARS: usize = 500;
/// Longest word of a choice an inspection item or plan takes (an item's kind, a plan's frequency): each choice is
/// shorter; a longer text is refused for its length before it is compared.
pub const INSPECTION_CHOICE_CHARS: usize = 16;
/// Length of a plan's time of day, `HH:MM`.
pub const INSPECTION_TIME_CHARS: usize = 5;

// The operation log.

/// Longest object id an operation-log query names (ids are numbers, serial numbers or uuids; longer is no id).
pub const OPERATION_OBJECT_ID_CHARS: usize = 128;
/// Longest object type an operation-log query names (`equipment`, `gateway`, …).
pub const OPERATION_OBJECT_TYPE_CHARS: usize = 64;

// Lists.

/// Most rows one page of a list may ask for.
pub const PAGE_SIZE_MAX: i64 = 100;
/// Rows per page when the caller does not say (spec section 9: 10 per page).
pub const PAGE_SIZE_DEFAULT: i64 = 10;
/// Highest page number a list call may ask for: a hundred million rows at the largest page size, beyond any list
/// kept; a larger number is a mistake, refused rather than turned into an offset the database must skip.
pub const PAGE_MAX: i64 = 1_000_000;
/// Longest search keyword of the equipment and gateway lists.
pub const SEARCH_KEYWORD_CHARS: usize = 64;

/// Every limit by the name the web app uses for it (`Limits.SceneNameChars`), as the contract exports it.
pub const NAMED: &[(&str, i64)] = &[
    ("LoginNameChars", LOGIN_NAME_CHARS as i64),
    ("PasswordMinChars", PASSWORD_MIN_CHARS as i64),
    ("PasswordMaxChars", PASSWORD_MAX_CHARS as i64),
    ("LoginPasswordChars", LOGIN_PASSWORD_CHARS as i64),
    ("TelephoneChars", TELEPHONE_CHARS as i64),
    ("EmailChars", EMAIL_CHARS as i64),
    ("SubAccountGrants", SUB_ACCOUNT_GRANTS as i64),
    ("FeedbackMinChars", FEEDBACK_MIN_CHARS as i64),
    ("FeedbackMaxChars", FEEDBACK_MAX_CHARS as i64),
    ("EquipmentNameChars", EQUIPMENT_NAME_CHARS as i64),
    ("EquipmentModelChars", EQUIPMENT_MODEL_CHARS as i64),
    ("ManufacturerChars", MANUFACTURER_CHARS as i64),
    ("EquipmentAddressChars", EQUIPMENT_ADDRESS_CHARS as i64),
    ("RemarkChars", REMARK_CHARS as i64),
    ("SharePasswordMinChars", SHARE_PASSWORD_MIN_CHARS as i64),
    ("SharePasswordMaxChars", SHARE_PASSWORD_MAX_CHARS as i64),
    ("SignalsPerEquipment", SIGNALS_PER_EQUIPMENT as i64),
    ("SignalNameChars", SIGNAL_NAME_CHARS as i64),
    ("SignalUnitChars", SIGNAL_UNIT_CHARS as i64),
    ("SignalAddressMax", SIGNAL_ADDRESS_MAX as i64),
    ("SignalDecimalsMax", SIGNAL_DECIMALS_MAX),
    ("LatitudeMax", LATITUDE_MAX as i64),
    ("LongitudeMax", LONGITUDE_MAX as i64),
    ("StateTextsPerSignal", STATE_TEXTS_PER_SIGNAL as i64),
    ("StateTextChars", STATE_TEXT_CHARS as i64),
    ("AlarmRulesPerSignal", ALARM_RULES_PER_SIGNAL as i64),
    ("AlarmDelayMsMax", ALARM_DELAY_MS_MAX),
    ("AlarmMessageChars", ALARM_MESSAGE_CHARS as i64),
    ("AlarmRecordsRangeDays", ALARM_RECORDS_RANGE_DAYS),
    ("ReportNameChars", REPORT_NAME_CHARS as i64),
    ("ReportColumns", REPORT_COLUMNS as i64),
    ("ShiftsPerDay", SHIFTS_PER_DAY as i64),
    ("ShiftNameChars", SHIFT_NAME_CHARS as i64),
    ("ReportPeriodMinMinutes", REPORT_PERIOD_MIN_MINUTES),
    ("ReportPeriodMaxMinutes", REPORT_PERIOD_MAX_MINUTES),
    ("ReportRangeDays", REPORT_RANGE_DAYS),
    ("ReportPeriodMsMin", REPORT_PERIOD_MS_MIN),
    ("ReportPeriodMsMax", REPORT_PERIOD_MS_MAX),
    ("ReportPeriodMsDefault", REPORT_PERIOD_MS_DEFAULT),
    ("HistoryRangeDays", HISTORY_RANGE_DAYS),
    ("HistorySignals", HISTORY_SIGNALS as i64),
    ("HistoryPoints", HISTORY_POINTS),
    ("MonitorIntervalMsMin", MONITOR_INTERVAL_MS_MIN),
    ("MonitorIntervalMsMax", MONITOR_INTERVAL_MS_MAX),
    ("MonitorIntervalMsDefault", MONITOR_INTERVAL_MS_DEFAULT),
    ("MonitorWindowSecondsMax", MONITOR_WINDOW_SECONDS_MAX),
    ("MonitorWindowSecondsDefault", MONITOR_WINDOW_SECONDS_DEFAULT),
    ("SampleIntervalMsMin", SAMPLE_INTERVAL_MS_MIN),
    ("SampleIntervalMsMax", SAMPLE_INTERVAL_MS_MAX),
    ("SerialNumberChars", SERIAL_NUMBER_CHARS as i64),
    ("GatewayNameChars", GATEWAY_NAME_CHARS as i64),
    ("GatewayModelChars", GATEWAY_MODEL_CHARS as i64),
    ("GatewayFirmwareChars", GATEWAY_FIRMWARE_CHARS as i64),
    ("GmSourceNameChars", GM_SOURCE_NAME_CHARS as i64),
    ("SparkplugIdChars", SPARKPLUG_ID_CHARS as i64),
    ("TopicPrefixChars", TOPIC_PREFIX_CHARS as i64),
    ("GroupNameChars", GROUP_NAME_CHARS as i64),
    ("SceneNameChars", SCENE_NAME_CHARS as i64),
    ("SceneEquipment", SCENE_EQUIPMENT as i64),
    ("ProjectNameChars", PROJECT_NAME_CHARS as i64),
    ("ProjectEquipment", PROJECT_EQUIPMENT as i64),
    ("ProjectMvars", PROJECT_MVARS as i64),
    ("ProjectMonitorWindowSeconds", PROJECT_MONITOR_WINDOW_SECONDS),
    ("ProjectPageEquipment", PROJECT_PAGE_EQUIPMENT as i64),
    ("ProjectPageSignals", PROJECT_PAGE_SIGNALS as i64),
    ("ProjectHistoryColumns", PROJECT_HISTORY_COLUMNS as i64),
    ("ProjectOpenAlarms", PROJECT_OPEN_ALARMS as i64),
    ("MvarNameChars", MVAR_NAME_CHARS as i64),
    ("MvarUnitChars", MVAR_UNIT_CHARS as i64),
    ("MvarDecimals", MVAR_DECIMALS),
    ("MvarDecimalsDefault", MVAR_DECIMALS_DEFAULT),
    ("MvarSignals", crate::mvar::MVAR_SIGNALS as i64),
    ("FormulaChars", crate::mvar::FORMULA_CHARS as i64),
    ("PageTitleChars", PAGE_TITLE_CHARS as i64),
    ("ModelNameChars", MODEL_NAME_CHARS as i64),
    ("AnnouncementTitleChars", ANNOUNCEMENT_TITLE_CHARS as i64),
    ("AnnouncementContentChars", ANNOUNCEMENT_CONTENT_CHARS as i64),
    ("ThemeTitleChars", THEME_TITLE_CHARS as i64),
    ("ThemeFaviconBytes", THEME_FAVICON_BYTES as i64),
    ("ImageBytes", IMAGE_BYTES as i64),
    ("ImageTitleChars", IMAGE_TITLE_CHARS as i64),
    ("ModelBytes", MODEL_BYTES as i64),
    ("AvatarBytes", AVATAR_BYTES as i64),
    ("ProfileNameChars", PROFILE_NAME_CHARS as i64),
    ("ProfileTextChars", PROFILE_TEXT_CHARS as i64),
    ("SessionMinutesMin", SESSION_MINUTES_MIN),
    ("SessionMinutesMax", SESSION_MINUTES_MAX),
    ("RetentionDaysMax", RETENTION_DAYS_MAX),
    ("ExternalPagesMax", EXTERNAL_PAGES_MAX as i64),
    ("ExternalPageTitleChars", EXTERNAL_PAGE_TITLE_CHARS as i64),
    ("ExternalPageUrlChars", EXTERNAL_PAGE_URL_CHARS as i64),
    ("EzvizKeyChars", EZVIZ_KEY_CHARS as i64),
    ("EzvizChannelMax", EZVIZ_CHANNEL_MAX),
    ("MessageIds", MESSAGE_IDS as i64),
    ("MessageDataIdChars", MESSAGE_DATA_ID_CHARS as i64),
    ("SpeechTextChars", SPEECH_TEXT_CHARS as i64),
    ("NotifyChannels", NOTIFY_CHANNELS as i64),
    ("NotifyChannelNameChars", NOTIFY_CHANNEL_NAME_CHARS as i64),
    ("NotifyUrlChars", NOTIFY_URL_CHARS as i64),
    ("NotifySecretChars", NOTIFY_SECRET_CHARS as i64),
    ("SmtpHostChars", SMTP_HOST_CHARS as i64),
    ("SmtpCredentialChars", SMTP_CREDENTIAL_CHARS as i64),
    ("SmtpFromNameChars", SMTP_FROM_NAME_CHARS as i64),
    ("PortMax", PORT_MAX),
    ("SecurityQuestionChars", SECURITY_QUESTION_CHARS as i64),
    ("RepairDescriptionChars", REPAIR_DESCRIPTION_CHARS as i64),
    ("RepairContentChars", REPAIR_CONTENT_CHARS as i64),
    ("RepairRemarkChars", REPAIR_REMARK_CHARS as i64),
    ("RepairPictures", REPAIR_PICTURES as i64),
    ("InspectionNameChars", INSPECTION_NAME_CHARS as i64),
    ("InspectionContentChars", INSPECTION_CONTENT_CHARS as i64),
    ("InspectionUnitChars", INSPECTION_UNIT_CHARS as i64),
    ("InspectionRouteMax", INSPECTION_ROUTE_MAX as i64),
    ("InspectionItemsMax", INSPECTION_ITEMS_MAX as i64),
    ("InspectionHoursMax", INSPECTION_HOURS_MAX),
    ("InspectionHoursDefault", INSPECTION_HOURS_DEFAULT),
    ("InspectionRemarkChars", INSPECTION_REMARK_CHARS as i64),
    ("InspectionChoiceChars", INSPECTION_CHOICE_CHARS as i64),
    ("InspectionTimeChars", INSPECTION_TIME_CHARS as i64),
    ("OperationObjectIdChars", OPERATION_OBJECT_ID_CHARS as i64),
    ("OperationObjectTypeChars", OPERATION_OBJECT_TYPE_CHARS as i64),
    ("PageSizeMax", PAGE_SIZE_MAX),
    ("PageSizeDefault", PAGE_SIZE_DEFAULT),
    ("PageMax", PAGE_MAX),
    ("SearchKeywordChars", SEARCH_KEYWORD_CHARS as i64),
];

// A minimum above its maximum would make a field impossible to fill: refused when the crate builds.
const _: () = assert!(PASSWORD_MIN_CHARS < PASSWORD_MAX_CHARS);
const _: () = assert!(SHARE_PASSWORD_MIN_CHARS < SHARE_PASSWORD_MAX_CHARS);
const _: () = assert!(FEEDBACK_MIN_CHARS < FEEDBACK_MAX_CHARS);
const _: () = assert!(REPORT_PERIOD_MIN_MINUTES < REPORT_PERIOD_MAX_MINUTES);
const _: () = assert!(MONITOR_INTERVAL_MS_MIN < MONITOR_INTERVAL_MS_MAX);
const _: () = assert!(SAMPLE_INTERVAL_MS_MIN < SAMPLE_INTERVAL_MS_MAX);

#[cfg(test)]
mod tests {
    use super::*;
    use std::collections::HashSet;

    #[test]
    fn names_are_unique_pascal_case_and_limits_positive() {
        let mut seen = HashSet::new();
        for (name, value) in NAMED {
            assert!(seen.insert(*name), "{name} is named twice");
            assert!(name.starts_with(|c: char| c.is_ascii_uppercase()), "{name} is not PascalCase");
            assert!(name.chars().all(|c| c.is_ascii_alphanumeric()), "{name} is not a plain identifier");
            assert!(*value > 0, "{name} must be positive, is {value}");
        }
    }

    /// The types that enforce a rule and the table the web reads are the same numbers, not copies.
    #[test]
    fn validation_types_enforce_the_named_limits() {
        use crate::Reason;
        use crate::validate::{email, telephone};
        assert_eq!(GroupName::parse(&"组".repeat(SCENE_NAME_CHARS + 1)), Err(Reason::TooLong { max: 30 }));
        assert_eq!(LoginName::parse(&"a".repeat(LOGIN_NAME_CHARS + 1)), Err(Reason::TooLong { max: 64 }));
        assert!(telephone(&"1".repeat(TELEPHONE_CHARS)).is_ok());
        assert_eq!(telephone(&"1".repeat(TELEPHONE_CHARS + 1)), Err(Reason::BadFormat));
        let longest = format!("{}@x.io", "a".repeat(EMAIL_CHARS - 5));
        assert!(email(&longest).is_ok());
        assert_eq!(email(&format!("a{longest}")), Err(Reason::TooLong { max: 100 }));
    }
}
