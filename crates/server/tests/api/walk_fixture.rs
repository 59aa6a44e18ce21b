//! The objects and callers the route walk ([`crate::route_walk`]) uses: two equipment of one organisation, each
//! with everything that hangs off it (signal, page, report, alarm, command, gateway with a driver, a model made
//! from it, a picture, a repair order, an inspection plan and its worksheet), the organisation's shared objects (a library picture among them, shown by the hidden
//! equipment's page), and four callers: its administrator, a sub-account
//! granted only the first equipment, a sub-account without permissions, and another organisation's
//! administrator.

use crate::helpers::{Answer, TestApp, answer, browser};
use ironsight::access::Object;
use ironsight_store::alarms::{AlarmKey, NewAlarm};
use ironsight_store::commands::{CommandStatus, NewCommand};
use serde_json::json;

/// Every name of the hidden equipment's objects carries this, so an answer that shows any of them is caught.
pub const HIDDEN: &str = "HIDDEN";

/// The signal an alarm record and a command are seeded on ([`seed_alarm_and_command`]), and the texts they carry.
pub struct Seed<'a> {
    pub org_id: i64,
    pub equipment_id: i64,
    pub signal_id: i64,
    /// The equipment's and the signal's names, copied into the alarm record as the server copies them.
    pub equipment: &'a str,
    pub signal: &'a str,
    pub gateway_sn: &'a str,
    /// Names the command (`cmd-{label}`), so an answer that shows another side's command is caught by its label.
    pub label: &'a str,
}

/// An alarm record and a device command on one signal, as `(alarm id, command uuid)`: the two objects no call makes
/// without a gateway, so the route walk and the sub-account tests write them to the store as the server would.
/// The alarm is a no-data alarm whose texts name the signal. The command is a read already given the outcome the
/// server's sweep gives one left open for 60 s: on a loaded machine a test outlasts that, and the sweep's change
/// would look like a refused call's.
pub async fn seed_alarm_and_command(app: &TestApp, on: Seed<'_>) -> (String, String) {
    let alarm = app
        .store
        .add_alarm(&NewAlarm {
            key: AlarmKey::SignalNoData(on.signal_id),
            org_id: on.org_id,
            equipment_id: on.equipment_id,
            signal_id: Some(on.signal_id),
            level: 1,
            equip_title: on.equipment,
            signal_title: on.signal,
            gmt_trigger: 1_800_000_000_000,
            value: None,
            msg_zh: &format!("{} 无数据", on.signal),
            msg_en: &format!("{} no data", on.signal),
        })
        .await
        .unwrap()
        .to_string();
    let command = format!("cmd-{}", on.label);
    let new = NewCommand {
        uuid: &command,
        org_id: on.org_id,
        user_id: 1,
        equipment_id: on.equipment_id,
        gateway_sn: on.gateway_sn,
        kind: "read",
        signal_id: on.signal_id,
        value: None,
    };
    app.store.add_command(&new).await.unwrap();
    let answered = app.store.set_command_status(&command, CommandStatus::Timeout, Some(1301), None).await.unwrap();
    assert!(answered, "the command was open");
    (alarm, command)
}

/// One equipment and everything reachable through it, as the texts a form sends.
pub struct Made {
    pub equipment: String,
    pub signal: String,
    pub page: String,
    pub report: String,
    pub alarm: String,
    pub command: String,
    pub gateway: String,
    /// A Sparkplug edge node this equipment is adopted from (the link set as adoption sets it).
    pub gm_source: String,
    pub model: String,
    pub picture: String,
    /// A page template to delete: the sub-account's own for the granted side, the administrator's for the hidden
    /// one (a limited sub-account deletes only the templates it saved).
    pub page_template: String,
    /// A project of this equipment alone: its pages are a limited sub-account's only where it is granted.
    pub project: String,
    /// A page of that project (the project monitor's page calls).
    pub project_page: String,
    /// An intermediate variable of that project, summing this equipment's signal.
    pub mvar: String,
    /// A custom report of that project, reading the signal and the variable.
    pub custom_report: String,
    /// A repair order on this equipment (made by the administrator, pending).
    pub repair_order: String,
    /// An inspection plan whose route is this equipment alone (disabled once its worksheet is generated, so the
    /// schedule adds nothing while the walk runs), and that worksheet.
    pub inspection_plan: String,
    pub worksheet: String,
}

