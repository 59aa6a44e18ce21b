//! The system settings dialog's calls (docs/account.md, "System settings"), all an organisation administrator's:
//! the console's title and logo (the organisation's theme), the idle session timeout (honoured by
//! [`crate::session::idle_ms`]), the history retention (pruned by [`crate::retention`]) and the SQLite backup.
//!
//! The settings are per organisation, like the theme. The backup is of the whole database, every organisation's
//! data in it, so only an administrator of the deployment's first organisation (the one `admin` is made in) may
//! take it (1361); on PostgreSQL the answer is 1360: back it up with `pg_dump`, which also keeps roles and does it
//! without holding the server's pool.

use crate::AppState;
use crate::answers::account::SystemSettings;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult, ResponseCode};
use crate::session::CurrentUser;
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use ironsight_domain::limits::{RETENTION_DAYS_MAX, SESSION_MINUTES_MAX, SESSION_MINUTES_MIN};
use ironsight_domain::{Code, Reason};
use ironsight_store::Backend;
use ironsight_store::org_settings::OrgSettings;
use std::sync::LazyLock;

/// One backup at a time: each copies the whole database.
static BACKUP: LazyLock<tokio::sync::Mutex<()>> = LazyLock::new(|| tokio::sync::Mutex::new(()));

/// `POST /lfscada/system/settings/query` → the caller's organisation's settings.
pub async fn query(State(state): State<AppState>, current: CurrentUser) -> ApiResult {
    let org_id = current.user.org_id;
    let org = state.store.org(org_id).await?.ok_or_else(|| ApiError::code(Code::NoPermission))?;
    let settings = state.store.org_settings(org_id).await?;
    Ok(ApiOk::new(SystemSettings {
        title: if org.title.is_empty() { super::theme::DEFAULT_TITLE.to_owned() } else { org.title },
        favicon_ico: org.favicon_ico,
        session_minutes: settings.session_minutes,
        default_session_minutes: state.config.session_idle_ms / 60_000,
        retention_days: settings.retention_days,
        backup: match state.store.backend() {
            Backend::Sqlite if may_back_up(&state, &current).await? => "sqlite",
            Backend::Sqlite => "none",
            Backend::Postgres => "pg_dump",
        }
        .to_owned(),
    }))
}

/// A whole number in `min..=max`, or 0 (not set, the row's default); the row refuses what is outside `0..=max`.
fn zero_or_within(params: &Params, field: &str, min: i64, max: i64) -> Result<i64, ApiError> {
    let value = params.int_or_default(field)?;
    if value != 0 && value < min {
        return Err(ApiError::invalid(field, Reason::OutOfRange { min, max }));
    }
    Ok(value)
}

/// `POST /lfscada/system/settings/save {title, faviconIco, sessionMinutes, retentionDays}`: checked whole, then
/// saved.
pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let title = params.required_text("title")?;
    let favicon = params.text("faviconIco")?.unwrap_or_default();
    if let Some((field, reason)) = super::theme::theme_problem(&title, &favicon) {
        return Err(ApiError::invalid(field, reason));
    }
    let session_minutes = zero_or_within(&params, "sessionMinutes", SESSION_MINUTES_MIN, SESSION_MINUTES_MAX)?;
    let retention_days = zero_or_within(&params, "retentionDays", 1, RETENTION_DAYS_MAX)?;
    let org_id = current.user.org_id;
    state.store.set_org_theme(org_id, title.trim(), &favicon).await?;
    state.store.save_org_settings(org_id, OrgSettings { session_minutes, retention_days }).await?;
    Ok(ApiOk::empty().audit("org", org_id))
}

async fn may_back_up(state: &AppState, current: &CurrentUser) -> anyhow::Result<bool> {
    Ok(state.store.default_org().await?.is_some_and(|org| org.id == current.user.org_id))
}

/// `POST /lfscada/system/backup` → the SQLite database as a file (`VACUUM INTO` a temporary file, then sent).
pub async fn backup(State(state): State<AppState>, current: CurrentUser) -> Result<Response, ApiError> {
    if state.store.backend() != Backend::Sqlite {
        return Err(ApiError::code(Code::BackupByPgDump));
    }
    if !may_back_up(&state, &current).await? {
        return Err(ApiError::code(Code::BackupNotYours));
    }
    let _one_at_a_time = BACKUP.lock().await;
    // A new random name beside the database (same disk, never an existing file), removed once read.
    let path = state.config.data_dir.join(format!("backup-{}.sqlite", crate::session::new_token()));
    let copied = state.store.backup_sqlite_into(&path).await;
    let read = match copied {
        Ok(_) => tokio::fs::read(&path).await.map_err(anyhow::Error::from),
        Err(e) => Err(e),
    };
    let _ = tokio::fs::remove_file(&path).await;
    let bytes = read?;
    let name = format!("ironsight-{}.sqlite", chrono_free_date());
    let mut response = (
        [
            (header::CONTENT_TYPE, "application/vnd.sqlite3".to_owned()),
            (header::CONTENT_DISPOSITION, format!("attachment; filename=\"{name}\"")),
            (header::CACHE_CONTROL, "no-store".to_owned()),
        ],
        bytes,
    )
        .into_response();
    // The operation log records the backup as a success, like any answer.
    response.extensions_mut().insert(ResponseCode(Code::Ok));
    Ok(response)
}

/// Today's date in UTC+8 (the console's base time zone) as `YYYYMMDD`, for the file name.
fn chrono_free_date() -> String {
    let days = (ironsight_store::now_ms() + 8 * 3_600_000).div_euclid(86_400_000);
    let (year, month, day) = ironsight_domain::calendar::civil_from_days(days);
    format!("{year:04}{month:02}{day:02}")
}

#[cfg(test)]
mod tests {
    #[test]
    fn backup_names_carry_a_plausible_date() {
        let date = super::chrono_free_date();
        assert_eq!(date.len(), 8);
        assert!(date.starts_with("20"), "{date}");
    }
}
