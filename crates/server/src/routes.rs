//! The route table: one list that reads like the spec's call list (section 7), each area's routes in a file of
//! `routes/` named as its handlers' module in `api/` is, put together in the spec's order by [`table`]. The router
//! and the OpenAPI description are both built from it, so they cannot drift apart.

use crate::AppState;
use crate::access::{Access, Guard, Object, Rule, guard};
use crate::params::BODY_LIMIT;
use crate::response::plain;
use axum::Router;
use axum::extract::DefaultBodyLimit;
use axum::http::{Method, StatusCode};
use axum::middleware::from_fn_with_state;
use axum::response::Response;
use axum::routing::{MethodFilter, MethodRouter, on};
use ironsight_domain::{Code, limits};
use serde_json::{Map, Value, json};

mod param_def;
pub use param_def::{Kind, ParamDef, flag, ids, int, integer, list, number, object, text};

/// One API route.
pub struct RouteDef {
    pub method: Method,
    pub path: &'static str,
    /// Stable action name, used as the OpenAPI operation id and in the operation log.
    pub action: &'static str,
    pub summary: &'static str,
    /// Who may call it, enforced with [`RouteDef::guards`] by one layer ([`crate::access::enforce`]).
    pub access: Access,
    /// The parameters that name objects, each checked against the caller's grants before the handler runs.
    pub guards: &'static [Guard],
    /// Every parameter the handler reads, with its kind and bounds ([`ParamDef`]); the handler's getters apply them.
    pub params: &'static [ParamDef],
    /// Largest body read, in bytes.
    pub body_limit: usize,
    /// Makes the method router for the handler.
    pub handler: fn() -> MethodRouter<AppState>,
}

impl RouteDef {
    /// What the access layer enforces.
    pub fn rule(&self) -> Rule {
        Rule {
            access: self.access,
            guards: self.guards,
            declared: crate::params::Declared { route: self.path, params: self.params },
            body_limit: self.body_limit,
            open_before_password_change: crate::access::open_before_password_change(self.path),
        }
    }

    /// State-changing calls are checked for origin and recorded in the operation log.
    pub fn mutating(&self) -> bool {
        self.method != Method::GET
    }
}

/// One row: method and path, handler, action name, then the access rule (who, and `[param => Object]` for each
/// parameter naming an object; both required, so a route cannot be added without saying who may call it).
macro_rules! route {
    ($method:ident $path:literal, $handler:path, $action:literal, $access:ident [$($gp:literal => $go:ident),* $(,)?], $summary:literal, params = $params:expr) => {
        RouteDef {
            method: Method::$method,
            path: $path,
            action: $action,
            summary: $summary,
            access: Access::$access,
            guards: {
                const GUARDS: &[Guard] = &[$(guard($gp, Object::$go)),*];
                GUARDS
            },
            params: $params,
            body_limit: BODY_LIMIT,
            handler: || on(MethodFilter::$method, $handler),
        }
    };
    ($method:ident $path:literal, $handler:path, $action:literal, $access:ident [$($gp:literal => $go:ident),* $(,)?], $summary:literal, [$($param:expr),* $(,)?]) => {
        route!($method $path, $handler, $action, $access [$($gp => $go),*], $summary, params = {
            const PARAMS: &[ParamDef] = &[$($param),*];
            PARAMS
        })
    };
}

/// A multipart upload row (a picture): as [`route!`], POST, with the picture's body limit. The objects its fields
/// name are multipart fields, which the access layer does not read: the handler checks them (`Guard::in_multipart`),
/// and the route walk holds it to that.
macro_rules! upload {
    ($path:literal, $handler:path, $action:literal, $access:ident [$($gp:literal => $go:ident),* $(,)?], $summary:literal, [$($param:expr),* $(,)?]) => {
        RouteDef {
            method: Method::POST,
            path: $path,
            action: $action,
            summary: $summary,
            access: Access::$access,
            guards: {
                const GUARDS: &[Guard] = &[$(Guard { param: $gp, object: Object::$go, in_multipart: true }),*];
                GUARDS
            },
            params: {
                const PARAMS: &[ParamDef] = &[$($param),*];
                PARAMS
            },
            // Above the largest file an upload takes (a library model): each handler refuses a file over its own
            // limit naming the field (1100); only a body beyond this is cut off (1103).
            body_limit: crate::api::images::UPLOAD_BODY_LIMIT,
            handler: || on(MethodFilter::POST, $handler).layer(DefaultBodyLimit::max(crate::api::images::UPLOAD_BODY_LIMIT)),
        }
    };
}

// The route table, one file per area (named as `api/`'s handlers are), put together by `table`.
mod alarms;
mod custom_reports;
mod equipment;
mod external_pages;
mod ezviz;
mod gateways;
mod gm_devices;
mod gm_sources;
mod inspection;
mod live;
mod messages;
mod monitor;
mod monitor_list;
mod notify;
mod ops_center;
mod pages;
mod profile;
mod project_data;
mod project_live;
mod project_monitor;
mod projects;
mod repairs;
mod reports;
mod scenes;
mod security;
mod session;
mod share_view;
mod shares;
mod sub_accounts;
mod system;
mod table;
pub use table::table;

/// The prefixes under which every path is API: unknown ones answer JSON 1104, never the web app.
/// `/userimg` is among them so a missing image is a 404, never the web app's page (its route answers every name).
pub const API_PREFIXES: &[&str] = &["/lfscada", "/org", "/usual", "/userimg"];

