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
