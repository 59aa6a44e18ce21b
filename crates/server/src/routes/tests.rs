use super::*;
use std::collections::HashSet;

#[test]
fn paths_and_actions_are_unique_and_under_api_prefixes() {
    let routes = table();
    let mut paths = HashSet::new();
    let mut actions = HashSet::new();
    for r in &routes {
        assert!(paths.insert(r.path), "duplicate path {}", r.path);
        assert!(actions.insert(r.action), "duplicate action {}", r.action);
        assert!(
            API_PREFIXES.iter().any(|p| r.path.starts_with(&format!("{p}/"))),
            "{} is not under an API prefix",
            r.path
        );
    }
}

/// Parameter names that name an object. A route taking one must check it in its access rule (a guard), or be
/// listed in [`CHECKED_ELSEWHERE`] with the reason; so a new route cannot forget its objects.
const OBJECT_PARAMS: &[&str] = &[
    "id",
    "equipmentId",
    "equipId",
    "equipmentIds",
    "signalId",
    "signalIds",
    "sn",
    "alarmId",
    "reportId",
    "uuid",
    "userId",
    "groupId",
    "gatewayId",
    "pageId",
    "projectId",
    "objectId",
    "orderId",
    "repairerId",
    "pictureId",
    "planId",
    "resultId",
    "itemIds",
    "inspectorId",
];

/// Why the share view's calls check their objects in the handler.
const SHARE_VISITOR: &str =
    "public: a share visitor has no account; the handler checks the share session's equipment (docs/share.md)";

/// `(action, param)` pairs whose object is not a guard of the route, and why.
const CHECKED_ELSEWHERE: &[(&str, &str, &str)] = &[
    ("share.open", "equipId", SHARE_VISITOR),
    ("share.info", "equipId", SHARE_VISITOR),
    ("share.values", "equipId", SHARE_VISITOR),
    ("share.write", "equipId", SHARE_VISITOR),
    ("share.write", "signalId", SHARE_VISITOR),
    ("share.callback", "equipId", SHARE_VISITOR),
    ("share.callback", "uuid", SHARE_VISITOR),
    ("share.close", "equipId", SHARE_VISITOR),
    ("share.pages", "equipId", SHARE_VISITOR),
    ("share.page.info", "equipId", SHARE_VISITOR),
    ("share.page.info", "pageId", SHARE_VISITOR),
    ("share.history", "equipId", SHARE_VISITOR),
    ("share.history", "signalIds", SHARE_VISITOR),
    ("share.alarms", "equipId", SHARE_VISITOR),
    ("gateway.add", "sn", "a new serial number: registering names no existing object (a taken one is 1213)"),
    ("user.operationlog.queryByObjectId", "objectId", "its kind is the objectType parameter; the handler checks it"),
    ("equipment.multi.query", "gatewayId", "a filter over equipment already narrowed by the grants"),
    ("monitor.equipment.query", "gatewayId", "a filter over equipment already narrowed by the grants"),
    ("monitor.equipment.queryAll", "gatewayId", "a filter over equipment already narrowed by the grants"),
    ("monitor.group.equipment.queryByGroup", "gatewayId", "a filter over equipment already narrowed by the grants"),
    ("msg.info", "id", "a message is its user's own: the store looks it up among the caller's (1280 otherwise)"),
    (
        "msg.getExpireById",
        "id",
        "a message is its user's own: the store looks it up among the caller's (1280 otherwise)",
    ),
    ("msg.notify.test", "id", "a channel is its user's own: the store looks it up among the caller's (1281 otherwise)"),
    (
        "ops.repair.dispatch",
        "repairerId",
        "a person, not an object: the handler checks they see the order's equipment (1293)",
    ),
    (
        "ops.repair.redispatch",
        "repairerId",
        "a person, not an object: the handler checks they see the order's equipment (1293)",
    ),
    ("ops.inspection.worksheet.repair", "resultId", "looked up within the worksheet the guard checked (abnormal only)"),
    (
        "ops.inspection.plan.add",
        "itemIds",
        "the organisation's items, checked by the handler (1294); items reach no equipment",
    ),
    (
        "ops.inspection.plan.edit",
        "itemIds",
        "the organisation's items, checked by the handler (1294); items reach no equipment",
    ),
    (
        "ops.inspection.plan.add",
        "inspectorId",
        "a person, not an object: the handler checks they see the whole route and may handle work orders (1310)",
    ),
    (
        "ops.inspection.plan.edit",
        "inspectorId",
        "a person, not an object: the handler checks they see the whole route and may handle work orders (1310)",
    ),
    ("ops.repair.picture.delete", "pictureId", "looked up within the order the guard checked, by its uploader (1242)"),
    (
        "project.mvar.add",
        "signalIds",
        "each must be a signal of the guarded project's equipment (notProjectSignal), all of which the caller sees",
    ),
    (
        "project.mvar.edit",
        "signalIds",
        "each must be a signal of the guarded variable's project's equipment (notProjectSignal), all of which the caller sees",
    ),
    ("gm.node.add", "groupId", "a Sparkplug group id (a topic level the node names), not an equipment group"),
    (
        "ops.inspection.worksheet.query",
        "planId",
        "a filter over worksheets already narrowed to those whose whole route the caller sees",
    ),
];