/// The organisation's shared objects.
pub struct Shared {
    pub group: String,
    pub scene: String,
    pub project: String,
    pub announcement: String,
    /// A model made by hand: the organisation's template.
    pub template: String,
    pub sub_account: String,
    /// A picture of the image library, which the hidden equipment's page shows (so its deletion is refused until
    /// that page no longer does), and the address it is served at.
    pub image: String,
    pub image_path: String,
    /// A page template (the designer's faceplates).
    pub page_template: String,
    /// An inspection item (the organisation's checklist).
    pub inspection_item: String,
    /// An external page (docs/frame.md).
    pub external_page: String,
}

/// The callers.
pub struct Callers {
    pub admin: reqwest::Client,
    pub limited: reqwest::Client,
    pub no_permission: reqwest::Client,
    pub outsider: reqwest::Client,
}

pub struct World {
    pub org_id: i64,
    pub granted: Made,
    pub hidden: Made,
    pub shared: Shared,
    pub callers: Callers,
}

impl World {
    /// The id `object` names in `made` (or the shared objects).
    pub fn id_of(&self, made: &Made, object: Object) -> String {
        let s = &self.shared;
        match object {
            Object::Equipment | Object::EquipmentList => made.equipment.clone(),
            Object::Signal | Object::Signals => made.signal.clone(),
            Object::Page => made.page.clone(),
            Object::ProjectPage => made.project_page.clone(),
            Object::Report => made.report.clone(),
            Object::Alarm => made.alarm.clone(),
            Object::Command => made.command.clone(),
            Object::Gateway => made.gateway.clone(),
            Object::GmSource => made.gm_source.clone(),
            Object::Model | Object::ModelToChange => made.model.clone(),
            Object::Scene => s.scene.clone(),
            Object::Project => s.project.clone(),
            Object::ProjectPages => made.project.clone(),
            Object::Group => s.group.clone(),
            Object::Announcement => s.announcement.clone(),
            Object::Image => s.image.clone(),
            Object::Template => s.page_template.clone(),
            Object::TemplateToChange => made.page_template.clone(),
            Object::SubAccount => s.sub_account.clone(),
            Object::RepairOrder => made.repair_order.clone(),
            Object::InspectionItem => s.inspection_item.clone(),
            Object::InspectionPlan => made.inspection_plan.clone(),
            Object::Worksheet => made.worksheet.clone(),
            Object::ExternalPage => s.external_page.clone(),
            Object::Mvar => made.mvar.clone(),
            Object::CustomReport => made.custom_report.clone(),
        }
    }
}

pub async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

async fn ok(answer: Answer, what: &str) -> Answer {
    assert!(matches!(answer.code(), "200" | "201"), "{what}: {:?}", answer.body);
    answer
}

/// A browser logged in as a new account of `org_id`, made straight in the store.
pub(crate) async fn account(
    app: &TestApp,
    loginname: &str,
    org_id: i64,
    role: &str,
    range: &str,
    auths: &[&str],
) -> reqwest::Client {
    let hash = ironsight::password::hash("Walk@12345").unwrap();
    let auths: Vec<String> = auths.iter().map(|a| (*a).to_owned()).collect();
    let new = ironsight_store::users::NewUser {
        loginname,
        password_hash: &hash,
        org_id,
        role_type: role,
        data_range: range,
        auths: &auths,
        tel: "",
        email: "",
    };
    app.store.create_user(&new).await.unwrap().expect("new account");
    let (client, _jar) = browser(&app.base);
    let url = format!("{}/lfscada/user/login?loginname={loginname}&password=Walk%4012345", app.base);
    assert_eq!(answer(client.post(url).send().await.unwrap()).await.code(), "200");
    client
}

