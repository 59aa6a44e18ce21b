//! Inspection plans and worksheets and who may see them: a sub-account limited to granted equipment sees a plan or a
//! worksheet only when it sees every equipment of the route (docs/work-orders.md); another organisation sees nothing
//! of them (not found); items are changed only by accounts that see the whole organisation.

use crate::both_backends;
use crate::inspection::{
    GENERATE, ITEM_ADD, ITEM_DELETE, ITEM_QUERY, PLAN_ADD, PLAN_INFO, PLAN_QUERY, RECORDS, SAVE, SHEET, SHEETS,
    far_time, item, plan,
};
use crate::repairs::{REPAIR, equipment, user_id};
use crate::walk_fixture::{account, post_as};

both_backends!(a_limited_account_sees_plans_and_worksheets_of_its_whole_route_only, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.org_by_name("demo").await.unwrap().unwrap();
    let (pump, tank) = (equipment(app, "Pump").await, equipment(app, "Tank").await);
    let limited = account(app, "limited", org, "user", "authorised", &[REPAIR, "manage"]).await;
    let limited_id = user_id(app, "limited").await;
    app.store.grant_equipment(limited_id.parse().unwrap(), pump.parse().unwrap()).await.unwrap();
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = account(app, "outsider", elsewhere, "admin", "all", &[REPAIR, "manage"]).await;
    let check = item(app, &[("name", "Seal"), ("kind", "check")]).await;
    let demo_id = user_id(app, "demo").await;

    // One plan over the pump alone, one over both (the limited account inspects the first).
    let on_pump = plan(app, "Pump round", &pump, &check, &limited_id).await;
    let both = plan(app, "Whole round", &format!("{pump},{tank}"), &check, &demo_id).await;
    let refused = app
        .post(
            PLAN_ADD,
            &[
                ("name", "Too far"),
                ("equipmentIds", &format!("{pump},{tank}")),
                ("itemIds", &check),
                ("inspectorId", &limited_id),
                ("frequency", "daily"),
                ("time", &far_time()),
            ],
        )
        .await;
    assert_eq!(refused.code(), "1310", "the inspector must see the whole route");
    let sheet_pump = app.post(GENERATE, &[("id", &on_pump)]).await.data()["id"].to_string();
    let sheet_both = app.post(GENERATE, &[("id", &both)]).await.data()["id"].to_string();

    // The limited account: the pump's plan and worksheet, nothing of the route it does not wholly see.
    let plans = post_as(app, &limited, PLAN_QUERY, &[]).await;
    let names: Vec<&str> = plans.data().as_array().unwrap().iter().map(|p| p["name"].as_str().unwrap()).collect();
    assert_eq!(names, vec!["Pump round"]);
    let sheets = post_as(app, &limited, SHEETS, &[]).await;
    assert_eq!(sheets.data()["total"], 1, "{:?}", sheets.body);
    assert!(!sheets.body.to_string().contains("Whole round"));
    assert_eq!(post_as(app, &limited, SHEET, &[("id", &sheet_pump)]).await.code(), "200");
    for (path, form, code) in [
        (SHEET, vec![("id", sheet_both.as_str())], "1297"),
        (SAVE, vec![("id", sheet_both.as_str())], "1297"),
        (PLAN_INFO, vec![("id", both.as_str())], "1296"),
        (GENERATE, vec![("id", both.as_str())], "1296"),
        (RECORDS, vec![("equipmentId", tank.as_str())], "1214"),
        (ITEM_ADD, vec![("name", "Mine"), ("kind", "check")], "1011"),
        (ITEM_DELETE, vec![("id", check.as_str())], "1011"),
    ] {
        assert_eq!(post_as(app, &limited, path, &form).await.code(), code, "{path} {form:?}");
    }
    // Items are the organisation's: it reads them.
    assert_eq!(post_as(app, &limited, ITEM_QUERY, &[]).await.data().as_array().unwrap().len(), 1);
    // The pump's records hold only worksheets it wholly sees: the shared route's is not among them.
    let values = format!(
        "[{{\"equipmentId\": {pump}, \"itemId\": {}, \"value\": \"normal\"}}]",
        post_as(app, &limited, SHEET, &[("id", &sheet_pump)]).await.data()["items"][0]["id"]
    );
    let submitted = post_as(
        app,
        &limited,
        "/lfscada/ops/inspection/worksheet/submit",
        &[("id", &sheet_pump), ("results", &values)],
    )
    .await;
    assert_eq!(submitted.code(), "200", "{:?}", submitted.body);
    let items = app.post(SHEET, &[("id", &sheet_both)]).await.data()["items"][0]["id"].clone();
    let all = format!(
        "[{{\"equipmentId\": {pump}, \"itemId\": {items}, \"value\": \"abnormal\"}}, \
         {{\"equipmentId\": {tank}, \"itemId\": {items}, \"value\": \"normal\"}}]"
    );
    let theirs = app.post("/lfscada/ops/inspection/worksheet/submit", &[("id", &sheet_both), ("results", &all)]).await;
    assert_eq!(theirs.code(), "200", "{:?}", theirs.body);
    let records = post_as(app, &limited, RECORDS, &[("equipmentId", &pump)]).await;
    assert_eq!(records.data()["total"], 1, "{:?}", records.body);
    assert_eq!(app.post(RECORDS, &[("equipmentId", &pump)]).await.data()["total"], 2);

    // Another organisation: nothing of it, whatever it names.
    for (path, form, code) in [
        (SHEET, vec![("id", sheet_pump.as_str())], "1297"),
        (PLAN_INFO, vec![("id", on_pump.as_str())], "1296"),
        (GENERATE, vec![("id", on_pump.as_str())], "1296"),
        (ITEM_DELETE, vec![("id", check.as_str())], "1294"),
    ] {
        assert_eq!(post_as(app, &outsider, path, &form).await.code(), code, "{path}");
    }
    assert_eq!(post_as(app, &outsider, SHEETS, &[]).await.data()["total"], 0);
    assert_eq!(post_as(app, &outsider, PLAN_QUERY, &[]).await.data().as_array().unwrap().len(), 0);
    assert_eq!(post_as(app, &outsider, ITEM_QUERY, &[]).await.data().as_array().unwrap().len(), 0);
});
