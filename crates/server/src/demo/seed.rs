//! Seeding the demo organisation with the plant, once, and refreshing what each run must refresh.
//!
//! Found by name in either language, an equipment, a group or the project counts as seeded and is left as it is,
//! so a restart (or a restart in the other language) never doubles anything, and a database seeded by the
//! earlier one-pump demo keeps its "1# Pump station" (the pump station's English name) with its signals, rule and
//! page; the rest of the plant is added around it. Every start re-issues the gateways' secrets and points the
//! drivers at this run's simulated devices.

use super::pages::{self, Seeded};
use super::plant::{self, EquipmentSpec, GATEWAYS};
use crate::AppState;
use ironsight_devsim::plant::Unit;
use ironsight_domain::Lang;
use ironsight_domain::alarm::{Condition, RuleDraft};
use ironsight_domain::limits::PROJECT_MVARS;
use ironsight_domain::mvar::Calc;
use ironsight_domain::permission;
use ironsight_domain::report::ColumnDef;
use ironsight_protocol::payload::DriverConfig;
use ironsight_store::access::{DATA_RANGE_AUTHORISED, ROLE_USER, Viewer};
use ironsight_store::equipment::{EquipmentFields, EquipmentFilter, EquipmentSort};
use ironsight_store::gateways::{GatewaySettings, NewGateway};
use ironsight_store::mvars::MvarFields;
use ironsight_store::pages::{DocumentSave, PageOwner};
use ironsight_store::reports::ReportFields;
use ironsight_store::users::NewUser;
use std::collections::HashMap;
use std::net::SocketAddr;
use std::time::Duration;

/// The demo's limited sub-account: sees and operates only the pump station and the reservoir. Demo-only, like
/// the demo account, and printed with it by `make run`.
pub const OPERATOR_LOGIN: &str = "demo-operator";
pub const OPERATOR_PASSWORD: &str = "Operator@123";

/// What an agent needs of a seeded gateway: its serial number and this run's secret.
pub struct GatewaySecret {
    pub sn: &'static str,
    pub secret: String,
}

/// Seeds what is missing and refreshes the rest. `device` answers where a unit's simulated device listens this run;
/// `utility_report` is the utilities gateway's report period (its no-data alarm comes after three); `history_days`
/// of the plant's past are written at the first start.
pub async fn seed(
    state: &AppState,
    org_id: i64,
    device: impl Fn(Unit) -> SocketAddr,
    utility_report: Duration,
    history_days: u32,
) -> anyhow::Result<Vec<GatewaySecret>> {
    let lang = state.config.lang;
    let viewer = Viewer::server(org_id);
    let store = &state.store;
    let mut secrets = Vec::new();
    for gateway in &GATEWAYS {
        let secret = crate::session::new_token();
        let secret_hash = crate::password::secret_digest(&secret);
        if !store.set_gateway_secret(&viewer, gateway.sn, &secret_hash).await? {
            let new = NewGateway {
                org_id,
                sn: gateway.sn,
                name: gateway.name.of(lang),
                model: "EG-200",
                firmware: "1.0.0",
                secret_hash: &secret_hash,
                registered_by: None,
            };
            store.add_gateway(&new).await?;
        }
        secrets.push(GatewaySecret { sn: gateway.sn, secret });
    }
    if let Some(g) = store.gateway_by_sn(org_id, plant::UTILITY_GATEWAY).await? {
        let report = i64::try_from(utility_report.as_millis()).unwrap_or(i64::MAX).max(1000);
        let settings = GatewaySettings {
            name: g.name,
            interval: g.interval,
            sample_interval: report,
            economize_open: g.economize_open,
        };
        store.edit_gateway(&viewer, plant::UTILITY_GATEWAY, &settings).await?;
    }

    let specs = plant::equipment();
    let existing = store.equipment_list(&viewer, &EquipmentFilter::default(), EquipmentSort::Newest, 1, 1000).await?;
    let by_name: HashMap<String, i64> = existing.list.iter().map(|e| (e.fields.equip_name.clone(), e.id)).collect();
    let mut seeded = Vec::new();
    for spec in &specs {
        let found = [spec.name.zh, spec.name.en].iter().find_map(|n| by_name.get(*n).map(|id| (*id, (*n).to_owned())));
        let seeded_before = found.is_some();
        let (id, name) = match found {
            Some(found) => found,
            None => (add_equipment(state, org_id, spec, lang).await?, spec.name.of(lang).to_owned()),
        };
        let at = device(spec.unit);
        let driver = DriverConfig::ModbusTcp {
            host: at.ip().to_string(),
            port: at.port(),
            unit_id: 1,
            timeout_ms: 1000,
            poll_interval_ms: 1000,
        };
        store.set_driver(&viewer, id, &serde_json::to_string(&driver)?).await?;
        let signal_ids = signal_ids(state, org_id, id, spec).await?;
        let e = Seeded { spec, id, name, signal_ids };
        seed_reports(state, org_id, &e, lang).await?;
        if !seeded_before {
            seed_rules(state, org_id, &e).await?;
            add_page(
                state,
                org_id,
                PageOwner::Equipment(id),
                spec.page_title.of(lang),
                &pages::equipment_page(&e, lang),
            )
            .await?;
        }
        seeded.push(e);
    }
    for sn in [plant::PROCESS_GATEWAY, plant::UTILITY_GATEWAY] {
        state.link.gateway_changed(sn).await;
    }
    seed_groups(state, org_id, &seeded).await?;
    seed_project(state, org_id, &seeded).await?;
    seed_operator(state, org_id, &seeded).await?;
    if let Some(pump) = seeded.first() {
        seed_expiry(state, org_id, pump.id).await?;
    }
    super::history::seed(state, &seeded, history_days, ironsight_store::now_ms()).await?;
    Ok(secrets)
}

