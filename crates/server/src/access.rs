//! The access rule of every route, enforced by one layer.
//!
//! Each row of the route table ([`crate::routes::table`]) says who may call it ([`Access`]) and which of its
//! parameters name objects ([`Guard`]); [`enforce`] checks both before the handler runs, so a handler never has
//! to remember to. An object is checked against the caller's grants: everything reachable through an equipment
//! (its signals, pages, reports, alarms, commands, the gateway serving it, a model made from it) is seen and
//! changed exactly where the caller may see every equipment behind it (`docs/security.md`). A refused object
//! answers the same code as one that does not exist, so a caller learns nothing of what it may not see.

use crate::AppState;
use crate::audit::AuditActor;
use crate::error::ApiError;
use crate::params::{BodyLimit, Declared, Params};
use crate::response::plain;
use crate::session::{CurrentUser, SessionLookup};
use axum::extract::State;
use axum::http::{Request, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use ironsight_domain::{Code, Reason, permission};
use ironsight_store::access::{ObjectRef, ROLE_ADMIN};

/// Who may call a route.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Access {
    /// Anyone, logged in or not (log-in, the theme, the live sockets, which check their own single-use token).
    Public,
    /// Any signed-in account; otherwise 1010 (not logged in) or 1006 (session lost).
    Session,
    /// A signed-in account holding the `manage` permission; otherwise 1011.
    Manage,
    /// An account with `manage` that sees the whole organisation: the calls that create, change or delete what
    /// spans it (groups, scenes, projects, the organisation's model templates, announcements), which a
    /// sub-account limited to some equipment would otherwise use to touch equipment it was never given.
    WholeOrg,
    /// An administrator of the organisation (manages its sub-accounts).
    Admin,
    /// A signed-in account holding `monitor_write_data`; otherwise 1208 (no write permission).
    Write,
    /// A signed-in account holding `monitor_multi_designer_repair` (spec: "view repair orders") or `manage` (a
    /// supervisor dispatches orders); otherwise 1212 ('No permission to view repair orders').
    Repair,
}

impl Access {
    /// The words the OpenAPI description and the docs use for this rule.
    pub fn describe(self) -> &'static str {
        match self {
            Access::Public => "public",
            Access::Session => "session",
            Access::Manage => "session with the manage permission",
            Access::WholeOrg => "session with the manage permission and the whole organisation in view",
            Access::Admin => "administrator",
            Access::Write => "session with the monitor_write_data permission",
            Access::Repair => "session with the monitor_multi_designer_repair or the manage permission",
        }
    }

    /// Refuses `user` with the rule's code, or lets it through.
    fn admits(self, current: &CurrentUser) -> Result<(), Code> {
        let auths = &current.user.auths;
        let admitted = match self {
            Access::Public | Access::Session => true,
            Access::Manage => permission::has(auths, permission::MANAGE),
            Access::WholeOrg => permission::has(auths, permission::MANAGE) && !current.viewer().granted_only,
            Access::Admin => current.user.role_type == ROLE_ADMIN,
            Access::Write => permission::has(auths, permission::WRITE_DATA),
            Access::Repair => may_handle_repairs(auths),
        };
        match (admitted, self) {
            (true, _) => Ok(()),
            (false, Access::Write) => Err(Code::NoWritePermission),
            (false, Access::Repair) => Err(Code::NoRepairPermission),
            (false, _) => Err(Code::NoPermission),
        }
    }
}

/// True when `auths` lets an account see and handle work orders (repair orders and inspection worksheets): the
/// spec's permission, or `manage`.
pub fn may_handle_repairs(auths: &[String]) -> bool {
    permission::has(auths, permission::MULTI_DESIGNER_REPAIR) || permission::has(auths, permission::MANAGE)
}

/// The kinds of object a parameter can name.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Object {
    Equipment,
    /// A list of equipment ids (an array or a comma-separated text), each checked.
    EquipmentList,
    Signal,
    /// A list of signal ids (an array or a comma-separated text), each checked.
    Signals,
    Page,
    /// A project's page (an equipment's page is refused as unknown): the project monitor's page calls.
    ProjectPage,
    Report,
    Alarm,
    /// A device command's uuid.
    Command,
    /// A gateway's serial number.
    Gateway,
    /// A GM collection source's id (Sparkplug edge node, JSON device).
    GmSource,
    /// An equipment model to read or apply.
    Model,
    /// An equipment model to change.
    ModelToChange,
    Scene,
    Project,
    /// A project, for its pages: a limited sub-account needs every equipment of it granted.
    ProjectPages,
    /// A group; 0 names "no group".
    Group,
    /// A project's custom report (seen where every equipment of its project is).
    CustomReport,
    Announcement,
    /// A picture of the organisation's image library.
    Image,
    /// A page template of the organisation.
    Template,
    /// A page template to delete: a limited sub-account deletes only those it saved.
    TemplateToChange,
    SubAccount,
    /// A repair work order (seen where its equipment is).
    RepairOrder,
    /// An inspection item (the organisation's checklist, seen by every account of it).
    InspectionItem,
    /// An inspection plan (seen where every equipment of its route is).
    InspectionPlan,
    /// An inspection worksheet (seen where every equipment of its route is).
    Worksheet,
    /// An external page of the organisation (docs/frame.md).
    ExternalPage,
    /// A project's intermediate variable (seen where every equipment of its project is).
    Mvar,
}

