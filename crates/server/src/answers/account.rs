//! Accounts: the caller's own and the sub-accounts an administrator manages. The password hash is no field of
//! either, so it cannot reach the wire.

use ironsight_store::users::User;
use serde::Serialize;
use ts_rs::TS;

/// The user-info fields of spec section 3 (`/lfscada/user/login`, `/lfscada/user/info`).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct UserInfo {
    pub user_id: i64,
    pub loginname: String,
    pub tel: String,
    pub email: String,
    /// The spec's theme id: the organisation's.
    pub style_id: i64,
    pub org_id: i64,
    pub dept_id: i64,
    pub role_id: i64,
    /// `admin` or `user`.
    pub role_type: String,
    pub auth_region: String,
    /// `all` or `authorised` (only the equipment granted to the account).
    #[ts(type = "\"all\" | \"authorised\"")]
    pub data_range: String,
    /// Any of `sound`, `title`, `alter`: how new alarms are announced.
    pub promp_type: Vec<String>,
    pub scada_adaption: bool,
    /// `list` or `page`.
    pub equip_display: String,
    /// Permission codes.
    pub auths: Vec<String>,
    /// An administrator asked for a new password: the console opens the security wizard's password step first,
    /// and every other call answers 1330 until it is changed.
    pub must_change_password: bool,
}

impl From<&User> for UserInfo {
    fn from(u: &User) -> UserInfo {
        UserInfo {
            user_id: u.id,
            loginname: u.loginname.clone(),
            tel: u.tel.clone(),
            email: u.email.clone(),
            style_id: u.org_id,
            org_id: u.org_id,
            dept_id: u.dept_id,
            role_id: u.role_id,
            role_type: u.role_type.clone(),
            auth_region: u.auth_region.clone(),
            data_range: u.data_range.clone(),
            promp_type: u.promp_type.clone(),
            scada_adaption: u.scada_adaption,
            equip_display: u.equip_display.clone(),
            auths: u.auths.clone(),
            must_change_password: u.must_change_password,
        }
    }
}

/// A row of `/lfscada/user/sub/query`.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SubAccount {
    pub user_id: i64,
    pub loginname: String,
    pub tel: String,
    pub email: String,
    /// `user` for a sub-account.
    pub role_type: String,
    #[ts(type = "\"all\" | \"authorised\"")]
    pub data_range: String,
    pub auths: Vec<String>,
    pub disabled: bool,
    /// How many equipment are granted to it.
    pub equipment_count: i64,
}

impl SubAccount {
    pub fn new(u: &User, equipment_count: i64) -> SubAccount {
        SubAccount {
            user_id: u.id,
            loginname: u.loginname.clone(),
            tel: u.tel.clone(),
            email: u.email.clone(),
            role_type: u.role_type.clone(),
            data_range: u.data_range.clone(),
            auths: u.auths.clone(),
            disabled: u.disabled,
            equipment_count,
        }
    }
}

/// `/lfscada/user/sub/add`: the new account's id.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct NewSubAccount {
    pub user_id: i64,
}

/// `/lfscada/user/sub/equipment`: the equipment granted to an account, by id.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct GrantedEquipment {
    pub equipment_ids: Vec<i64>,
}

/// `/lfscada/user/sub/authorise`: how many equipment the account is granted now.
#[derive(Clone, Copy, Debug, Serialize, TS)]
pub struct GrantCount {
    pub count: usize,
}

/// `/lfscada/user/vcode`: a captcha picture (a `data:` URL) and how long it may be answered, in seconds.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Captcha {
    pub image: String,
    pub expires_in: i64,
}

/// `/org/StyleAction!loadStyle.action`: the organisation's console title and favicon (the default ones before a
/// login).
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Style {
    pub title: String,
    pub favicon_ico: String,
}

/// `/lfscada/user/security/state`: what of the account's security is set up, contact addresses masked.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SecurityState {
    /// Always true: every account has a password; kept so the screen lists it like the others.
    pub password_set: bool,
    /// The phone number masked (`138****5678`), empty when none.
    pub tel: String,
    pub tel_verified: bool,
    /// The e-mail address masked (`o***@plant.example`), empty when none.
    pub email: String,
    pub email_verified: bool,
    pub question_set: bool,
    /// The security question itself (the account's own), empty when none.
    pub question: String,
    /// The deployment has an SMS provider: the console uses the `sms` screens, else the `nosms` ones.
    pub sms_available: bool,
    pub must_change_password: bool,
    /// Seconds the session's proven identity still lasts (0: not proven, the wizard starts with validation).
    pub proof_expires_in: i64,
}

/// `/lfscada/user/security/verify` and `/lfscada/findpwd/verify`: the identity check passed; what it unlocks
/// lasts this many seconds.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Proven {
    pub expires_in: i64,
}

/// `/lfscada/findpwd/account`: how this account may prove it is its owner's. A method not set up is `null`.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct RecoveryMethods {
    /// The verified phone, masked, when the deployment has SMS.
    pub tel: Option<String>,
    /// The verified e-mail address, masked, when the organisation has an SMTP server.
    pub email: Option<String>,
    /// The security question.
    pub question: Option<String>,
    /// Seconds the recovery lasts.
    pub expires_in: i64,
}

/// `…/sendCode`: where the code went (masked) and when another may be asked for.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct CodeSent {
    pub to: String,
    pub resend_in: i64,
    pub expires_in: i64,
}

/// `/lfscada/user/profile/query`: the caller's basic profile (docs/account.md). `tel` and `email` are the
/// account's own (`users`); the rest is the profile's.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct Profile {
    pub loginname: String,
    pub real_name: String,
    pub contact: String,
    pub department: String,
    pub tel: String,
    pub email: String,
    /// The avatar's path under `/userimg/`, or "" for none.
    pub avatar: String,
}

/// `/lfscada/user/avatar/upload`: the stored avatar's path.
#[derive(Clone, Debug, Serialize, TS)]
pub struct AvatarStored {
    pub avatar: String,
}

/// `/lfscada/system/settings/query`: the organisation's system settings (docs/account.md, "System settings").
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct SystemSettings {
    pub title: String,
    /// The logo (favicon): an http(s) URL, a site path or a `data:image/` URL, or "" for the console's own.
    pub favicon_ico: String,
    /// The idle session timeout in minutes; 0: the deployment's (`default_session_minutes`).
    pub session_minutes: i64,
    pub default_session_minutes: i64,
    /// Days of signal history kept; 0: forever.
    pub retention_days: i64,
    /// How this caller backs the database up: `sqlite` (the download), `none` (not this organisation's to take)
    /// or `pg_dump` (PostgreSQL).
    #[ts(type = "\"sqlite\" | \"none\" | \"pg_dump\"")]
    pub backup: String,
}

/// `/lfscada/user/config/query`: the person's own console settings, a JSON object only the console reads and
/// writes (at most `MAX_CONFIG_BYTES`); the server keeps it as it was saved.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(transparent)]
pub struct UserConfig(#[ts(type = "Record<string, unknown>")] pub serde_json::Map<String, serde_json::Value>);
