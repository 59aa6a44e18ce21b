//! The system settings dialog's calls (docs/account.md, "System settings"): an administrator's title, logo, idle
//! session timeout (honoured by the session) and history retention (the pruner deletes older readings, keeps the
//! newer ones and other organisations'), and the SQLite backup (a valid database file; 1360 on PostgreSQL, 1361 for
//! another organisation's administrator). Sub-accounts are refused with 1011, nothing changed.

use crate::both_backends;
use crate::helpers::{Answer, Backend, TestApp, answer};
use ironsight_store::readings::StoredReading;
use serde_json::json;

async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

fn backend_of(app: &TestApp) -> Backend {
    if app.store.backend() == ironsight_store::Backend::Sqlite { Backend::Sqlite } else { Backend::Postgres }
}

both_backends!(administrators_set_title_logo_timeout_and_retention, Options::default(), |app| {
    app.login_demo().await;
    let before = app.post("/lfscada/system/settings/query", &[]).await;
    assert_eq!(before.code(), "200", "{:?}", before.body);
    assert_eq!((before.data()["sessionMinutes"].as_i64(), before.data()["retentionDays"].as_i64()), (Some(0), Some(0)));
    assert_eq!(before.data()["defaultSessionMinutes"], 60, "the test server's --session-idle-minutes");

    let form = [("title", "东湖水厂"), ("faviconIco", "/logo.png"), ("sessionMinutes", "30"), ("retentionDays", "90")];
    assert_eq!(app.post("/lfscada/system/settings/save", &form).await.code(), "200");
    let after = app.post("/lfscada/system/settings/query", &[]).await;
    assert_eq!(
        (after.data()["title"].as_str(), after.data()["faviconIco"].as_str()),
        (Some("东湖水厂"), Some("/logo.png"))
    );
    assert_eq!((after.data()["sessionMinutes"].as_i64(), after.data()["retentionDays"].as_i64()), (Some(30), Some(90)));
    let theme = app.post("/org/StyleAction!loadStyle.action", &[]).await;
    assert_eq!(theme.data(), &json!({ "title": "东湖水厂", "faviconIco": "/logo.png" }), "the header follows");

    // Bad input: the field named, nothing saved.
    for (field, value, code) in [
        ("title", "", "1101"),
        ("title", &"长".repeat(61), "1100"),
        ("faviconIco", "javascript:alert(1)", "1100"),
        ("sessionMinutes", "4", "1100"),
        ("sessionMinutes", "10081", "1100"),
        ("retentionDays", "-1", "1100"),
        ("retentionDays", "3651", "1100"),
        ("retentionDays", "ninety", "1100"),
    ] {
        let mut bad = form.to_vec();
        bad.retain(|(name, _)| *name != field);
        bad.push((field, value));
        let refused = app.post("/lfscada/system/settings/save", &bad).await;
        assert_eq!(refused.code(), code, "{field}={value}: {:?}", refused.body);
        assert_eq!(refused.data()["field"], field);
    }
    assert_eq!(app.post("/lfscada/system/settings/query", &[]).await.data(), after.data(), "unchanged");

    // A session started now lives 30 idle minutes, not the deployment's 60.
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    app.login_demo().await;
    let token = app.cookie(ironsight::session::SESSION_COOKIE).unwrap();
    let session = app.store.session(&ironsight::session::token_hash(&token)).await.unwrap().unwrap();
    assert_eq!(session.expires_ms - session.last_seen_ms, 30 * 60_000);

    // Sub-accounts (even with manage) are refused, nothing changed; another organisation has its own settings.
    let manager = app.browser_as_new_user("manager", demo.org_id, &["manage"]).await;
    for path in ["/lfscada/system/settings/query", "/lfscada/system/settings/save", "/lfscada/system/backup"] {
        assert_eq!(post_as(app, &manager, path, &form).await.code(), "1011", "{path}");
    }
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = app.browser_as_new_admin("outsider", elsewhere).await;
    let theirs = post_as(app, &outsider, "/lfscada/system/settings/query", &[]).await;
    assert_eq!(
        (theirs.data()["title"].as_str(), theirs.data()["retentionDays"].as_i64()),
        (Some("Elsewhere"), Some(0))
    );
    assert_eq!(app.post("/lfscada/system/settings/query", &[]).await.data(), after.data());
});

