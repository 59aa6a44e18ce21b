//! Generated reports: the archive worker keeps each closed day's and month's table of every report definition and
//! custom report as its view answers it; a late reading drops the archives of its period, which are then made
//! again with it; a table computed before a late reading was rolled up is not stored; another organisation sees
//! none of them.

use crate::both_backends;
use ironsight::report_archive::{CATCH_UP_DAYS, CATCH_UP_MONTHS, generate_due};
use ironsight_domain::expiry::Day;
use ironsight_store::readings::StoredReading;
use ironsight_store::report_archive::{ArchiveOwner, NewArchive};
use serde_json::{Value, json};

both_backends!(
    closed_days_and_months_are_generated_kept_and_made_again_after_late_readings,
    Options::default(),
    |app| {
        app.login_demo().await;
        let equipment =
            app.post("/lfscada/equipment/multi/add", &[("equipName", "Boiler")]).await.data()["id"].as_i64().unwrap();
        let defs = json!([
            {"name": "Steam", "area": "input_register", "address": 0, "dataType": "uint16", "unit": "t/h"},
            {"name": "Gas", "area": "input_register", "address": 1, "dataType": "uint16", "unit": "m³"},
        ]);
        let saved = app
            .post(
                "/lfscada/equipment/multi/signal/save",
                &[("equipmentId", &equipment.to_string()), ("signals", &defs.to_string())],
            )
            .await;
        let (steam, gas) = (saved.data()["ids"][0].as_i64().unwrap(), saved.data()["ids"][1].as_i64().unwrap());
        let columns = json!([{"signalId": steam, "statistic": "avg"}, {"signalId": gas, "statistic": "difference"}]);
        let report = app
            .post(
                "/lfscada/equipment/multi/report/save",
                &[("equipmentId", &equipment.to_string()), ("name", "Boiler daily"), ("columns", &columns.to_string())],
            )
            .await
            .data()["id"]
            .to_string();
        let project =
            app.post("/lfscada/project/add", &[("name", "Boilers"), ("equipmentIds", &equipment.to_string())]).await;
        let project = project.data()["id"].to_string();
        let custom_columns = json!([{"equipmentId": equipment, "signalId": steam, "statistic": "max"}]);
        let custom = app
            .post(
                "/lfscada/project/custom/report/save",
                &[("projectId", &project), ("name", "Boilers daily"), ("columns", &custom_columns.to_string())],
            )
            .await;
        assert_eq!(custom.code(), "200", "{:?}", custom.body);
        let custom = custom.data()["id"].to_string();

        // Two days ago: steam 10 t/h in the morning and 20 after noon, gas counting up 3 m³ every 10 minutes.
        let now = ironsight_store::now_ms();
        let day = Day(Day::in_china(now).0 - 2);
        let reading = |signal_id: i64, t: i64, v: f64| StoredReading {
            signal_id,
            equipment_id: equipment,
            t,
            v: Some(v),
            good: true,
            error_code: None,
        };
        let mut readings = Vec::new();
        for i in 0..(24 * 6) {
            let t = day.start_ms() + i * 600_000;
            readings.push(reading(steam, t, if i < 72 { 10.0 } else { 20.0 }));
            readings.push(reading(gas, t, (i * 3) as f64));
        }
        app.store.write_readings(&readings).await.unwrap();
        ironsight::rollup_worker::roll_up_settled(&app.store, now).await.unwrap();

        let stored = generate_due(app.state(), now).await.unwrap();
        let per_owner = (CATCH_UP_DAYS + CATCH_UP_MONTHS) as usize;
        assert_eq!(stored, 2 * per_owner, "every closed day and month of both reports");
        assert_eq!(generate_due(app.state(), now).await.unwrap(), 0, "nothing is made twice");

        let list = |key: &'static str, id: String, path: &'static str| async move {
            let answer = app.post(path, &[(key, &id), ("pageSize", "50")]).await;
            assert_eq!(answer.code(), "200", "{:?}", answer.body);
            answer.data().clone()
        };
        let listed = list("reportId", report.clone(), "/lfscada/monitor/multi/report/archive/query").await;
        assert_eq!(listed["total"], json!(per_owner));
        assert_eq!(listed["list"][0]["period"], Day(Day::in_china(now).0 - 1).text(), "the newest day first");
        assert!(listed["list"].as_array().unwrap().iter().any(|a| a["view"] == "month"), "{listed}");

        let info = |date: String| {
            let report = report.clone();
            async move {
                app.post(
                    "/lfscada/monitor/multi/report/archive/info",
                    &[("reportId", &report), ("view", "day"), ("period", &date)],
                )
                .await
            }
        };
        let live = |date: String| {
            let report = report.clone();
            async move {
                let answer = app
                    .post(
                        "/lfscada/monitor/multi/report/queryCols",
                        &[("reportId", &report), ("view", "day"), ("date", &date)],
                    )
                    .await;
                answer.data().clone()
            }
        };
        let archived = info(day.text()).await;
        assert_eq!(archived.code(), "200", "{:?}", archived.body);
        let archived = archived.data().clone();
        let view: Value = live(day.text()).await;
        assert_eq!((&archived["cols"], &archived["rows"]), (&view["cols"], &view["rows"]), "as the day view answers");
        assert_eq!(
            archived["rows"][0]["values"],
            json!([10.0, 15.0]),
            "00:00-01:00: steam 10, gas 3 × 5 since the first reading"
        );
        assert_eq!(archived["rows"][13]["values"], json!([20.0, 18.0]));
        assert_eq!(archived["archive"]["period"], day.text());
        assert_eq!(archived["rows"][0]["running"], false);

        // A gateway replays its buffer: steam readings of 13:05 come late. Rolled up, they drop that day's archives
        // (both reports read the signal), the other days' stay; the next run makes them again, with the late readings.
        let late_at = day.start_ms() + 13 * 3_600_000 + 300_000;
        app.store.write_readings(&[reading(steam, late_at, 50.0)]).await.unwrap();
        let rolled_at = ironsight_store::now_ms();
        ironsight::rollup_worker::roll_up_settled(&app.store, rolled_at).await.unwrap();
        let gone = info(day.text()).await;
        assert_eq!(gone.code(), "1100", "{:?}", gone.body);
        assert!(gone.message().contains("period"), "{:?}", gone.body);
        // The month holding the late reading is dropped too when it was archived (two days ago may be last month).
        let month_text = day.text()[..7].to_owned();
        let month_was_archived = listed["list"].as_array().unwrap().iter().any(|a| a["period"] == month_text.as_str());
        let kept = list("reportId", report.clone(), "/lfscada/monitor/multi/report/archive/query").await;
        assert!(
            kept["list"]
                .as_array()
                .unwrap()
                .iter()
                .all(|a| a["period"] != day.text() && a["period"] != month_text.as_str())
        );
        assert_eq!(kept["total"], json!(per_owner - 1 - usize::from(month_was_archived)), "the other periods stay");

        // A table computed before the late roll-up is not stored.
        let raced = app
            .store
            .put_archive(&NewArchive {
                org_id: 1,
                owner: ArchiveOwner::Report(report.parse().unwrap()),
                view: "day",
                period: &day.text(),
                start: day.start_ms(),
                end: day.start_ms() + 86_400_000,
                generated_ms: rolled_at,
                computed_from: rolled_at - 1,
                data: "{}",
            })
            .await
            .unwrap();
        assert!(!raced, "computed before the late reading was rolled up");

        assert!(generate_due(app.state(), ironsight_store::now_ms()).await.unwrap() >= 2);
        let remade = info(day.text()).await.data().clone();
        let view = live(day.text()).await;
        assert_eq!(
            (&remade["cols"], &remade["rows"]),
            (&view["cols"], &view["rows"]),
            "made again as the view answers now"
        );
        assert_eq!(remade["rows"][13]["values"][0], json!((20.0 * 6.0 + 50.0) / 7.0), "the late reading counts");

        // The custom report's archive, and access: another organisation's administrator sees neither.
        let custom_day = app
            .post(
                "/lfscada/monitor/project/custom/report/archive/info",
                &[("customReportId", &custom), ("view", "day"), ("period", &day.text())],
            )
            .await;
        assert_eq!(custom_day.code(), "200", "{:?}", custom_day.body);
        assert_eq!(custom_day.data()["rows"][13]["values"], json!([50.0]));
        assert_eq!(custom_day.data()["cols"][0]["title"], "Boiler · Steam");
        let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
        let outsider = app.browser_as_new_admin("outsider", elsewhere).await;
        for (path, key, id) in [
            ("/lfscada/monitor/multi/report/archive/query", "reportId", &report),
            ("/lfscada/monitor/project/custom/report/archive/query", "customReportId", &custom),
        ] {
            let refused =
                crate::helpers::answer(outsider.post(app.url(path)).form(&[(key, id.as_str())]).send().await.unwrap())
                    .await;
            assert_ne!(refused.code(), "200", "{path}: {:?}", refused.body);
        }
        // Bad input: a view that is not day or month, a period there is none of.
        for (view, period) in [("shift", day.text()), ("day", "2001-01-01".to_owned()), ("day", "yesterday".to_owned())]
        {
            let refused = app
                .post(
                    "/lfscada/monitor/multi/report/archive/info",
                    &[("reportId", &report), ("view", view), ("period", &period)],
                )
                .await;
            assert_eq!(refused.code(), "1100", "{view} {period}: {:?}", refused.body);
        }

        // Deleting the definition deletes its archives.
        assert_eq!(app.post("/lfscada/equipment/multi/report/delete", &[("id", &report)]).await.code(), "200");
        let left = app.store.archive_list(ArchiveOwner::Report(report.parse().unwrap()), 1, 50).await.unwrap();
        assert_eq!(left.total, 0);
    }
);
