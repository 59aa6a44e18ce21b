//! Repair orders and who may see them: a sub-account limited to granted equipment sees and acts on orders of that
//! equipment only; another organisation sees none; an order's pictures are served only to those who may see the
//! order, and the picture checks are those of every upload (docs/security.md).

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use crate::images::{PNG, multipart};
use crate::repairs::{ADD, DISPATCH, EQUIPMENT_QUERY, INFO, QUERY, RECEIVE, REPAIR, USERS, equipment, order, user_id};
use crate::walk_fixture::{account, post_as};

const UPLOAD: &str = "/lfscada/ops/repair/picture/upload";
const DELETE: &str = "/lfscada/ops/repair/picture/delete";

async fn upload(app: &TestApp, client: &reqwest::Client, id: &str, name: &str, bytes: &[u8]) -> Answer {
    let body = multipart(&[("id", id)], Some(("file", name, bytes)));
    let request = client
        .post(app.url(UPLOAD))
        .header("content-type", format!("multipart/form-data; boundary={}", crate::images::BOUNDARY))
        .body(body);
    answer(request.send().await.unwrap()).await
}

async fn served(app: &TestApp, client: &reqwest::Client, path: &str) -> u16 {
    client.get(app.url(path)).send().await.unwrap().status().as_u16()
}

async fn pictures(app: &TestApp, id: &str) -> usize {
    app.post(INFO, &[("id", id)]).await.data()["pictures"].as_array().unwrap().len()
}

both_backends!(
    a_limited_account_and_another_organisation_see_orders_of_their_equipment_only,
    Options::default(),
    |app| {
        app.login_demo().await;
        let org = app.store.org_by_name("demo").await.unwrap().unwrap();
        let (pump, tank) = (equipment(app, "Pump").await, equipment(app, "Tank").await);
        let on_pump = order(app, &pump, "Pump seal").await;
        let on_tank = order(app, &tank, "Tank valve").await;
        let limited = account(app, "limited", org, "user", "authorised", &[REPAIR]).await;
        let limited_id = user_id(app, "limited").await;
        app.store.grant_equipment(limited_id.parse().unwrap(), pump.parse().unwrap()).await.unwrap();
        let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
        let outsider = account(app, "outsider", elsewhere, "admin", "all", &[REPAIR, "manage"]).await;

        let listed = post_as(app, &limited, QUERY, &[]).await;
        assert_eq!(listed.data()["total"], 1, "{:?}", listed.body);
        assert!(!listed.body.to_string().contains("Tank"), "{:?}", listed.body);
        assert_eq!(post_as(app, &limited, INFO, &[("id", &on_pump)]).await.code(), "200");
        for (path, form, code) in [
            (INFO, vec![("id", on_tank.as_str())], "1290"),
            (DISPATCH, vec![("id", on_tank.as_str()), ("repairerId", limited_id.as_str())], "1290"),
            (QUERY, vec![("equipmentId", tank.as_str())], "1214"),
            (EQUIPMENT_QUERY, vec![("equipmentId", tank.as_str())], "1214"),
            (ADD, vec![("equipmentId", tank.as_str()), ("description", "mine")], "1214"),
            (USERS, vec![("equipmentId", tank.as_str())], "1214"),
        ] {
            assert_eq!(post_as(app, &limited, path, &form).await.code(), code, "{path} {form:?}");
        }
        // Its own order on the granted pump: it is the dispatcher of it.
        let own = post_as(app, &limited, ADD, &[("equipmentId", &pump), ("description", "Noise")]).await;
        assert_eq!(own.code(), "200", "{:?}", own.body);
        // It cannot be named on an order of equipment it does not see; it is on the pump's.
        let refused = app.post(DISPATCH, &[("id", &on_tank), ("repairerId", &limited_id)]).await;
        assert_eq!(refused.code(), "1293");
        let names = app.post(USERS, &[("equipmentId", &tank)]).await.body.to_string();
        assert!(!names.contains("limited"), "{names}");
        assert_eq!(app.post(DISPATCH, &[("id", &on_pump), ("repairerId", &limited_id)]).await.code(), "200");
        assert_eq!(post_as(app, &limited, RECEIVE, &[("id", &on_pump)]).await.code(), "200");

        // Another organisation: nothing, as if it did not exist.
        assert_eq!(post_as(app, &outsider, INFO, &[("id", &on_pump)]).await.code(), "1290");
        assert_eq!(post_as(app, &outsider, RECEIVE, &[("id", &on_pump)]).await.code(), "1290");
        assert_eq!(post_as(app, &outsider, QUERY, &[]).await.data()["total"], 0);
        assert_eq!(post_as(app, &outsider, ADD, &[("equipmentId", &pump), ("description", "x")]).await.code(), "1214");
    }
);