both_backends!(retention_prunes_old_history_of_its_organisation_only, Options::default(), |app| {
    app.login_demo().await;
    let equipment = app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump")]).await.data()["id"].to_string();
    let signals = json!([{"name": "P", "area": "holding_register", "address": 0, "dataType": "uint16"}]).to_string();
    let saved =
        app.post("/lfscada/equipment/multi/signal/save", &[("equipmentId", &equipment), ("signals", &signals)]).await;
    let signal_id = saved.data()["ids"][0].as_i64().unwrap();
    let equipment_id: i64 = equipment.parse().unwrap();
    let now = ironsight_store::now_ms();
    let day = 86_400_000;
    // 12,000 readings 40 to 30 days old (more than two batches), 10 from the last days.
    let reading = |t| StoredReading { signal_id, equipment_id, t, v: Some(1.0), good: true, error_code: None };
    let old: Vec<StoredReading> = (0..12_000).map(|i| reading(now - 40 * day + i * 60_000)).collect();
    for chunk in old.chunks(4_000) {
        app.store.write_readings(chunk).await.unwrap();
    }
    let recent: Vec<StoredReading> = (0..10).map(|i| reading(now - i * day)).collect();
    app.store.write_readings(&recent).await.unwrap();
    let everything = (now - 50 * day, now + day);
    assert_eq!(app.store.history_count(signal_id, everything.0, everything.1).await.unwrap(), 12_010);

    // Forever (0) keeps everything.
    assert_eq!(ironsight::retention::prune(app.state(), now).await.unwrap(), 0);
    let form = [("title", "Plant"), ("retentionDays", "20")];
    assert_eq!(app.post("/lfscada/system/settings/save", &form).await.code(), "200");
    assert_eq!(ironsight::retention::prune(app.state(), now).await.unwrap(), 12_000);
    assert_eq!(app.store.history_count(signal_id, everything.0, everything.1).await.unwrap(), 10, "the newer kept");
    assert_eq!(app.store.history_count(signal_id, now - 20 * day + 1, now + 1).await.unwrap(), 10);
});

both_backends!(backup_is_a_valid_sqlite_file_for_the_first_organisation_only, Options::default(), |app| {
    app.login_demo().await;
    let first = app.store.default_org().await.unwrap().unwrap();
    let deployment_admin = app.browser_as_new_admin("keeper", first.id).await;
    let sqlite = backend_of(app) == Backend::Sqlite;
    // The demo organisation is not the deployment's first: its administrator may not take everyone's data.
    let settings = app.post("/lfscada/system/settings/query", &[]).await;
    assert_eq!(settings.data()["backup"], if sqlite { "none" } else { "pg_dump" });
    let refused = app.post("/lfscada/system/backup", &[]).await;
    assert_eq!(refused.code(), if sqlite { "1361" } else { "1360" });

    let theirs = post_as(app, &deployment_admin, "/lfscada/system/settings/query", &[]).await;
    assert_eq!(theirs.data()["backup"], if sqlite { "sqlite" } else { "pg_dump" });
    let response =
        deployment_admin.post(app.url("/lfscada/system/backup")).header("accept-language", "en").send().await.unwrap();
    if !sqlite {
        let refused = answer(response).await;
        assert_eq!(refused.code(), "1360");
        assert!(refused.message().contains("pg_dump"), "{}", refused.message());
        return;
    }
    assert_eq!(response.status(), 200);
    assert_eq!(response.headers()["content-type"], "application/vnd.sqlite3");
    let bytes = response.bytes().await.unwrap();
    assert!(bytes.starts_with(b"SQLite format 3\0"));
    // Opened as a database: it holds every organisation's accounts.
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("copy.sqlite");
    std::fs::write(&path, &bytes).unwrap();
    let copy = ironsight_store::Store::connect(&format!("sqlite://{}", path.display())).await.unwrap();
    assert!(copy.user_by_loginname("demo").await.unwrap().is_some());
    assert!(copy.user_by_loginname("keeper").await.unwrap().is_some());
    // The temporary copy beside the database is gone.
    let data_dir = &app.state().config.data_dir;
    let left: Vec<_> = std::fs::read_dir(data_dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().starts_with("backup-"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
});