#[test]
fn every_parameter_naming_an_object_is_checked_by_the_access_rule() {
    for r in table() {
        for p in r.params.iter().filter(|p| OBJECT_PARAMS.contains(&p.name)) {
            let guarded = r.guards.iter().any(|g| g.param == p.name);
            let excused = CHECKED_ELSEWHERE.iter().any(|(a, param, _)| *a == r.action && *param == p.name);
            assert!(guarded || excused, "{} takes {} but its access rule does not check it", r.action, p.name);
            assert!(!(guarded && excused), "{} {} is both guarded and excused", r.action, p.name);
        }
        for g in r.guards {
            assert!(
                r.params.iter().any(|p| p.name == g.param),
                "{} guards {}, which it does not take",
                r.action,
                g.param
            );
            assert_ne!(r.access, Access::Public, "{}: a public route has no caller to check objects against", r.action);
        }
    }
    for (action, param, _) in CHECKED_ELSEWHERE {
        let route = table().into_iter().find(|r| r.action == *action).unwrap_or_else(|| panic!("{action} gone"));
        assert!(route.params.iter().any(|p| p.name == *param), "{action} no longer takes {param}");
    }
}

#[test]
fn openapi_lists_every_route() {
    let doc = openapi();
    for r in table() {
        let path = r.path.replace("{*", "{");
        assert!(doc["paths"][&path][r.method.as_str().to_ascii_lowercase()].is_object(), "{} missing", r.path);
    }
}

/// A generated client or an API fuzzer stops on a path whose `{name}` is not declared, and axum's `{*name}` is
/// not OpenAPI's.
#[test]
fn openapi_declares_every_path_parameter() {
    let doc = openapi();
    let paths = doc["paths"].as_object().unwrap();
    assert!(paths.contains_key("/userimg/{file}") && paths.contains_key("/lfscada/msg/sound/{file}"));
    for (path, operations) in paths {
        assert!(!path.contains("{*"), "{path}: axum's catch-all syntax");
        let named: Vec<&str> = path.split('/').filter_map(|s| s.strip_prefix('{')?.strip_suffix('}')).collect();
        for (method, operation) in operations.as_object().unwrap() {
            let declared: Vec<&str> = operation["parameters"]
                .as_array()
                .into_iter()
                .flatten()
                .filter(|p| p["in"] == "path" && p["required"] == true)
                .map(|p| p["name"].as_str().unwrap())
                .collect();
            assert_eq!(declared, named, "{method} {path}");
        }
    }
}

/// Each row's parameters are declared once, with bounds a value can meet: a getter reads the first declaration of
/// a name, so a second would be dead, and an impossible range would refuse every value.
#[test]
fn every_parameter_is_declared_once_with_bounds_a_value_can_meet() {
    for r in table() {
        let mut names = HashSet::new();
        for p in r.params {
            assert!(names.insert(p.name), "{} declares {} twice", r.action, p.name);
            match p.kind {
                Kind::Int { min, max, default } => {
                    assert!(min <= max, "{} {}: {min} > {max}", r.action, p.name);
                    if let Some(default) = default {
                        assert!((min..=max).contains(&default), "{} {}: default {default} outside", r.action, p.name);
                        assert!(!p.required, "{} {}: a required parameter has no default", r.action, p.name);
                    }
                }
                Kind::Number { min, max } => assert!(min <= max, "{} {}: {min} > {max}", r.action, p.name),
                Kind::Text { max: Some(max) } | Kind::Ids { max } => assert!(max > 0, "{} {}", r.action, p.name),
                Kind::Text { max: None } | Kind::List | Kind::Bool | Kind::Object => {}
            }
        }
    }
}

