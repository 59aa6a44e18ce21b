//! The route walk: every route of the table, called by every kind of caller on objects it may and may not see.
//!
//! The walk reads the access rule from the route table itself (`ironsight::routes::table`), so a new route is
//! walked the day it is added. It fails when a caller gets past a rule it does not meet, when an object it may not
//! see is not refused as unknown, when any answer shows the name of something it may not see, when the refused
//! calls changed anything in the database, or when a caller is refused what it may see (so the refusals are not
//! refusals of everything).

use crate::both_backends;
use crate::helpers::Answer;
use crate::walk_fixture::{HIDDEN, Made, World, build, post_as};
use ironsight::access::{Access, Object};
use ironsight::routes::{RouteDef, table};

/// Calls that create something new for the caller (its own settings, profile, avatar, its organisation's system
/// settings, feedback, a new equipment, gateway, group,
/// model, announcement, account or library picture, a message-socket token) or end its session, and name no existing object. The
/// refusal walk does not make them where no refusal is due; each is tested in its own file. Only routes without
/// guards may be here (checked below).
const CREATES: &[&str] = &[
    "user.logout",
    "user.config.save",
    "user.profile.save",
    "user.avatar.upload",
    "system.settings.save",
    "feedback.add",
    "equipment.multi.add",
    "gateway.add",
    "monitor.group.add",
    "equipment.model.add",
    "announcement.add",
    "user.sub.add",
    "websocket.msg.token",
    "configuration.image.upload",
    "configuration.template.save",
    "ops.inspection.item.add",
];

/// Calls that change an object of the whole organisation which a limited sub-account with the manage permission
/// may change (it reaches no equipment): not refused to it, so not walked for it (their own tests show it may).
const ORGANISATION_WIDE_EDITS: &[&str] = &["configuration.image.rename"];

/// Tables whose rows a refused call may still write: the caller's own session and its throttle, the operation
/// log (every call is recorded), captchas.
const BOOKKEEPING: &[&str] = &["sessions", "operation_logs", "login_failures", "captchas", "ironsight_migrations"];

/// Objects of the whole organisation, which a limited sub-account sees (their equipment lists narrowed).
const ORGANISATION_WIDE: &[Object] = &[
    Object::Scene,
    Object::Project,
    Object::Group,
    Object::Announcement,
    Object::Image,
    Object::Template,
    Object::SubAccount,
    Object::InspectionItem,
    Object::ExternalPage,
];

/// Who calls, and what it is: which rules it meets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Who {
    Admin,
    /// All permissions, granted the first equipment only.
    Limited,
    /// The whole organisation in view, no permission codes.
    NoPermission,
    /// Another organisation's administrator.
    Outsider,
}

impl Who {
    /// The code `access` refuses this caller with, if it does.
    fn refused_by(self, access: Access) -> Option<&'static str> {
        match (self, access) {
            (_, Access::Public | Access::Session) => None,
            (Who::Admin | Who::Outsider, _) => None,
            (Who::Limited, Access::Manage | Access::Write | Access::Repair) => None,
            (Who::Limited, Access::WholeOrg | Access::Admin) => Some("1011"),
            (Who::NoPermission, Access::Write) => Some("1208"),
            (Who::NoPermission, Access::Repair) => Some("1212"),
            (Who::NoPermission, Access::Manage | Access::WholeOrg | Access::Admin) => Some("1011"),
        }
    }
}

