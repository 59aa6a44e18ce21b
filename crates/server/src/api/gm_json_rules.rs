//! A JSON device's data rule (docs/gm-equipment.md, "Plain JSON devices"): saved after it is checked, and tried on a
//! pasted sample message first, through the very reading the server's ingest uses
//! (`ironsight_domain::gm::json_rule`), so the try-out shows what will be stored.

use crate::AppState;
use crate::answers::gm::{RuleTried, SignalTried};
use crate::error::ApiError;
use crate::params::Params;
use crate::response::{ApiOk, ApiResult, request_lang};
use crate::session::CurrentUser;
use axum::extract::State;
use ironsight_domain::gm::json_rule::{JsonRule, RuleDoc};
use ironsight_domain::{Code, Reason};
use serde_json::Value;

/// The rule at `rule` (a JSON object, or a text holding one), checked; a fault names its field (`rule.signals[1].path`).
fn checked_rule(params: &Params) -> Result<JsonRule, ApiError> {
    let object = params.object("rule")?.ok_or_else(|| ApiError::invalid("rule", Reason::Required))?;
    let doc: RuleDoc =
        serde_json::from_value(Value::Object(object)).map_err(|_| ApiError::invalid("rule", Reason::NotAllowed))?;
    JsonRule::check(doc).map_err(|e| ApiError::invalid(format!("rule.{}", e.field), e.reason))
}

/// `POST /lfscada/gm/json/rule/save {id, rule}`: the JSON device's rule, replacing the one it had.
pub async fn save(State(state): State<AppState>, current: CurrentUser, params: Params) -> ApiResult {
    let id = params.required_int("id")?;
    let rule = checked_rule(&params)?;
    let viewer = current.viewer();
    let source =
        state.store.visible_gm_source(&viewer, id).await?.ok_or_else(|| ApiError::code(Code::GmSourceNotFound))?;
    if source.kind.tag() != "json" {
        return Err(ApiError::code(Code::GmNotJsonDevice));
    }
    let text = serde_json::to_string(rule.doc()).map_err(anyhow::Error::from)?;
    if !state.store.set_gm_rule(&viewer, id, &text).await? {
        return Err(ApiError::code(Code::GmSourceNotFound));
    }
    // Its next message is read by the new rule.
    state.link.gm_changed().await;
    Ok(ApiOk::empty().audit("gmSource", &source.username))
}

/// `POST /lfscada/gm/json/rule/try {rule, sample}` → what the rule reads in the sample: its time and each signal's
/// value, or why not, in the caller's language. Nothing is stored.
pub async fn try_rule(params: Params) -> ApiResult {
    let rule = checked_rule(&params)?;
    let sample = params.text("sample")?.unwrap_or_default();
    let lang = request_lang();
    let now = ironsight_store::now_ms();
    let tried = match rule.read(sample.as_bytes(), now) {
        Err(problem) => RuleTried {
            problem: Some(problem.text(lang)),
            t: None,
            time_problem: None,
            values: Vec::new(),
            reply_id: None,
        },
        Ok(reading) => RuleTried {
            problem: None,
            t: reading.t.as_ref().ok().copied(),
            time_problem: reading.t.err().map(|p| p.text(lang)),
            values: reading
                .values
                .into_iter()
                .map(|v| SignalTried {
                    key: v.key,
                    path: v.path,
                    value: v.value.as_ref().ok().copied(),
                    problem: v.value.err().map(|p| p.text(lang)),
                })
                .collect(),
            reply_id: reading.reply_id,
        },
    };
    Ok(ApiOk::new(tried))
}