/// One equipment with everything hanging off it, named with `label`.
async fn make(app: &TestApp, org_id: i64, label: &str, inspection_item: &str) -> Made {
    let added = ok(
        app.post(
            "/lfscada/equipment/multi/add",
            &[("equipName", &format!("{label} pump")), ("manufacturer", &format!("{label} Works"))],
        )
        .await,
        "equipment",
    )
    .await;
    let equipment = added.data()["id"].to_string();
    let equipment_id: i64 = equipment.parse().unwrap();
    let signals = json!([{"name": format!("{label} speed"), "area": "holding_register", "address": 0,
        "dataType": "uint16", "writable": true}]);
    let saved = app
        .post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &equipment), ("signals", &signals.to_string())])
        .await;
    let signal = ok(saved, "signals").await.data()["ids"][0].to_string();
    let page = app
        .post("/lfscada/configuration/page/add", &[("equipmentId", &equipment), ("title", &format!("{label} page"))])
        .await;
    let page = ok(page, "page").await.data()["id"].to_string();
    let report = app
        .post(
            "/lfscada/equipment/multi/report/save",
            &[
                ("equipmentId", &equipment),
                ("name", &format!("{label} report")),
                ("columns", &format!(r#"[{{"signalId": {signal}, "statistic": "last"}}]"#)),
            ],
        )
        .await;
    let report = ok(report, "report").await.data()["id"].to_string();
    let gateway = format!("EG-{label}");
    ok(app.post("/lfscada/gateway/add", &[("sn", &gateway), ("name", &format!("{label} gateway"))]).await, "gateway")
        .await;
    ok(app.post("/lfscada/equipment/multi/bindGateway", &[("id", &equipment), ("sn", &gateway)]).await, "bind").await;
    let node = ok(
        app.post("/lfscada/gm/node/add", &[("groupId", "Walk"), ("nodeId", &format!("{label}-node"))]).await,
        "node",
    )
    .await;
    let gm_source = node.data()["id"].to_string();
    let linked = app.store.link_gm_equipment(org_id, equipment.parse().unwrap(), gm_source.parse().unwrap(), "").await;
    assert!(linked.unwrap(), "the equipment adopted from its node");
    let host = if label == HIDDEN { "10.0.0.2" } else { "10.0.0.1" };
    let driver = json!({"kind": "modbus_tcp", "host": host, "port": 502, "unitId": 1, "timeoutMs": 1000, "pollIntervalMs": 1000}).to_string();
    ok(app.post("/lfscada/equipment/multi/driver/save", &[("id", &equipment), ("driver", &driver)]).await, "driver")
        .await;
    let model = app
        .post(
            "/lfscada/equipment/model/fromEquipment",
            &[("equipmentId", &equipment), ("name", &format!("{label} model"))],
        )
        .await;
    let model = ok(model, "model").await.data()["id"].to_string();
    let picture = crate::images::upload_as(app, &app.client, &equipment, "pump.png", crate::images::PNG).await;
    let picture = ok(picture, "picture").await.data()["image"].as_str().unwrap().to_owned();
    let on = Seed {
        org_id,
        equipment_id,
        signal_id: signal.parse().unwrap(),
        equipment: &format!("{label} pump"),
        signal: &format!("{label} speed"),
        gateway_sn: &gateway,
        label,
    };
    let (alarm, command) = seed_alarm_and_command(app, on).await;
    // Projects are the organisation's: the name must not carry the hidden side's label (the walk looks for it).
    let project_name = format!("Line {equipment}");
    let project = app.post("/lfscada/project/add", &[("name", &project_name), ("equipmentIds", &equipment)]).await;
    let project = ok(project, "project").await.data()["id"].to_string();
    let project_page =
        app.post("/lfscada/project/page/add", &[("projectId", &project), ("title", &format!("{label} board"))]).await;
    let project_page = ok(project_page, "project page").await.data()["id"].to_string();
    let mvar = app
        .post(
            "/lfscada/project/mvar/add",
            &[("projectId", &project), ("name", &format!("{label} total")), ("calc", "sum"), ("signalIds", &signal)],
        )
        .await;
    let mvar = ok(mvar, "mvar").await.data()["id"].to_string();
    let columns = format!(
        r#"[{{"equipmentId": {equipment}, "signalId": {signal}, "statistic": "avg"}}, {{"mvarId": {mvar}, "statistic": "avg"}}]"#
    );
    let custom_report = app
        .post(
            "/lfscada/project/custom/report/save",
            &[("projectId", &project), ("name", &format!("{label} custom report")), ("columns", &columns)],
        )
        .await;
    let custom_report = ok(custom_report, "custom report").await.data()["id"].to_string();
    let order = app
        .post(
            "/lfscada/ops/repair/add",
            &[("equipmentId", &equipment), ("description", &format!("{label} seal leaks"))],
        )
        .await;
    let repair_order = ok(order, "repair order").await.data()["id"].to_string();
    let demo_id = app.store.user_by_loginname("demo").await.unwrap().unwrap().id.to_string();
    let time = crate::inspection::far_time();
    let plan = app
        .post(
            "/lfscada/ops/inspection/plan/add",
            &[
                ("name", format!("{label} round").as_str()),
                ("equipmentIds", &equipment),
                ("itemIds", inspection_item),
                ("inspectorId", &demo_id),
                ("frequency", "daily"),
                ("time", &time),
            ],
        )
        .await;
    let inspection_plan = ok(plan, "inspection plan").await.data()["id"].to_string();
    let sheet = app.post("/lfscada/ops/inspection/plan/generate", &[("id", &inspection_plan)]).await;
    let worksheet = ok(sheet, "worksheet").await.data()["id"].to_string();
    let off = app
        .post(
            "/lfscada/ops/inspection/plan/edit",
            &[
                ("id", inspection_plan.as_str()),
                ("name", format!("{label} round").as_str()),
                ("equipmentIds", &equipment),
                ("itemIds", inspection_item),
                ("inspectorId", &demo_id),
                ("frequency", "daily"),
                ("time", &time),
                ("enabled", "false"),
            ],
        )
        .await;
    ok(off, "inspection plan disabled").await;
    Made {
        equipment,
        signal,
        page,
        report,
        alarm,
        command,
        gateway,
        gm_source,
        model,
        picture,
        page_template: String::new(),
        project,
        project_page,
        mvar,
        custom_report,
        repair_order,
        inspection_plan,
        worksheet,
    }
}

/// Builds the whole world: the demo administrator's organisation with both equipment, and the callers.
pub async fn build(app: &TestApp) -> World {
    app.login_demo().await;
    let org_id = app.get("/lfscada/user/info").await.data()["orgId"].as_i64().unwrap();
    let item = app.post("/lfscada/ops/inspection/item/add", &[("name", "Walk check"), ("kind", "check")]).await;
    let inspection_item = ok(item, "inspection item").await.data()["id"].to_string();
    let mut granted = make(app, org_id, "GRANTED", &inspection_item).await;
    let mut hidden = make(app, org_id, HIDDEN, &inspection_item).await;
    let both = format!("{},{}", granted.equipment, hidden.equipment);
    let group =
        ok(app.post("/lfscada/monitor/group/add", &[("name", "Line 1")]).await, "group").await.data()["id"].to_string();
    let scene = ok(app.post("/lfscada/scene/add", &[("name", "Board"), ("equipmentIds", &both)]).await, "scene").await;
    let project =
        ok(app.post("/lfscada/project/add", &[("name", "Plant"), ("equipmentIds", &both)]).await, "project").await;
    let announcement = app.post("/lfscada/announcement/add", &[("title", "Shift"), ("content", "Night shift notes")]);
    let announcement = ok(announcement.await, "announcement").await.data()["id"].to_string();
    // Published, so it is every account's notice (`notice/detail` shows a draft to nobody, whoever asks).
    ok(app.post("/lfscada/announcement/publish", &[("id", &announcement)]).await, "publish").await;
    let template_signals =
        json!([{"name": "Level", "area": "input_register", "address": 0, "dataType": "uint16"}]).to_string();
    let template = app.post("/lfscada/equipment/model/add", &[("name", "Tank"), ("signals", &template_signals)]).await;
    let template = ok(template, "template").await.data()["id"].to_string();
    let sub =
        app.post("/lfscada/user/sub/add", &[("loginname", "victim"), ("password", "Victim@123"), ("auths", "manage")]);
    let sub_account = ok(sub.await, "sub-account").await.data()["userId"].to_string();
    let image =
        crate::image_library::library_upload_as(app, &app.client, "logo.png", crate::images::PNG, Some("Walk logo"));
    let image = ok(image.await, "library picture").await;
    let image_path = image.data()["image"].as_str().unwrap().to_owned();
    let shows = json!({ "widgets": [{ "id": "logo", "widgetType": "UsualImage",
        "position": { "x": 0, "y": 0, "width": 100, "height": 100, "rotate": 0 }, "data": { "url": image_path } }] });
    let shows = shows.to_string();
    let saved = app.post("/lfscada/configuration/page/save", &[("id", &hidden.page), ("document", &shows)]).await;
    ok(saved, "hidden page showing the picture").await;
    let faceplate = json!({ "widgets": [{ "id": "t", "widgetType": "ShapeRect",
        "position": { "x": 0, "y": 0, "width": 10, "height": 10, "rotate": 0 } }] });
    let page_template = app
        .post(
            "/lfscada/configuration/template/save",
            &[("name", "Walk faceplate"), ("document", &faceplate.to_string())],
        )
        .await;
    let page_template = ok(page_template, "page template").await.data()["id"].to_string();
    let admins = app
        .post(
            "/lfscada/configuration/template/save",
            &[("name", "Administrator's faceplate"), ("document", &faceplate.to_string())],
        )
        .await;
    hidden.page_template = ok(admins, "administrator's page template").await.data()["id"].to_string();

    let external = app.post("/lfscada/system/frame/save", &[("title", "Walk board"), ("url", "https://walk.example/")]);
    let external_page = ok(external.await, "external page").await.data()["id"].to_string();

    let all: Vec<&str> = ironsight_domain::permission::ALL.to_vec();
    let limited = account(app, "limited", org_id, "user", "authorised", &all).await;
    let limited_id: i64 = app.store.user_by_loginname("limited").await.unwrap().unwrap().id;
    app.store.set_granted_equipment(org_id, limited_id, &[granted.equipment.parse().unwrap()]).await.unwrap();
    let limiteds = post_as(
        app,
        &limited,
        "/lfscada/configuration/template/save",
        &[("name", "Limited's faceplate"), ("document", &faceplate.to_string())],
    )
    .await;
    granted.page_template = ok(limiteds, "sub-account's page template").await.data()["id"].to_string();
    let no_permission = account(app, "nopermission", org_id, "user", "all", &[]).await;
    let other_org = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = account(app, "outsider", other_org, "admin", "all", &all).await;
    let callers = Callers { admin: app.client.clone(), limited, no_permission, outsider };
    let shared = Shared {
        group,
        scene: scene.data()["id"].to_string(),
        project: project.data()["id"].to_string(),
        announcement,
        template,
        sub_account,
        image: image.data()["id"].to_string(),
        image_path,
        page_template,
        inspection_item,
        external_page,
    };
    World { org_id, granted, hidden, shared, callers }
}