/// A value for parameter `name` of `route` that the handler accepts, naming the objects of `made`.
fn value_for(world: &World, route: &RouteDef, name: &str, made: &Made) -> Option<String> {
    if let Some(g) = route.guards.iter().find(|g| g.param == name) {
        // The shared template model stands for "a model" where the route reads or applies one.
        return Some(world.id_of(made, g.object));
    }
    let action = route.action;
    let text = match name {
        "equipName" | "title" => "Walked",
        "name" => return Some(format!("Walk {action}")),
        "content" => "Walk content, long enough",
        "password" if action.starts_with("equipment.multi.share") => "abcd1234",
        "password" => "Walk@12345",
        "auth" => "view",
        "disabled" => "false",
        "startTime" => "0",
        "endTime" => "3600000",
        "value" => "1",
        "rules" => "[]",
        // The signal keeps its id, so the calls after a signal save still name it.
        "signals" => {
            let signal = serde_json::json!([{"id": made.signal.parse::<i64>().unwrap(), "name": "Walk",
                "area": "holding_register", "address": 0, "dataType": "uint16", "writable": true}]);
            return Some(signal.to_string());
        }
        "driver" => return Some(
            r#"{"kind":"modbus_tcp","host":"10.0.0.9","port":502,"unitId":9,"timeoutMs":1000,"pollIntervalMs":1000}"#
                .into(),
        ),
        "document" => r#"{"widgets":[]}"#,
        "config" => "{}",
        "objectType" => "equipment",
        "objectId" => return Some(made.equipment.clone()),
        // A project page's equipment and signals (the project monitor's calls).
        "dataEquip" => return Some(made.equipment.clone()),
        "dataSignal" => return Some(made.signal.clone()),
        "loginname" => "walker",
        "url" => "https://walk.example/board",
        // Alarm speech: any signed-in account may have a text spoken (it names no object).
        "text" => "Walk alarm",
        _ => return None,
    };
    Some(text.to_owned())
}

fn form(world: &World, route: &RouteDef, made: &Made) -> Vec<(&'static str, String)> {
    route.params.iter().filter_map(|p| value_for(world, route, p.name, made).map(|v| (p.name, v))).collect()
}

/// The routes the walk calls: the table's, but the public ones (no caller to check) and the picture's GET (walked
/// on its own below).
fn walked() -> Vec<RouteDef> {
    table().into_iter().filter(|r| r.access != Access::Public && r.method == axum::http::Method::POST).collect()
}

/// True when `answer` is the refusal `route`'s guards give for an object the caller may not see.
fn is_guard_refusal(route: &RouteDef, answer: &Answer) -> bool {
    route.guards.iter().any(|g| {
        answer.code() == g.object.refusal_code() && (answer.code() != "1100" || answer.message().contains(g.param))
    })
}

async fn call(app: &crate::helpers::TestApp, world: &World, who: Who, route: &RouteDef, made: &Made) -> Answer {
    let client = match who {
        Who::Admin => &world.callers.admin,
        Who::Limited => &world.callers.limited,
        Who::NoPermission => &world.callers.no_permission,
        Who::Outsider => &world.callers.outsider,
    };
    let form = form(world, route, made);
    let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    post_as(app, client, route.path, &form).await
}

/// Deletions last, and the equipment's own last of all, so the positive walk does not pull objects from under
/// the calls after it.
fn deletes_last(mut routes: Vec<RouteDef>) -> Vec<RouteDef> {
    routes.sort_by_key(|r| match r.action {
        // Unbound, a gateway is its registrant's (the administrator's here), no longer the sub-account's.
        "equipment.multi.unbindGateway" => 2,
        "equipment.multi.delete" => 3,
        a if a.ends_with("delete") => 1,
        _ => 0,
    });
    routes
}

