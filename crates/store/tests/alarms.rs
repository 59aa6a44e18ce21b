//! Alarm rules and records against SQLite and PostgreSQL: saving rules as a list, the release of alarms whose
//! rule goes, recording, releasing, confirming once, paging newest first, and what the engine loads.

use ironsight_domain::alarm::{Condition, RuleDraft, Symbol};
use ironsight_store::access::Viewer;
use ironsight_store::alarms::{AlarmKey, NewAlarm, SaveRulesError};
use ironsight_store::equipment::EquipmentFields;
use ironsight_store::{Store, now_ms};

mod backends;

fn draft(id: i64, symbol: Symbol, threshold: f64, enabled: bool) -> RuleDraft {
    RuleDraft {
        id,
        condition: Condition { symbol, threshold, deadband: 0.5, delay_ms: 1000 },
        level: 2,
        msg_zh: "高".into(),
        msg_en: "High".into(),
        enabled,
    }
}

fn alarm(key: AlarmKey, org_id: i64, equipment_id: i64, signal_id: Option<i64>, t: i64) -> NewAlarm<'static> {
    NewAlarm {
        key,
        org_id,
        equipment_id,
        signal_id,
        level: 2,
        equip_title: "Pump",
        signal_title: "Speed",
        gmt_trigger: t,
        value: if matches!(key, AlarmKey::Rule(_)) { Some(95.5) } else { None },
        msg_zh: "高",
        msg_en: "High",
    }
}

/// An ordinary account of `org` with the given data range; answers its id.
async fn add_user(store: &Store, org: i64, loginname: &str, data_range: &str) -> i64 {
    let new = ironsight_store::users::NewUser {
        loginname,
        password_hash: "h",
        org_id: org,
        role_type: "user",
        data_range,
        auths: &[],
        tel: "",
        email: "",
    };
    store.create_user(&new).await.unwrap().unwrap()
}