/// Days from today to the demo's expiry dates: the pump station's service (a "7 days" message at once) and the
/// process gateway's service (a "30 days" message).
const EQUIPMENT_EXPIRES_IN: i64 = 7;
const GATEWAY_EXPIRES_IN: i64 = 30;

/// Gives the pump station and the process gateway an expiry date when they have none, so the expiry sweep at
/// start tells the demo's people at once (docs/messages.md, "Expire messages"). A date already there is kept:
/// a restart does not move it (nor send its messages again).
async fn seed_expiry(state: &AppState, org_id: i64, pump_id: i64) -> anyhow::Result<()> {
    use ironsight_domain::expiry::Day;
    let viewer = Viewer::server(org_id);
    let today = Day::in_china(ironsight_store::now_ms());
    let store = &state.store;
    let pump = store.equipment(&viewer, pump_id).await?;
    if pump.is_some_and(|e| e.expire_date.is_none()) {
        let date = Day(today.0 + EQUIPMENT_EXPIRES_IN).text();
        store.set_equipment_expiry(&viewer, pump_id, Some(&date)).await?;
    }
    let gateway = store.gateway_by_sn(org_id, plant::PROCESS_GATEWAY).await?;
    if gateway.is_some_and(|g| g.expire_date.is_none()) {
        let date = Day(today.0 + GATEWAY_EXPIRES_IN).text();
        store.set_gateway_expiry(&viewer, plant::PROCESS_GATEWAY, Some(&date)).await?;
    }
    Ok(())
}

async fn add_equipment(state: &AppState, org_id: i64, spec: &EquipmentSpec, lang: Lang) -> anyhow::Result<i64> {
    let viewer = Viewer::server(org_id);
    let fields = EquipmentFields {
        equip_name: spec.name.of(lang).to_owned(),
        display: "list".to_owned(),
        rule_type: "00".to_owned(),
        model: spec.model.to_owned(),
        manufacturer: spec.manufacturer.to_owned(),
        address: plant::SITE_ADDRESS.of(lang).to_owned(),
        latitude: Some(spec.latitude),
        longitude: Some(spec.longitude),
        remark: String::new(),
    };
    let id = state.store.add_equipment(org_id, &fields).await?;
    state.store.bind_gateway(&viewer, id, spec.gateway).await?;
    let defs: Vec<_> = spec.signals.iter().map(|s| s.def(lang)).collect();
    if let Err(e) = state.store.save_signals(&viewer, id, &defs).await? {
        anyhow::bail!("the demo's signals of {} are refused: {e:?}", spec.name.en);
    }
    Ok(id)
}

/// The equipment's signal ids by key, matched by name in either language (an equipment seeded by the earlier
/// demo has only some of them).
async fn signal_ids(
    state: &AppState,
    org_id: i64,
    id: i64,
    spec: &EquipmentSpec,
) -> anyhow::Result<HashMap<&'static str, i64>> {
    let stored = state.store.signals(&Viewer::server(org_id), id).await?.unwrap_or_default();
    Ok(spec
        .signals
        .iter()
        .filter_map(|s| stored.iter().find(|d| d.name == s.name.zh || d.name == s.name.en).map(|d| (s.key, d.id)))
        .collect())
}