both_backends!(every_route_refuses_what_the_caller_may_not_see_and_changes_nothing, Options::default(), |app| {
    let world = build(app).await;
    for action in CREATES {
        let route = table().into_iter().find(|r| r.action == *action).unwrap_or_else(|| panic!("{action} gone"));
        assert!(route.guards.is_empty(), "{action} names objects: it must be walked, not skipped");
    }
    let before = app.store.dump(BOOKKEEPING).await.unwrap();

    // The refusal walk: the hidden equipment's objects (another organisation's, for the outsider).
    let mut refused = 0;
    for route in walked() {
        for who in [Who::Limited, Who::NoPermission, Who::Outsider] {
            let by_rule = who.refused_by(route.access);
            // The sub-account without permissions sees the whole organisation: only its rule can refuse it.
            // It also follows, confirms and reads what it sees, which would change the database: only the
            // refusals are walked for it.
            let by_object = match who {
                Who::NoPermission | Who::Admin => false,
                Who::Limited => route.guards.iter().any(|g| !ORGANISATION_WIDE.contains(&g.object)),
                Who::Outsider => !route.guards.is_empty(),
            };
            let skipped = match who {
                Who::NoPermission => by_rule.is_none(),
                Who::Limited if ORGANISATION_WIDE_EDITS.contains(&route.action) => by_rule.is_none(),
                _ => by_rule.is_none() && !by_object && CREATES.contains(&route.action),
            };
            if skipped {
                continue;
            }
            let answer = call(app, &world, who, &route, &world.hidden).await;
            let text = answer.body.to_string();
            if who != Who::NoPermission {
                assert!(!text.contains(HIDDEN), "{} showed {who:?} what it may not see: {text}", route.action);
            }
            if let Some(code) = by_rule {
                assert_eq!(answer.code(), code, "{} let {who:?} past its rule: {text}", route.action);
                refused += 1;
            } else if by_object {
                assert!(
                    is_guard_refusal(&route, &answer),
                    "{} did not refuse {who:?} the object: {text}",
                    route.action
                );
                refused += 1;
            } else if who == Who::Outsider {
                // A list of the outsider's own organisation: nothing of the walked one.
                assert!(!text.contains("GRANTED"), "{} showed the outsider another organisation: {text}", route.action);
            }
        }
    }
    assert!(refused > 150, "the walk refused only {refused} calls");
    let after = app.store.dump(BOOKKEEPING).await.unwrap();
    for (table, rows) in &before {
        assert_eq!(rows, &after[table], "refused calls changed {table}");
    }

    // Pictures: another organisation's and an ungranted equipment's are not found, whatever their name.
    for (client, path, expected) in [
        (&world.callers.limited, &world.hidden.picture, 404),
        (&world.callers.outsider, &world.hidden.picture, 404),
        (&world.callers.outsider, &world.granted.picture, 404),
        (&world.callers.limited, &world.granted.picture, 200),
        (&world.callers.admin, &world.hidden.picture, 200),
        // A library picture is the organisation's: every account of it is served it, no other organisation.
        (&world.callers.limited, &world.shared.image_path, 200),
        (&world.callers.no_permission, &world.shared.image_path, 200),
        (&world.callers.outsider, &world.shared.image_path, 404),
    ] {
        let status = client.get(app.url(path)).send().await.unwrap().status();
        assert_eq!(status.as_u16(), expected, "{path}");
    }

    gateways_and_models_belong_to_their_equipment(app, &world).await;

    // The positive walk: what each may see is not refused as unknown. The sub-account on its own equipment
    // first, then the administrator on the other.
    for (who, made) in [(Who::Limited, &world.granted), (Who::Admin, &world.hidden)] {
        for route in deletes_last(walked()) {
            if route.guards.is_empty() || who.refused_by(route.access).is_some() {
                continue;
            }
            let answer = call(app, &world, who, &route, made).await;
            assert!(
                !is_guard_refusal(&route, &answer),
                "{} refused {who:?} an object it may see: {:?}",
                route.action,
                answer.body
            );
        }
    }
    let _ = world.org_id;
});