impl Object {
    /// The answer for an object the caller may not see: the same as for one that does not exist.
    fn refusal(self, field: String) -> ApiError {
        let code = match self {
            Object::Equipment | Object::EquipmentList => Code::EquipmentNotFound,
            Object::Page | Object::ProjectPage => Code::PageNotFound,
            Object::Gateway => Code::NoData,
            Object::GmSource => Code::GmSourceNotFound,
            Object::Model | Object::ModelToChange => Code::ModelNotFound,
            Object::Scene => Code::SceneNotFound,
            Object::Project | Object::ProjectPages => Code::ProjectNotFound,
            Object::Group => Code::GroupNotFound,
            Object::Announcement => Code::AnnouncementNotFound,
            Object::Image => Code::ImageNotFound,
            Object::Template | Object::TemplateToChange => Code::TemplateNotFound,
            Object::SubAccount => Code::SubAccountNotFound,
            Object::RepairOrder => Code::RepairOrderNotFound,
            Object::InspectionItem => Code::InspectionItemNotFound,
            Object::InspectionPlan => Code::InspectionPlanNotFound,
            Object::Worksheet => Code::WorksheetNotFound,
            Object::ExternalPage => Code::ExternalPageNotFound,
            Object::Mvar => Code::MvarNotFound,
            Object::Signal
            | Object::Signals
            | Object::Report
            | Object::CustomReport
            | Object::Alarm
            | Object::Command => {
                return ApiError::invalid(field, Reason::NotAllowed);
            }
        };
        ApiError::code(code)
    }

    /// The code a refusal of this kind answers (for the route walk's test and the OpenAPI text).
    pub fn refusal_code(self) -> String {
        self.refusal(String::new()).catalogue_code().as_str().to_owned()
    }

    /// The object `params` names at `field`, or `None` when the parameter is absent or not of the object's form
    /// (the handler then refuses it with a field error, reading it with the same getter).
    fn named(self, params: &Params, field: &str) -> Vec<ObjectRef> {
        // Ids are positive; anything else is malformed, which the handler answers naming the field.
        let id = || params.int(field).ok().flatten().filter(|id| *id > 0);
        let text = || params.text(field).ok().flatten().filter(|t| !t.is_empty());
        let list = |each: fn(i64) -> ObjectRef| -> Vec<ObjectRef> {
            let ids = params.id_list_up_to(field, MAX_LIST).unwrap_or_default();
            if ids.iter().any(|id| *id <= 0) { Vec::new() } else { ids.into_iter().map(each).collect() }
        };
        let one = match self {
            Object::Equipment => id().map(ObjectRef::Equipment),
            Object::Signal => id().map(ObjectRef::Signal),
            // Lists are bounded before any look-up: the handlers take at most 50 and refuse longer lists themselves.
            Object::Signals => return list(ObjectRef::Signal),
            Object::EquipmentList => return list(ObjectRef::Equipment),
            Object::Page => id().map(ObjectRef::Page),
            Object::ProjectPage => id().map(ObjectRef::ProjectPage),
            Object::Report => id().map(ObjectRef::Report),
            Object::Alarm => id().map(ObjectRef::Alarm),
            Object::Command => text().map(ObjectRef::Command),
            Object::Gateway => text().map(|sn| ObjectRef::Gateway(sn.trim().to_owned())),
            Object::GmSource => id().map(ObjectRef::GmSource),
            Object::Model => id().map(ObjectRef::Model),
            Object::ModelToChange => id().map(ObjectRef::ModelToChange),
            Object::Scene => id().map(ObjectRef::Scene),
            Object::Project => id().map(ObjectRef::Project),
            Object::ProjectPages => id().map(ObjectRef::ProjectPages),
            // 0 names "no group".
            Object::Group => id().map(ObjectRef::Group),
            Object::Announcement => id().map(ObjectRef::Announcement),
            Object::Image => id().map(ObjectRef::Image),
            Object::Template => id().map(ObjectRef::Template),
            Object::TemplateToChange => id().map(ObjectRef::TemplateToChange),
            Object::SubAccount => id().map(ObjectRef::SubAccount),
            Object::RepairOrder => id().map(ObjectRef::RepairOrder),
            Object::InspectionItem => id().map(ObjectRef::InspectionItem),
            Object::InspectionPlan => id().map(ObjectRef::InspectionPlan),
            Object::Worksheet => id().map(ObjectRef::Worksheet),
            Object::ExternalPage => id().map(ObjectRef::ExternalPage),
            Object::Mvar => id().map(ObjectRef::Mvar),
            Object::CustomReport => id().map(ObjectRef::CustomReport),
        };
        one.into_iter().collect()
    }
}