/// Adds the unit's reports whose name (in either language) it does not have.
async fn seed_reports(state: &AppState, org_id: i64, e: &Seeded<'_>, lang: Lang) -> anyhow::Result<()> {
    let viewer = Viewer::server(org_id);
    let existing = state.store.reports(&viewer, e.id).await?;
    for report in &e.spec.reports {
        if existing.iter().any(|r| r.name == report.name.zh || r.name == report.name.en) {
            continue;
        }
        let columns: Vec<ColumnDef> = report
            .columns
            .iter()
            .filter_map(|(key, statistic)| {
                e.signal_ids.get(key).map(|&signal_id| ColumnDef { signal_id, statistic: *statistic, wraps_at: None })
            })
            .collect();
        let fields = ReportFields { name: report.name.of(lang), period_ms: 3_600_000, columns: &columns };
        state.store.add_report(&viewer, e.id, &fields).await?;
    }
    Ok(())
}

async fn seed_rules(state: &AppState, org_id: i64, e: &Seeded<'_>) -> anyhow::Result<()> {
    let mut by_signal: Vec<(i64, Vec<RuleDraft>)> = Vec::new();
    for rule in &e.spec.rules {
        let Some(&signal_id) = e.signal_ids.get(rule.signal) else { continue };
        let draft = RuleDraft {
            id: 0,
            condition: Condition {
                symbol: rule.symbol,
                threshold: rule.threshold,
                deadband: rule.deadband,
                delay_ms: 0,
            },
            level: rule.level,
            msg_zh: rule.message.zh.to_owned(),
            msg_en: rule.message.en.to_owned(),
            enabled: true,
        };
        match by_signal.iter_mut().find(|(id, _)| *id == signal_id) {
            Some((_, drafts)) => drafts.push(draft),
            None => by_signal.push((signal_id, vec![draft])),
        }
    }
    for (signal_id, drafts) in by_signal {
        if let Err(err) = state.store.save_alarm_rules(&Viewer::server(org_id), signal_id, &drafts).await? {
            anyhow::bail!("the demo's alarm rules of {} are refused: {err:?}", e.name);
        }
        state.link.alarms().rules_saved(e.id, signal_id, None).await?;
    }
    Ok(())
}

/// Adds a page to `owner` with `document`, which must pass the check every saved page passes.
async fn add_page(
    state: &AppState,
    org_id: i64,
    owner: PageOwner,
    title: &str,
    document: &serde_json::Value,
) -> anyhow::Result<()> {
    let viewer = Viewer::server(org_id);
    let document = document.to_string();
    let valid = ironsight_domain::page::validate_document(&document).map_err(|problem| {
        anyhow::anyhow!("the demo page {title} is refused: {}", problem.0.text(ironsight_domain::Lang::En))
    })?;
    let Some(page) = state.store.add_page(&viewer, owner, title, valid.width, valid.height).await? else {
        return Ok(());
    };
    let save = DocumentSave {
        document: &document,
        width: valid.width,
        height: valid.height,
        widgets: valid.widgets,
        saved_by: "demo",
        base: None,
    };
    state.store.save_page_document(&viewer, page, save).await?;
    Ok(())
}

