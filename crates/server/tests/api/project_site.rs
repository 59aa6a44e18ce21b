//! The site the project monitor's tests share (docs/project-monitor.md): a project of two equipment, Feeder A on an
//! online gateway and Feeder B on an offline one, and Elsewhere, on an online gateway but outside the project; each
//! with one writable signal; a project page and an equipment page; and the callers every call is tried with.

use crate::helpers::{Answer, TestApp};
use crate::walk_fixture::{account, post_as};
use ironsight_domain::permission;
use serde_json::json;

pub struct Site {
    pub org_id: i64,
    /// Feeder A, Feeder B (the project's), Elsewhere (not the project's).
    pub equipment: [String; 3],
    /// Each equipment's signal, "Power" (writable, 0 to 100).
    pub signals: [String; 3],
    pub project: String,
    /// A page of the project.
    pub page: String,
    /// A page of Feeder A: not a project page.
    pub equipment_page: String,
    /// Every permission, granted Feeder A only: does not see the whole project.
    pub limited: reqwest::Client,
    /// The whole organisation in view, no permission codes.
    pub plain: reqwest::Client,
    /// Another organisation's administrator.
    pub stranger: reqwest::Client,
}

impl Site {
    pub fn a(&self) -> &str {
        &self.equipment[0]
    }
    pub fn b(&self) -> &str {
        &self.equipment[1]
    }
    pub fn elsewhere(&self) -> &str {
        &self.equipment[2]
    }
}

/// Posts `form` to `path` as `client`.
pub async fn call(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    post_as(app, client, path, form).await
}

/// Asserts a field error (1100 or 1101) naming `field`.
pub fn names_field(answer: &Answer, field: &str) {
    assert!(matches!(answer.code(), "1100" | "1101"), "{field}: {:?}", answer.body);
    assert_eq!(answer.body["data"]["field"].as_str(), Some(field), "{:?}", answer.body);
}

/// Builds the site as the demo administrator.
pub async fn site(app: &TestApp) -> Site {
    app.login_demo().await;
    let org_id = app.store.org_by_name("demo").await.unwrap().unwrap();
    let mut equipment = Vec::new();
    let mut signals = Vec::new();
    for (name, sn, online) in [("Feeder A", "EG-PA", true), ("Feeder B", "EG-PB", false), ("Elsewhere", "EG-PC", true)]
    {
        let id = app.post("/lfscada/equipment/multi/add", &[("equipName", name)]).await.data()["id"].to_string();
        let defs = json!([{"name": "Power", "area": "holding_register", "address": 0, "dataType": "uint16",
            "unit": "kW", "writable": true, "min": 0, "max": 100}]);
        let defs = defs.to_string();
        let saved = app.post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &id), ("signals", &defs)]).await;
        signals.push(saved.data()["ids"][0].to_string());
        assert_eq!(app.post("/lfscada/gateway/add", &[("sn", sn)]).await.code(), "200");
        assert_eq!(app.post("/lfscada/equipment/multi/bindGateway", &[("id", &id), ("sn", sn)]).await.code(), "200");
        if online {
            let status = json!({"online": true, "t": 0, "vpn": false, "signalStrength": 80});
            app.store.set_gateway_status(sn, &serde_json::from_value(status).unwrap()).await.unwrap();
        }
        equipment.push(id);
    }
    let members = format!("{},{}", equipment[0], equipment[1]);
    let project = app.post("/lfscada/project/add", &[("name", "Feeders"), ("equipmentIds", &members)]).await;
    let project = project.data()["id"].to_string();
    let page = app.post("/lfscada/project/page/add", &[("projectId", &project), ("title", "Board")]).await;
    let page = page.data()["id"].to_string();
    let form = [("equipmentId", equipment[0].as_str()), ("title", "Feeder A page")];
    let equipment_page = app.post("/lfscada/configuration/page/add", &form).await.data()["id"].to_string();

    let all: Vec<&str> = permission::ALL.to_vec();
    let limited = account(app, "limited", org_id, "user", "authorised", &all).await;
    let limited_id = app.store.user_by_loginname("limited").await.unwrap().unwrap().id;
    app.store.grant_equipment(limited_id, equipment[0].parse().unwrap()).await.unwrap();
    let plain = account(app, "plain", org_id, "user", "all", &[]).await;
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let stranger = account(app, "stranger", elsewhere, "admin", "all", &all).await;
    Site {
        org_id,
        equipment: equipment.try_into().unwrap(),
        signals: signals.try_into().unwrap(),
        project,
        page,
        equipment_page,
        limited,
        plain,
        stranger,
    }
}