/// `Params::paging` reads `page` and `pageSize` with their declared defaults: a list row declares both, bounded
/// by the limits every list shares.
#[test]
fn paged_rows_declare_both_paging_parameters_with_their_defaults() {
    for r in table() {
        let page = r.params.iter().find(|p| p.name == "page");
        let size = r.params.iter().find(|p| p.name == "pageSize");
        assert_eq!(page.is_some(), size.is_some(), "{} declares only one of page and pageSize", r.action);
        if let (Some(page), Some(size)) = (page, size) {
            assert_eq!(page.kind, table::PAGE.kind, "{}", r.action);
            assert_eq!(size.kind, table::PAGE_SIZE.kind, "{}", r.action);
        }
    }
}

/// One range for the monitor interval: the gateway's setting and the window's open, which the console sends it.
#[test]
fn the_monitor_interval_has_one_range() {
    let interval = |action: &str| {
        let route = table().into_iter().find(|r| r.action == action).unwrap();
        match route.params.iter().find(|p| p.name == "interval").unwrap().kind {
            Kind::Int { min, max, .. } => (min, max),
            other => panic!("{action}: interval is {other:?}"),
        }
    };
    assert_eq!(interval("gateway.edit"), interval("monitor.multi.open"));
    assert_eq!(interval("monitor.multi.open"), (limits::MONITOR_INTERVAL_MS_MIN, limits::MONITOR_INTERVAL_MS_MAX));
}

/// The description writes the declared bounds: integers' range and default, texts' length, id lists' count, and
/// each kind's type.
#[test]
fn openapi_writes_the_declared_kinds_and_bounds() {
    let doc = openapi();
    let body = |path: &str, name: &str| {
        doc["paths"][path]["post"]["requestBody"]["content"]["application/json"]["schema"]["properties"][name].clone()
    };
    assert_eq!(
        body("/lfscada/monitor/multi/open", "interval"),
        serde_json::json!({ "type": "integer", "minimum": 200, "maximum": 60_000, "default": 1000,
                            "description": "Reporting interval, ms (the gateway's)" })
    );
    assert_eq!(body("/lfscada/monitor/group/add", "name")["maxLength"], limits::GROUP_NAME_CHARS);
    assert_eq!(body("/lfscada/msg/markAsRead", "ids")["maxItems"], limits::MESSAGE_IDS);
    assert_eq!(body("/lfscada/msg/markAsRead", "ids")["items"]["type"], "integer");
    assert_eq!(body("/lfscada/user/sub/disable", "disabled")["type"], "boolean");
    assert_eq!(body("/lfscada/user/config/save", "config")["type"], "object");
    assert_eq!(body("/lfscada/equipment/multi/add", "latitude")["minimum"], -90.0);
    let id = body("/lfscada/equipment/multi/info", "id");
    assert_eq!(id["type"], "integer");
    assert!(id.get("minimum").is_none() && id.get("maximum").is_none(), "an id spans the whole i64: {id}");
    let query = &doc["paths"]["/lfscada/user/info"]["get"]["parameters"][0];
    assert_eq!((query["name"].as_str(), query["schema"]["type"].as_str()), (Some("t"), Some("integer")));
    for r in table() {
        let (path, _) = openapi_path(r.path);
        let operation = &doc["paths"][&path][r.method.as_str().to_ascii_lowercase()];
        for p in r.params {
            let schema = if r.method == Method::GET || r.path == "/lfscada/user/login" {
                let all = operation["parameters"].as_array().unwrap();
                all.iter().find(|q| q["name"] == p.name && q["in"] == "query").unwrap()["schema"].clone()
            } else {
                operation["requestBody"]["content"]["application/json"]["schema"]["properties"][p.name].clone()
            };
            assert!(schema["type"].is_string(), "{} {}: {schema}", r.action, p.name);
        }
    }
}