async fn exercise(store: &Store) {
    let org = store.create_org("acme", "Acme", "").await.unwrap();
    let other_org = store.create_org("other", "Other", "").await.unwrap();
    let fields = EquipmentFields {
        equip_name: "Pump".into(),
        display: "list".into(),
        rule_type: "00".into(),
        model: String::new(),
        manufacturer: String::new(),
        address: String::new(),
        latitude: None,
        longitude: None,
        remark: String::new(),
    };
    let equipment = store.add_equipment(org, &fields).await.unwrap();
    let (o, other) = (Viewer::server(org), Viewer::server(other_org));
    let signal: ironsight_protocol::payload::SignalDef = serde_json::from_value(serde_json::json!({
        "name": "Speed", "area": "holding_register", "address": 0, "dataType": "uint16"
    }))
    .unwrap();
    let signal_id = store.save_signals(&o, equipment, &[signal]).await.unwrap().unwrap()[0];

    // Rules: saved as a list, scoped, ids kept.
    assert_eq!(
        store.save_alarm_rules(&other, signal_id, &[]).await.unwrap(),
        Err(SaveRulesError::NoSignal),
        "another organisation's signal"
    );
    let ids = store
        .save_alarm_rules(&o, signal_id, &[draft(0, Symbol::Gt, 90.0, true), draft(0, Symbol::Lt, 10.0, true)])
        .await
        .unwrap()
        .unwrap();
    let rules = store.alarm_rules(&o, equipment).await.unwrap().unwrap();
    assert_eq!(rules.iter().map(|r| r.id).collect::<Vec<_>>(), ids);
    assert_eq!((rules[0].symbol, rules[0].value, rules[0].deadband, rules[0].delay), (Symbol::Gt, 90.0, 0.5, 1000));
    assert_eq!(rules[0].signal_title, "Speed");
    assert_eq!(store.alarm_rules(&other, equipment).await.unwrap(), None);
    assert_eq!(
        store
            .save_alarm_rules(
                &o,
                signal_id,
                &[draft(ids[0], Symbol::Gt, 90.0, true), draft(424242, Symbol::Gt, 1.0, true)]
            )
            .await
            .unwrap(),
        Err(SaveRulesError::ForeignId { index: 1 })
    );
    let watched = store.watched_rules().await.unwrap();
    assert_eq!(watched.len(), 2);
    assert_eq!((watched[0].org_id, watched[0].equipment_id, watched[0].equip_title.as_str()), (org, equipment, "Pump"));

    // Records: open, listed newest first, released, confirmed once.
    let t0 = now_ms();
    let first = store.add_alarm(&alarm(AlarmKey::Rule(ids[0]), org, equipment, Some(signal_id), t0)).await.unwrap();
    let second =
        store.add_alarm(&alarm(AlarmKey::Rule(ids[1]), org, equipment, Some(signal_id), t0 + 10)).await.unwrap();
    let silent = store
        .add_alarm(&alarm(AlarmKey::SignalNoData(signal_id), org, equipment, Some(signal_id), t0 + 20))
        .await
        .unwrap();
    let gateway = store
        .add_alarm(&alarm(AlarmKey::GatewayNoData { equipment_id: equipment }, org, equipment, None, t0 + 30))
        .await
        .unwrap();
    let open = store.open_alarms().await.unwrap();
    assert_eq!(open.len(), 4);
    assert!(open.iter().any(|o| o.id == gateway
        && o.key == AlarmKey::GatewayNoData { equipment_id: equipment }
        && o.signal_id.is_none()));
    assert!(open.iter().any(|o| o.id == silent && o.key == AlarmKey::SignalNoData(signal_id)));
    let page = store.alarm_records(&o, equipment, 0, i64::MAX, 1, 3).await.unwrap();
    assert_eq!(page.total, 4);
    assert_eq!(page.list.iter().map(|r| r.id).collect::<Vec<_>>(), [gateway, silent, second]);
    assert_eq!(
        (page.list[2].value, page.list[2].kind.as_str(), page.list[2].rule_type.as_str()),
        (Some(95.5), "signal", "00")
    );
    assert_eq!(page.list[0].value, None);
    assert_eq!(store.alarm_records(&o, equipment, t0 + 5, t0 + 25, 1, 10).await.unwrap().total, 2);
    assert_eq!(store.alarm_records(&other, equipment, 0, i64::MAX, 1, 10).await.unwrap().total, 0);

    assert_eq!(store.release_alarm(AlarmKey::SignalNoData(signal_id), t0 + 40).await.unwrap(), 1);
    assert_eq!(store.release_alarm(AlarmKey::SignalNoData(signal_id), t0 + 50).await.unwrap(), 0, "released once");
    assert_eq!(store.release_alarm(AlarmKey::GatewayNoData { equipment_id: equipment }, t0 + 40).await.unwrap(), 1);
    assert_eq!(store.alarm_record(&o, silent).await.unwrap().unwrap().gmt_release, Some(t0 + 40));

    assert!(store.confirm_alarm(&Viewer { user_id: 7, ..o }, first, "ops").await.unwrap());
    assert!(
        !store.confirm_alarm(&Viewer { user_id: 8, ..o }, first, "late").await.unwrap(),
        "the first confirmation stays"
    );
    assert!(!store.confirm_alarm(&Viewer { user_id: 8, ..other }, second, "outsider").await.unwrap());
    let confirmed = store.alarm_record(&o, first).await.unwrap().unwrap();
    assert_eq!((confirmed.confirmed_by, confirmed.confirm_user.as_deref()), (Some(7), Some("ops")));
    assert!(confirmed.gmt_confirm.is_some());
    assert_eq!(store.alarm_record(&other, first).await.unwrap(), None);

    // Disabling a rule and deleting one release their open alarms in the same save.
    store.save_alarm_rules(&o, signal_id, &[draft(ids[0], Symbol::Gt, 90.0, false)]).await.unwrap().unwrap();
    assert!(store.alarm_record(&o, first).await.unwrap().unwrap().gmt_release.is_some(), "disabled");
    assert!(store.alarm_record(&o, second).await.unwrap().unwrap().gmt_release.is_some(), "deleted");
    assert!(store.watched_rules().await.unwrap().is_empty(), "a disabled rule is not watched");
    assert!(store.open_alarms().await.unwrap().is_empty());

    // An open alarm whose rule went with its signal is released by the orphan sweep.
    let ids = store.save_alarm_rules(&o, signal_id, &[draft(0, Symbol::Gt, 1.0, true)]).await.unwrap().unwrap();
    let orphan = store.add_alarm(&alarm(AlarmKey::Rule(ids[0]), org, equipment, Some(signal_id), t0)).await.unwrap();
    assert_eq!(store.release_orphan_alarms(t0).await.unwrap(), 0);
    store.save_signals(&o, equipment, &[]).await.unwrap().unwrap();
    assert!(store.alarm_rules(&o, equipment).await.unwrap().unwrap().is_empty(), "rules go with their signal");
    assert_eq!(store.release_orphan_alarms(t0 + 1).await.unwrap(), 1);
    assert_eq!(store.alarm_record(&o, orphan).await.unwrap().unwrap().gmt_release, Some(t0 + 1));

    // Recipients are the organisation's users; alarm messages count as unread.
    let user = add_user(store, org, "ops", "all").await;
    assert_eq!(store.alarm_recipients(org, equipment).await.unwrap(), [user]);
    assert!(store.alarm_recipients(other_org, equipment).await.unwrap().is_empty());
    // A sub-account limited to granted equipment hears of an equipment's alarms once it is granted.
    let limited = add_user(store, org, "limited", "authorised").await;
    assert_eq!(store.alarm_recipients(org, equipment).await.unwrap(), [user]);
    store.grant_equipment(limited, equipment).await.unwrap();
    assert_eq!(store.alarm_recipients(org, equipment).await.unwrap(), [user, limited]);
    let limited_view = store.user(limited).await.unwrap().unwrap().viewer();
    assert!(limited_view.granted_only);
    assert_eq!(store.alarm_records(&limited_view, equipment, 0, i64::MAX, 1, 10).await.unwrap().total, 5);
    assert_eq!(store.set_granted_equipment(org, limited, &[equipment, 999_999]).await.unwrap(), None);
    assert_eq!(store.granted_equipment(limited).await.unwrap(), [equipment], "a refused set changes nothing");
    assert_eq!(store.set_granted_equipment(other_org, limited, &[equipment]).await.unwrap(), None, "not its org");
    assert_eq!(store.set_granted_equipment(org, limited, &[]).await.unwrap(), Some(0));
    assert_eq!(store.alarm_records(&limited_view, equipment, 0, i64::MAX, 1, 10).await.unwrap().total, 0);
    assert_eq!(store.alarm_record(&limited_view, first).await.unwrap(), None);
    let message = store
        .add_alarm_message(&ironsight_store::messages::NewAlarmMessage {
            user_id: user,
            title: "Pump Speed 高",
            title_en: "Pump Speed High",
            note: "95.5",
            equipment_id: equipment,
            alarm_id: first,
            broadcast_times: 2,
        })
        .await
        .unwrap();
    assert_eq!(
        (message.kind.as_str(), message.alarm_id, message.data_id.clone()),
        ("alarm", Some(first), equipment.to_string())
    );
    assert_eq!(
        store
            .unread_message_count(&ironsight_store::access::Viewer { org_id: org, user_id: user, granted_only: false })
            .await
            .unwrap(),
        1
    );

    // The silence watch lists signals of equipment with a driver bound to a gateway.
    assert!(store.silence_watch().await.unwrap().is_empty());
    let gateway = ironsight_store::gateways::NewGateway {
        org_id: org,
        sn: "EG-1",
        name: "EG",
        model: "",
        firmware: "",
        secret_hash: "h",
        registered_by: None,
    };
    let gateway_id = store.add_gateway(&gateway).await.unwrap().unwrap();
    assert!(store.bind_gateway(&o, equipment, "EG-1").await.unwrap());
    let level: ironsight_protocol::payload::SignalDef = serde_json::from_value(serde_json::json!({
        "name": "Level", "area": "input_register", "address": 6, "dataType": "uint16"
    }))
    .unwrap();
    let level_id = store.save_signals(&o, equipment, &[level]).await.unwrap().unwrap()[0];
    assert!(store.silence_watch().await.unwrap().is_empty(), "no driver yet");
    store.set_driver(&o, equipment, r#"{"kind":"modbus_tcp","host":"127.0.0.1","port":502}"#).await.unwrap();
    let watch = store.silence_watch().await.unwrap();
    assert_eq!(watch.len(), 1);
    assert_eq!((watch[0].gateway_id, watch[0].signal_id, watch[0].equipment_id), (gateway_id, level_id, equipment));
    assert_eq!((watch[0].period_ms, watch[0].gateway_seen, watch[0].signal_title.as_str()), (60_000, false, "Level"));
}

#[tokio::test]
async fn sqlite_backend() {
    backends::on_sqlite(|store| async move { exercise(&store).await }).await;
}

#[tokio::test]
async fn postgres_backend() {
    backends::on_postgres("alarms", |store| async move { exercise(&store).await }).await;
}