both_backends!(
    order_pictures_are_checked_limited_to_six_and_served_only_to_who_may_see_the_order,
    Options::default(),
    |app| {
        app.login_demo().await;
        let org = app.store.org_by_name("demo").await.unwrap().unwrap();
        let (pump, tank) = (equipment(app, "Pump").await, equipment(app, "Tank").await);
        let id = order(app, &pump, "Cracked housing").await;
        let on_tank = order(app, &tank, "Tank").await;
        let limited = account(app, "limited", org, "user", "authorised", &[REPAIR]).await;
        app.store.grant_equipment(user_id(app, "limited").await.parse().unwrap(), pump.parse().unwrap()).await.unwrap();
        let fixer = account(app, "fixer", org, "user", "all", &[REPAIR]).await;
        let watcher = account(app, "watcher", org, "user", "all", &[]).await;
        let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
        let outsider = account(app, "outsider", elsewhere, "admin", "all", &[REPAIR]).await;

        // Bad files are refused naming the file, and nothing is added.
        for (name, bytes) in [
            ("notes.txt", &b"just text"[..]),
            ("pump.jpg", PNG),
            ("evil.svg", &b"<svg><script>alert(1)</script></svg>"[..]),
        ] {
            let refused = upload(app, &app.client, &id, name, bytes).await;
            assert_eq!((refused.code(), refused.body["data"]["field"].as_str()), ("1100", Some("file")), "{name}");
        }
        assert_eq!(pictures(app, &id).await, 0);
        assert_eq!(upload(app, &fixer, &id, "pump.png", PNG).await.code(), "1291", "not the dispatcher");
        assert_eq!(
            upload(app, &limited, &on_tank, "pump.png", PNG).await.code(),
            "1290",
            "an ungranted equipment's order"
        );
        assert_eq!(upload(app, &watcher, &id, "pump.png", PNG).await.code(), "1212");

        let first = upload(app, &app.client, &id, "pump.png", PNG).await;
        assert_eq!(first.code(), "200", "{:?}", first.body);
        let path = first.data()["path"].as_str().unwrap().to_owned();
        assert!(path.starts_with("/userimg/"), "{path}");
        for (client, expected) in
            [(&app.client, 200), (&limited, 200), (&fixer, 200), (&watcher, 404), (&outsider, 404)]
        {
            assert_eq!(served(app, client, &path).await, expected);
        }
        let tank_picture =
            upload(app, &app.client, &on_tank, "tank.png", PNG).await.data()["path"].as_str().unwrap().to_owned();
        assert_eq!(served(app, &limited, &tank_picture).await, 404, "an ungranted equipment's order picture");

        for _ in 1..6 {
            assert_eq!(upload(app, &app.client, &id, "more.png", PNG).await.code(), "200");
        }
        let seventh = upload(app, &app.client, &id, "more.png", PNG).await;
        assert_eq!(
            (seventh.code(), seventh.body["data"]["field"].as_str()),
            ("1100", Some("file")),
            "{:?}",
            seventh.body
        );
        assert_eq!(pictures(app, &id).await, 6);

        // Deleted by its uploader while pending; the file goes with it.
        let picture_id = first.data()["id"].to_string();
        assert_eq!(post_as(app, &fixer, DELETE, &[("id", &id), ("pictureId", &picture_id)]).await.code(), "1291");
        assert_eq!(
            app.post(DELETE, &[("id", &on_tank), ("pictureId", &picture_id)]).await.code(),
            "1242",
            "not that order's"
        );
        assert_eq!(app.post(DELETE, &[("id", &id), ("pictureId", &picture_id)]).await.code(), "200");
        assert_eq!(served(app, &app.client, &path).await, 404);
        assert_eq!(app.post(DELETE, &[("id", &id), ("pictureId", &picture_id)]).await.code(), "1242");
        assert_eq!(pictures(app, &id).await, 5);

        // Once dispatched, nobody adds pictures until the repairer has it; then only the repairer.
        let fixer_id = user_id(app, "fixer").await;
        assert_eq!(app.post(DISPATCH, &[("id", &id), ("repairerId", &fixer_id)]).await.code(), "200");
        assert_eq!(upload(app, &app.client, &id, "late.png", PNG).await.code(), "1292");
        assert_eq!(post_as(app, &fixer, RECEIVE, &[("id", &id)]).await.code(), "200");
        assert_eq!(upload(app, &fixer, &id, "work.png", PNG).await.code(), "200", "the repairer's picture of the work");
        assert_eq!(upload(app, &fixer, &id, "late.png", PNG).await.code(), "1100", "still six at most");

        // An equipment deleted takes its orders and their pictures.
        let other = upload(app, &app.client, &on_tank, "t.png", PNG).await;
        assert_eq!(other.code(), "200");
        let other_path = other.data()["path"].as_str().unwrap().to_owned();
        assert_eq!(app.post("/lfscada/equipment/multi/delete", &[("id", &tank)]).await.code(), "200");
        assert_eq!(app.post(INFO, &[("id", &on_tank)]).await.code(), "1290");
        assert_eq!(served(app, &app.client, &other_path).await, 404);
    }
);