/// The rules for gateways, driver addresses and models that the walk's two equipment do not reach on their own.
async fn gateways_and_models_belong_to_their_equipment(app: &crate::helpers::TestApp, world: &World) {
    let limited = &world.callers.limited;
    let (granted, hidden) = (&world.granted, &world.hidden);
    // Its own equipment onto the hidden equipment's gateway: refused, nothing bound.
    let onto_hidden = [("id", granted.equipment.as_str()), ("sn", hidden.gateway.as_str())];
    let bind = post_as(app, limited, "/lfscada/equipment/multi/bindGateway", &onto_hidden).await;
    assert_eq!(bind.code(), "2001");
    let info = app.post("/lfscada/equipment/multi/info", &[("id", &granted.equipment)]).await;
    assert_eq!(info.data()["gatewaySn"], granted.gateway.as_str(), "{:?}", info.body);
    // A gateway the administrator registered for nobody yet is not the limited account's; one it registers is.
    assert_eq!(app.post("/lfscada/gateway/add", &[("sn", "EG-SPARE")]).await.code(), "200");
    assert_eq!(post_as(app, limited, "/lfscada/gateway/rotateSecret", &[("sn", "EG-SPARE")]).await.code(), "2001");
    assert_eq!(post_as(app, limited, "/lfscada/gateway/add", &[("sn", "EG-MINE")]).await.code(), "200");
    assert_eq!(post_as(app, limited, "/lfscada/gateway/info", &[("sn", "EG-MINE")]).await.code(), "200");
    let listed = post_as(app, limited, "/lfscada/gateway/query", &[]).await;
    let sns: Vec<&str> = listed.data()["list"].as_array().unwrap().iter().map(|g| g["sn"].as_str().unwrap()).collect();
    assert_eq!(sns, vec!["EG-MINE", granted.gateway.as_str()], "{:?}", listed.body);
    // Once the administrator puts a granted equipment on the hidden equipment's gateway, the limited account still
    // cannot see that gateway, and its driver may not reach the hidden equipment's device, by any spelling.
    let second = app.post("/lfscada/equipment/multi/add", &[("equipName", "Second")]).await.data()["id"].to_string();
    assert_eq!(
        app.post("/lfscada/equipment/multi/bindGateway", &[("id", &second), ("sn", &hidden.gateway)]).await.code(),
        "200"
    );
    let limited_id = app.store.user_by_loginname("limited").await.unwrap().unwrap().id;
    let ids = [granted.equipment.parse().unwrap(), second.parse().unwrap()];
    app.store.set_granted_equipment(world.org_id, limited_id, &ids).await.unwrap();
    assert_eq!(post_as(app, limited, "/lfscada/gateway/info", &[("sn", &hidden.gateway)]).await.code(), "2001");
    let driver = |host: &str, unit: u8| {
        serde_json::json!({"kind": "modbus_tcp", "host": host, "port": 502, "unitId": unit, "timeoutMs": 1000, "pollIntervalMs": 1000}).to_string()
    };
    for (host, unit, reason_field) in [
        ("10.0.0.2", 1, Some("driver.host")),
        ("::ffff:10.0.0.2", 1, Some("driver.host")),
        ("plc.plant.local", 1, Some("driver.host")),
        ("10.0.0.2", 2, None),
        ("10.0.0.3", 1, None),
    ] {
        let saved = post_as(
            app,
            limited,
            "/lfscada/equipment/multi/driver/save",
            &[("id", &second), ("driver", &driver(host, unit))],
        )
        .await;
        match reason_field {
            Some(field) => {
                assert_eq!(saved.code(), "1100", "{host}: {:?}", saved.body);
                assert!(saved.message().contains(field), "{host}: {}", saved.message());
            }
            None => assert_eq!(saved.code(), "200", "{host}/{unit}: {:?}", saved.body),
        }
    }
    // The administrator may put two equipment on one device (two views of one PLC).
    assert_eq!(
        app.post("/lfscada/equipment/multi/driver/save", &[("id", &second), ("driver", &driver("10.0.0.2", 1))])
            .await
            .code(),
        "200"
    );

    // Models: the organisation's template is read by every account and changed by whole-organisation ones; a model
    // made from an equipment is its equipment's.
    let template = world.shared.template.as_str();
    assert_eq!(post_as(app, limited, "/lfscada/equipment/model/info", &[("id", template)]).await.code(), "200");
    let rename = [("id", template), ("name", "Mine now")];
    assert_eq!(post_as(app, limited, "/lfscada/equipment/model/edit", &rename).await.code(), "1231");
    assert_eq!(post_as(app, limited, "/lfscada/equipment/model/delete", &[("id", template)]).await.code(), "1231");
    let own = [("id", granted.model.as_str()), ("name", "GRANTED model, renamed")];
    assert_eq!(post_as(app, limited, "/lfscada/equipment/model/edit", &own).await.code(), "200");
    let models = post_as(app, limited, "/lfscada/equipment/model/query", &[]).await;
    let names: Vec<&str> = models.data().as_array().unwrap().iter().map(|m| m["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["GRANTED model, renamed", "Tank"], "{:?}", models.body);
}
