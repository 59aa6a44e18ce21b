//! Expiry dates in the equipment and gateway forms, and `/lfscada/msg/getExpireById` (spec section 7): what an
//! expire message is about (docs/messages.md, "Expire messages").

use crate::AppState;
use crate::answers::message::ExpireDetail;
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::Code;
use ironsight_domain::expiry::Day;
use ironsight_store::expiry::TargetType;

/// The form field the date travels in.
pub const FIELD: &str = "expireDate";

/// What a form asks of the expiry date.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DateChange {
    /// The field was not sent: the date stays as it is.
    Keep,
    /// Sent empty: no expiry date.
    Clear,
    /// A valid day, `YYYY-MM-DD`.
    Set(String),
}

impl DateChange {
    /// Reads `expireDate`: absent keeps, empty clears, otherwise a real calendar day (`YYYY-MM-DD`, 2000–2199)
    /// or a refusal naming the field. Read before anything is written, so a bad date changes nothing.
    pub fn read(params: &Params) -> Result<DateChange, ApiError> {
        match params.text(FIELD)?.map(|t| t.trim().to_owned()) {
            None => Ok(DateChange::Keep),
            Some(t) if t.is_empty() => Ok(DateChange::Clear),
            Some(t) => Day::parse(&t).map(|day| DateChange::Set(day.text())).map_err(|r| ApiError::invalid(FIELD, r)),
        }
    }

    /// The date to store, or `None` to keep what is stored.
    pub fn stored(&self) -> Option<Option<&str>> {
        match self {
            DateChange::Keep => None,
            DateChange::Clear => Some(None),
            DateChange::Set(day) => Some(Some(day)),
        }
    }
}

/// `POST /lfscada/msg/getExpireById {id}` → [`ExpireDetail`]: the id of an expire message the caller sees
/// (1280 otherwise, and for a message of another type); 1283 when its equipment or gateway has been deleted.
pub async fn get_expire_by_id(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let message = state.store.message(&current.viewer(), id).await?.filter(|m| m.kind == "expire");
    let message = message.ok_or_else(|| ApiError::code(Code::MessageNotFound))?;
    let target_type = TargetType::parse(&message.data_status);
    let target_id = message.data_id.parse::<i64>().ok();
    let (Some(target_type), Some(target_id)) = (target_type, target_id) else {
        return Err(ApiError::code(Code::MessageNotFound));
    };
    let target = state.store.expiry_target(current.user.org_id, target_type, target_id).await?;
    let target = target.ok_or_else(|| ApiError::code(Code::ExpireTargetGone))?;
    let today = Day::in_china(ironsight_store::now_ms());
    let day = target.expire_date.as_deref().and_then(|d| Day::parse(d).ok());
    Ok(ApiOk::new(ExpireDetail {
        target_type: target_type.as_str().to_owned(),
        target_id,
        name: target.name,
        // The message's equipment is one the caller sees (a gateway's first served equipment may not be).
        equipment_id: message.equip_id.or(target.equipment_id),
        gateway_sn: target.sn,
        expire_date: day.map(Day::text),
        days_left: day.map(|d| d.days_after(today)),
    }))
}