/// Builds the API router from the table, with each route's session and audit layers.
pub fn api_router(state: &AppState) -> Router<AppState> {
    let mut router = Router::new();
    let mut catch_alls = Vec::new();
    for route in table() {
        if let Some(prefix) = route.path.split_once("/{*").map(|(prefix, _)| prefix) {
            catch_alls.push(prefix);
        }
        let mut method_router = (route.handler)()
            .fallback(method_not_allowed)
            .route_layer(from_fn_with_state((state.clone(), route.rule()), crate::access::enforce));
        if route.mutating() {
            method_router =
                method_router.route_layer(from_fn_with_state((state.clone(), route.action), crate::audit::record));
        }
        router = router.route(route.path, method_router);
    }
    // A prefix whose whole space one route answers (`/userimg/{*file}`) has no fallback of its own: the router
    // cannot hold two catch-alls at one place, and that route answers unknown names itself.
    for prefix in API_PREFIXES.iter().filter(|p| !catch_alls.contains(p)) {
        router = router.route(&format!("{prefix}/{{*rest}}"), axum::routing::any(api_not_found));
    }
    router
}

async fn api_not_found() -> Response {
    plain(Code::ApiNotFound, StatusCode::NOT_FOUND, crate::response::request_lang())
}

async fn method_not_allowed() -> Response {
    plain(Code::MethodNotAllowed, StatusCode::METHOD_NOT_ALLOWED, crate::response::request_lang())
}

async fn openapi_handler() -> axum::Json<Value> {
    axum::Json(openapi())
}

/// A route's path as OpenAPI writes it, and the names of its path parameters: `{name}` stays, axum's catch-all
/// `{*name}` becomes `{name}` (OpenAPI has no catch-all; the parameter is then one string holding the rest).
fn openapi_path(path: &str) -> (String, Vec<String>) {
    let mut names = Vec::new();
    let segments: Vec<String> = path
        .split('/')
        .map(|segment| match segment.strip_prefix('{').and_then(|s| s.strip_suffix('}')) {
            Some(inner) => {
                let name = inner.trim_start_matches('*');
                names.push(name.to_owned());
                format!("{{{name}}}")
            }
            None => segment.to_owned(),
        })
        .collect();
    (segments.join("/"), names)
}

/// The OpenAPI 3.1 description, generated from [`table`]. Every path parameter is declared; the browser tests
/// validate the whole document against the OpenAPI 3.1 schema (e2e/tests/openapi.test.mjs).
pub fn openapi() -> Value {
    let mut paths = Map::new();
    for route in table() {
        let properties: Map<String, Value> = route
            .params
            .iter()
            .map(|p| {
                let mut schema = p.schema();
                schema["description"] = json!(p.description);
                (p.name.to_owned(), schema)
            })
            .collect();
        let required: Vec<&str> = route.params.iter().filter(|p| p.required).map(|p| p.name).collect();
        let mut operation = json!({
            "operationId": route.action,
            "summary": route.summary,
            "responses": {
                "200": { "description": "Envelope; success only when code is \"200\" or \"201\"",
                         "content": { "application/json": { "schema": { "$ref": "#/components/schemas/Envelope" } } } },
                "400": { "description": "Malformed body (1102)" },
                "404": { "description": "No such API path (1104)" },
                "413": { "description": "Body too large (1103)" },
            },
        });
        if route.access == Access::Public {
            operation["security"] = json!([]);
        } else {
            operation["security"] = json!([{ "session": [] }]);
        }
        // The access rule, as the layer enforces it: who, and which parameters are checked against the grants.
        operation["x-access"] = json!({
            "caller": route.access.describe(),
            "objects": route.guards.iter().map(|g| json!({
                "param": g.param,
                "object": format!("{:?}", g.object),
                "refusal": g.object.refusal_code(),
            })).collect::<Vec<_>>(),
        });
        let (path, path_params) = openapi_path(route.path);
        let mut parameters: Vec<Value> = path_params
            .iter()
            .map(|name| json!({ "name": name, "in": "path", "required": true, "schema": { "type": "string" } }))
            .collect();
        if route.method == Method::GET || route.path == "/lfscada/user/login" {
            parameters.extend(route.params.iter().map(|p| {
                json!({ "name": p.name, "in": "query", "required": p.required, "description": p.description,
                        "schema": p.schema() })
            }));
        } else if !route.params.is_empty() {
            let schema = json!({ "type": "object", "properties": properties, "required": required });
            operation["requestBody"] = json!({ "content": {
                "application/x-www-form-urlencoded": { "schema": schema },
                "application/json": { "schema": schema },
            }});
        }
        if !parameters.is_empty() {
            operation["parameters"] = Value::Array(parameters);
        }
        let entry = paths.entry(path).or_insert_with(|| Value::Object(Map::new()));
        entry[route.method.as_str().to_ascii_lowercase()] = operation;
    }
    json!({
        "openapi": "3.1.0",
        "info": { "title": "Ironsight API", "version": env!("CARGO_PKG_VERSION"),
                  "description": "Bodies are form-encoded with dotted nested keys (JSON also accepted). Every answer is {code, message, data}. State-changing calls must carry a same-origin Origin header." },
        "paths": paths,
        "components": {
            "securitySchemes": { "session": { "type": "apiKey", "in": "cookie", "name": crate::session::SESSION_COOKIE } },
            "schemas": { "Envelope": { "type": "object", "required": ["code", "message", "data"], "properties": {
                "code": { "type": "string" }, "message": { "type": "string" }, "data": {} } } },
        },
    })
}

#[cfg(test)]
mod tests;