/// The two monitor groups, made once with their equipment.
async fn seed_groups(state: &AppState, org_id: i64, plant: &[Seeded<'_>]) -> anyhow::Result<()> {
    let viewer = Viewer::server(org_id);
    let groups = state.store.groups(&viewer).await?;
    for group in [plant::GROUP_PROCESS, plant::GROUP_UTILITIES] {
        if groups.iter().any(|g| g.name == group.zh || g.name == group.en) {
            continue;
        }
        let Some(group_id) = state.store.add_group(org_id, group.of(state.config.lang)).await? else { continue };
        for e in plant.iter().filter(|e| e.spec.group.en == group.en) {
            let _ = state.store.move_to_group(&viewer, e.id, Some(group_id)).await?;
        }
    }
    Ok(())
}

/// The plant's project with every equipment, and its site-overview page, made once.
async fn seed_project(state: &AppState, org_id: i64, plant: &[Seeded<'_>]) -> anyhow::Result<()> {
    let lang = state.config.lang;
    let viewer = Viewer::server(org_id);
    let is_site = |name: &str| name == plant::SITE.zh || name == plant::SITE.en;
    let projects = state.store.projects(&viewer, "", 1, 1000).await?;
    if projects.list.iter().any(|p| is_site(&p.name)) {
        return Ok(());
    }
    let ids: Vec<i64> = plant.iter().map(|e| e.id).collect();
    let remark = match lang {
        Lang::Zh => "演示用：取水、清水池、加氯与公用工程",
        Lang::En => "Demo: intake, reservoir, dosing and utilities",
    };
    let Ok(project) = state.store.add_project(org_id, plant::SITE.of(lang), remark, &ids).await? else {
        return Ok(());
    };
    let net_flow = seed_net_flow(state, project, plant).await?;
    let overview = pages::overview_page(plant, plant::SITE, lang, net_flow);
    add_page(state, org_id, PageOwner::Project(project), plant::OVERVIEW_PAGE.of(lang), &overview).await
}

/// The project's intermediate variable the overview shows: the reservoir's inflow less its outflow, a custom
/// formula (docs/mvars.md). None when the reservoir lacks either signal.
async fn seed_net_flow(state: &AppState, project: i64, plant: &[Seeded<'_>]) -> anyhow::Result<Option<i64>> {
    let Some(reservoir) = plant.iter().find(|e| e.spec.unit == Unit::Reservoir) else { return Ok(None) };
    let (Some(inflow), Some(outflow)) = (reservoir.signal_ids.get("inflow"), reservoir.signal_ids.get("outflow"))
    else {
        return Ok(None);
    };
    let formula = format!("${{{id}.{inflow}}} - ${{{id}.{outflow}}}", id = reservoir.id);
    let fields = MvarFields {
        name: pages::NET_FLOW.of(state.config.lang),
        calc: Calc::Custom.as_str(),
        formula: &formula,
        signal_ids: &[*inflow, *outflow],
        unit: "m³/h",
        decimals: 1,
    };
    Ok(state.store.add_mvar(project, &fields, PROJECT_MVARS).await?.ok())
}

/// The limited sub-account, made once with its grants.
async fn seed_operator(state: &AppState, org_id: i64, plant: &[Seeded<'_>]) -> anyhow::Result<()> {
    if state.store.user_by_loginname(OPERATOR_LOGIN).await?.is_some() {
        return Ok(());
    }
    let hash = crate::password::hash_blocking(OPERATOR_PASSWORD.to_owned()).await?;
    let auths: Vec<String> = [
        permission::MULTI_DESIGNER_ALARM,
        permission::EQUIPINFO_MENU_ALARM,
        permission::DESIGNER_MENU_ALARM,
        permission::WRITE_DATA,
    ]
    .iter()
    .map(|a| (*a).to_owned())
    .collect();
    let new = NewUser {
        loginname: OPERATOR_LOGIN,
        password_hash: &hash,
        org_id,
        role_type: ROLE_USER,
        data_range: DATA_RANGE_AUTHORISED,
        auths: &auths,
        tel: "",
        email: "",
    };
    let Some(user_id) = state.store.create_user(&new).await? else { return Ok(()) };
    let granted: Vec<i64> = plant.iter().filter(|e| e.spec.operator_granted).map(|e| e.id).collect();
    state.store.set_granted_equipment(org_id, user_id, &granted).await?;
    tracing::info!("demo operator account seeded");
    Ok(())
}

/// What the demo's water-quality analyser logs in with this run.
pub struct AnalyserLogin {
    pub username: String,
    pub secret: String,
}

/// Registers the demo's Sparkplug edge node (the water-quality analyser, `demo::analyser`) the first time, and issues
/// it a new secret on every start, as the gateways get one.
pub async fn seed_analyser(state: &AppState, org_id: i64) -> anyhow::Result<AnalyserLogin> {
    use crate::demo::analyser::{GROUP, NODE};
    use ironsight_store::gm_sources::{GmSourceKind, NewGmSource};
    let store = &state.store;
    let secret = crate::session::new_token();
    let secret_hash = crate::password::secret_digest(&secret);
    if let Some(source) = store.gm_node_by_ids(org_id, GROUP, NODE).await? {
        store.set_gm_source_secret(&Viewer::server(org_id), source.id, &secret_hash).await?;
        return Ok(AnalyserLogin { username: source.username, secret });
    }
    let name = match state.config.lang {
        ironsight_domain::Lang::Zh => "水质分析仪",
        ironsight_domain::Lang::En => "Water-quality analyser",
    };
    let kind = GmSourceKind::SparkplugNode { group_id: GROUP.to_owned(), node_id: NODE.to_owned() };
    let username = crate::api::gm_sources::new_username();
    let new =
        NewGmSource { org_id, kind: &kind, name, username: &username, secret_hash: &secret_hash, registered_by: None };
    match store.add_gm_source(&new).await? {
        Ok(_) => Ok(AnalyserLogin { username, secret }),
        Err(conflict) => anyhow::bail!("the demo analyser cannot be registered: {conflict:?}"),
    }
}