/// Longest id list the layer checks; a longer one is left to the handler, which refuses it.
const MAX_LIST: usize = 100;

/// One parameter of a route that names an object, checked against the caller before the handler runs.
#[derive(Clone, Copy, Debug)]
pub struct Guard {
    pub param: &'static str,
    pub object: Object,
    /// The parameter is a field of a multipart body, which the layer does not read: the handler checks it (the
    /// picture upload), and the route walk's test holds it to that.
    pub in_multipart: bool,
}

/// A guard on a form or JSON parameter.
pub const fn guard(param: &'static str, object: Object) -> Guard {
    Guard { param, object, in_multipart: false }
}

/// What [`enforce`] needs of a route.
#[derive(Clone, Copy, Debug)]
pub struct Rule {
    pub access: Access,
    pub guards: &'static [Guard],
    /// The route's parameters, handed to the handler's [`Params`].
    pub declared: Declared,
    pub body_limit: usize,
    /// Answered to an account an administrator asked to change its password before it did ([`OPEN_BEFORE_CHANGE`]).
    pub open_before_password_change: bool,
}

/// The paths (or, ending in `/`, path prefixes) a signed-in account whose administrator asked for a new password
/// may still call: who it is, its settings, logging out and the security wizard that changes the password. Every
/// other call answers 1330 until the password is changed.
pub const OPEN_BEFORE_CHANGE: &[&str] =
    &["/lfscada/user/info", "/lfscada/user/logout", "/lfscada/user/config/query", "/lfscada/user/security/"];

/// True when `path` is one of [`OPEN_BEFORE_CHANGE`].
pub fn open_before_password_change(path: &str) -> bool {
    OPEN_BEFORE_CHANGE.iter().any(|open| if open.ends_with('/') { path.starts_with(open) } else { path == *open })
}

/// The layer on every API route: the session, the caller's rule and the objects its parameters name. It reads
/// the parameters once and hands them to the handler, so both see the same values.
pub async fn enforce(
    State((state, rule)): State<(AppState, Rule)>,
    mut request: Request<axum::body::Body>,
    next: Next,
) -> Response {
    let lang = crate::response::request_lang();
    request.extensions_mut().insert(BodyLimit(rule.body_limit));
    request.extensions_mut().insert(rule.declared);
    if rule.access == Access::Public {
        return next.run(request).await;
    }
    let current = match crate::session::lookup(&state, request.headers()).await {
        Ok(SessionLookup::Valid(current)) => *current,
        Ok(SessionLookup::NotLoggedIn) => return plain(Code::NotLoggedIn, StatusCode::OK, lang),
        Ok(SessionLookup::Lost) => return plain(Code::SessionLost, StatusCode::OK, lang),
        Err(error) => return ApiError::Internal(error).into_response(),
    };
    if current.user.must_change_password && !rule.open_before_password_change {
        return plain(Code::PasswordChangeRequired, StatusCode::OK, lang);
    }
    let actor = AuditActor { user_id: current.user.id, loginname: current.user.loginname.clone() };
    let checked = check(&state, rule, &current, request).await;
    let mut response = match checked {
        Ok(mut request) => {
            request.extensions_mut().insert(current);
            next.run(request).await
        }
        Err(error) => error.into_response(),
    };
    response.extensions_mut().insert(actor);
    response
}

/// The caller's rule, then each guarded object; answers the request to run, its parameters read.
async fn check(
    state: &AppState,
    rule: Rule,
    current: &CurrentUser,
    request: Request<axum::body::Body>,
) -> Result<Request<axum::body::Body>, ApiError> {
    rule.access.admits(current).map_err(ApiError::code)?;
    let guards: Vec<&Guard> = rule.guards.iter().filter(|g| !(g.in_multipart && is_multipart(&request))).collect();
    if guards.is_empty() {
        return Ok(request);
    }
    let (parts, body) = request.into_parts();
    let bytes = axum::body::to_bytes(body, rule.body_limit).await.map_err(|_| ApiError::TooLarge(rule.body_limit))?;
    let params = Params::read(parts.uri.query(), &parts.headers, &bytes)?;
    let viewer = current.viewer();
    for g in guards {
        for (i, object) in g.object.named(&params, g.param).iter().enumerate() {
            if !state.store.sees(&viewer, object).await? {
                let field = if g.object == Object::Signals { format!("{}.{i}", g.param) } else { g.param.to_owned() };
                return Err(g.object.refusal(field));
            }
        }
    }
    let mut request = Request::from_parts(parts, axum::body::Body::empty());
    request.extensions_mut().insert(params);
    Ok(request)
}

fn is_multipart(request: &Request<axum::body::Body>) -> bool {
    request
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.trim_start().to_ascii_lowercase().starts_with("multipart/"))
}
