//! The same queries against SQLite and PostgreSQL. PostgreSQL comes from `IRONSIGHT_TEST_PG`
//! (default `postgres://postgres@127.0.0.1:5432`); each run makes a fresh database and drops it after.

use ironsight_store::{Store, now_ms, users::NewUser};

mod backends;

async fn exercise(store: &Store) {
    let org = store.create_org("acme", "Acme 监控", "").await.unwrap();
    let auths = vec!["a".to_owned(), "b".to_owned()];
    let new = NewUser {
        loginname: "op'; DROP TABLE users;--",
        password_hash: "h",
        org_id: org,
        role_type: "user",
        data_range: "all",
        auths: &auths,
        tel: "",
        email: "",
    };
    let id = store.create_user(&new).await.unwrap().expect("created");
    assert_eq!(store.create_user(&new).await.unwrap(), None, "login name is unique");
    let user = store.user_by_loginname("op'; DROP TABLE users;--").await.unwrap().unwrap();
    assert_eq!((user.id, user.auths.clone(), user.scada_adaption), (id, auths, true));

    let now = now_ms();
    store.create_session("t1", id, now, now + 1000, "127.0.0.1").await.unwrap();
    assert_eq!(store.session("t1").await.unwrap().unwrap().ended_ms, None);
    store.end_session("t1", now + 1).await.unwrap();
    assert_eq!(store.session("t1").await.unwrap().unwrap().ended_ms, Some(now + 1));

    store.put_captcha("c1", "ABCDE", now + 600_000).await.unwrap();
    assert_eq!(store.take_captcha("c1").await.unwrap(), Some(("ABCDE".into(), now + 600_000)));
    assert_eq!(store.take_captcha("c1").await.unwrap(), None, "usable once");

    for i in 0..3 {
        store.reserve_login_attempt("account", "x", now + i, 60_000).await.unwrap();
    }
    assert_eq!(store.login_failures("account", "x").await.unwrap().unwrap().failures, 3);
    assert_eq!(store.reserve_login_attempt("account", "x", now + 120_000, 60_000).await.unwrap().failures, 1);
    assert_eq!(store.login_failures("account", "x").await.unwrap().unwrap().failures, 1, "old window starts over");

    let equipment = store
        .add_equipment(
            org,
            &ironsight_store::equipment::EquipmentFields {
                equip_name: "Pump".into(),
                display: "list".into(),
                rule_type: "00".into(),
                model: String::new(),
                manufacturer: String::new(),
                address: String::new(),
                latitude: None,
                longitude: Some(114.3),
                remark: String::new(),
            },
        )
        .await
        .unwrap();
    let signal: ironsight_protocol::payload::SignalDef = serde_json::from_value(serde_json::json!({
        "id": 0, "name": "Speed", "area": "holding_register", "address": 2, "dataType": "uint16",
        "scale": 1.0, "offset": 0.0, "writable": true, "min": null, "max": 1500.0
    }))
    .unwrap();
    let server = ironsight_store::access::Viewer::server(org);
    let ids = store.save_signals(&server, equipment, std::slice::from_ref(&signal)).await.unwrap().unwrap();
    let saved = store.signals(&server, equipment).await.unwrap().unwrap();
    assert_eq!(saved, vec![ironsight_protocol::payload::SignalDef { id: ids[0], ..signal.clone() }]);
    // A NULL double followed by a value in the same statement (regression: see the crate docs on Option<f64>).
    let with_min = ironsight_protocol::payload::SignalDef { id: ids[0], min: Some(0.0), ..signal };
    store.save_signals(&server, equipment, std::slice::from_ref(&with_min)).await.unwrap().unwrap();
    assert_eq!(store.signals(&server, equipment).await.unwrap().unwrap(), vec![with_min]);

    readings_round_trip(store, equipment, ids[0]).await;

    store.save_user_config(id, "{\"a\":1}").await.unwrap();
    store.save_user_config(id, "{\"a\":2}").await.unwrap();
    assert_eq!(store.user_config(id).await.unwrap().as_deref(), Some("{\"a\":2}"));
}

/// History keeps every reading once (a redelivered one is ignored) with its exact value; the latest table holds
/// the newest reading, and a late batch with older readings does not replace it.
async fn readings_round_trip(store: &Store, equipment: i64, signal: i64) {
    use ironsight_store::readings::StoredReading;
    let r = |t: i64, v: Option<f64>, good: bool| StoredReading {
        signal_id: signal,
        equipment_id: equipment,
        t,
        v,
        good,
        error_code: (!good).then_some(1715),
    };
    let values = [0.1 + 0.2, -1.0e-300, 123_456_789.123_456_79, 5.0, f64::MAX];
    let mut batch: Vec<StoredReading> =
        values.iter().enumerate().map(|(i, v)| r(1_000 + i as i64, Some(*v), true)).collect();
    batch.push(r(2_000, None, false));
    store.write_readings(&batch).await.unwrap();
    store.write_readings(&batch[..2]).await.unwrap(); // redelivered
    store.write_readings(&[r(1_500, Some(9.0), true)]).await.unwrap(); // late replay, older than the latest
    let history: Vec<(i64, Option<f64>, bool)> =
        serde_json::from_str(&store.history_points_json(signal, 0, 10_000, 100).await.unwrap()).unwrap();
    let mut expected: Vec<(i64, Option<f64>, bool)> =
        values.iter().enumerate().map(|(i, v)| (1_000 + i as i64, Some(*v), true)).collect();
    expected.push((1_500, Some(9.0), true));
    expected.push((2_000, None, false));
    expected.sort_by_key(|e| e.0);
    assert_eq!(history, expected);
    let latest = store.latest_readings(equipment).await.unwrap();
    assert_eq!(latest, vec![r(2_000, None, false)]);
}

#[tokio::test]
async fn sqlite_backend() {
    let dir = tempfile::tempdir().unwrap();
    let url = format!("sqlite://{}/t.db?mode=rwc", dir.path().display());
    let store = Store::connect(&url).await.unwrap();
    exercise(&store).await;
    // Migrations are idempotent: a second start applies nothing.
    store.close().await;
    let again = Store::connect(&url).await.unwrap();
    assert_eq!(again.user_count().await.unwrap(), 1);
}

#[tokio::test]
async fn postgres_backend() {
    backends::on_postgres("both", |store| async move { exercise(&store).await }).await;
}
