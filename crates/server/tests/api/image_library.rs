//! The organisation's image library: pictures uploaded once (the equipment picture's rules: type by the bytes,
//! 2 MiB, SVG of drawing content only), listed newest first and served at /userimg/<file> to every account of the
//! organisation; uploaded and deleted with the manage permission, by a limited sub-account too; another
//! organisation's picture is not found by id or by name; a picture a page still shows is not deleted; a picture is
//! renamed with the upload's title rules.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use crate::images::{BOUNDARY, PNG, multipart, stored_files};
use crate::pages_document::{new_page, post_as};
use crate::walk_fixture::account;
use reqwest::StatusCode;
use serde_json::{Value, json};

const UPLOAD: &str = "/lfscada/configuration/image/upload";
const QUERY: &str = "/lfscada/configuration/image/query";
const DELETE: &str = "/lfscada/configuration/image/delete";
const RENAME: &str = "/lfscada/configuration/image/rename";
const SAVE: &str = "/lfscada/configuration/page/save";

const SVG: &[u8] = b"<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"8\" height=\"8\">\
    <rect width=\"8\" height=\"8\" fill=\"#1677ff\"/></svg>";

/// Uploads `bytes` as `file_name` to the library, with a title when given.
pub(crate) async fn library_upload_as(
    app: &TestApp,
    client: &reqwest::Client,
    file_name: &str,
    bytes: &[u8],
    title: Option<&str>,
) -> Answer {
    let fields: Vec<(&str, &str)> = title.map(|t| ("title", t)).into_iter().collect();
    let request = client
        .post(app.url(UPLOAD))
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(multipart(&fields, Some(("file", file_name, bytes))));
    answer(request.send().await.unwrap()).await
}

async fn library_upload(app: &TestApp, file_name: &str, bytes: &[u8], title: Option<&str>) -> Answer {
    library_upload_as(app, &app.client, file_name, bytes, title).await
}

async fn demo_org(app: &TestApp) -> i64 {
    app.store.user_by_loginname("demo").await.unwrap().unwrap().org_id
}

/// The library as `client` lists it: (id, image, title) newest first, and the total.
async fn listed(app: &TestApp, client: &reqwest::Client) -> (i64, Vec<Value>) {
    let answer = post_as(app, client, QUERY, &[("page", "1"), ("pageSize", "100")]).await;
    assert_eq!(answer.code(), "200", "{:?}", answer.body);
    (answer.data()["total"].as_i64().unwrap(), answer.data()["list"].as_array().unwrap().clone())
}

async fn status_of(app: &TestApp, client: &reqwest::Client, path: &str) -> StatusCode {
    client.get(app.url(path)).send().await.unwrap().status()
}

both_backends!(library_pictures_are_uploaded_listed_and_served_to_the_organisation, Options::default(), |app| {
    app.login_demo().await;
    let org = demo_org(app).await;

    // A PNG takes its file's name as its title; an SVG the title given.
    let png = library_upload(app, "pump station.png", PNG, None).await;
    assert_eq!(png.code(), "200", "{:?}", png.body);
    let png_image = png.data()["image"].as_str().unwrap().to_owned();
    assert!(png_image.starts_with("/userimg/") && png_image.ends_with(".png"), "{png_image}");
    assert_eq!(png.data()["title"], "pump station");
    let svg = library_upload(app, "valve.svg", SVG, Some("  进水阀  ")).await;
    assert_eq!(svg.code(), "200", "{:?}", svg.body);
    assert_eq!(svg.data()["title"], "进水阀");
    let svg_image = svg.data()["image"].as_str().unwrap().to_owned();
    assert!(svg_image.ends_with(".svg"), "{svg_image}");

    // Listed newest first with their type, size and time; paged.
    let (total, list) = listed(app, &app.client).await;
    assert_eq!(total, 2);
    assert_eq!(list[0]["id"], svg.data()["id"]);
    assert_eq!(list[0]["image"], svg_image.as_str());
    assert_eq!((list[0]["kind"].as_str(), list[0]["bytes"].as_i64()), (Some("svg"), Some(SVG.len() as i64)));
    assert_eq!((list[1]["kind"].as_str(), list[1]["bytes"].as_i64()), (Some("png"), Some(PNG.len() as i64)));
    assert_eq!(list[1]["title"], "pump station");
    assert!(list[1]["gmtCreate"].as_i64().unwrap() > 0);
    let second = app.post(QUERY, &[("page", "2"), ("pageSize", "1")]).await;
    assert_eq!(second.data()["total"], 2);
    assert_eq!(second.data()["list"][0]["id"], png.data()["id"]);

    // Served like an equipment picture: the stored bytes, its type, sandboxed.
    let served = app.client.get(app.url(&svg_image)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "image/svg+xml");
    assert_eq!(served.headers()["content-security-policy"], "sandbox");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(served.bytes().await.unwrap().as_ref(), SVG);

    // Every account of the organisation lists and sees them: a sub-account without permissions, and one limited to
    // granted equipment (it has none), which may also upload and delete with the manage permission.
    let reader = account(app, "reader", org, "user", "all", &[]).await;
    assert_eq!(listed(app, &reader).await.0, 2);
    assert_eq!(status_of(app, &reader, &png_image).await, StatusCode::OK);
    let limited = account(app, "limited", org, "user", "authorised", &["manage"]).await;
    assert_eq!(listed(app, &limited).await.0, 2);
    assert_eq!(status_of(app, &limited, &svg_image).await, StatusCode::OK);
    let own = library_upload_as(app, &limited, "gauge.gif", b"GIF89a\x01\x00\x01\x00", None).await;
    assert_eq!(own.code(), "200", "{:?}", own.body);
    assert_eq!(status_of(app, &app.client, own.data()["image"].as_str().unwrap()).await, StatusCode::OK);
    let png_id = png.data()["id"].to_string();
    assert_eq!(post_as(app, &limited, DELETE, &[("id", &png_id)]).await.code(), "200");
    assert_eq!(listed(app, &app.client).await.0, 2);
    assert_eq!(status_of(app, &app.client, &png_image).await, StatusCode::NOT_FOUND, "its file is gone");
    assert_eq!(stored_files(app).len(), 2, "{:?}", stored_files(app));

    // Without the manage permission: neither upload nor delete.
    assert_eq!(library_upload_as(app, &reader, "a.png", PNG, None).await.code(), "1011");
    let svg_id = svg.data()["id"].to_string();
    assert_eq!(post_as(app, &reader, DELETE, &[("id", &svg_id)]).await.code(), "1011");
    assert_eq!(listed(app, &app.client).await.0, 2);
});

both_backends!(bad_library_uploads_are_refused_and_store_nothing, Options::default(), |app| {
    app.login_demo().await;
    let mut too_big = PNG.to_vec();
    too_big.resize(2 * 1024 * 1024 + 1, 0);
    let script = b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>";
    for (name, bytes, title, field, kind) in [
        ("evil.svg", &script[..], None, "file", "scriptInImage"),
        ("notes.png", b"this is text, not a picture", None, "file", "notImage"),
        ("pump.jpg", PNG, None, "file", "notImage"),
        ("pump.txt", PNG, None, "file", "notImage"),
        ("big.png", &too_big, None, "file", "fileTooLarge"),
        ("a.png", PNG, Some("长".repeat(101)), "title", "tooLong"),
        ("a.png", PNG, Some("a\u{7}b".to_owned()), "title", "controlCharacters"),
    ] {
        let refused = library_upload(app, name, bytes, title.as_deref()).await;
        assert_eq!(refused.code(), "1100", "{name}: {:?}", refused.body);
        assert_eq!(refused.data()["field"], field, "{name}");
        assert_eq!(refused.data()["reason"]["kind"], kind, "{name}: {:?}", refused.body);
    }
    let empty = library_upload(app, "empty.png", b"", None).await;
    assert_eq!((empty.code(), empty.data()["field"].as_str()), ("1101", Some("file")));
    let no_file = app
        .client
        .post(app.url(UPLOAD))
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(multipart(&[("title", "Logo")], None));
    let no_file = answer(no_file.send().await.unwrap()).await;
    assert_eq!((no_file.code(), no_file.data()["field"].as_str()), ("1101", Some("file")));
    let form = app.post(UPLOAD, &[("title", "Logo")]).await;
    assert_eq!((form.status, form.code()), (StatusCode::BAD_REQUEST, "1102"), "a form body is not an upload");
    let demo = demo_org(app).await;
    let viewer = account(app, "viewer", demo, "user", "all", &[]).await;
    assert_eq!(library_upload_as(app, &viewer, "a.png", PNG, None).await.code(), "1011");

    assert!(stored_files(app).is_empty(), "nothing stored: {:?}", stored_files(app));
    assert_eq!(listed(app, &app.client).await.0, 0);
    // Exactly 2 MiB is allowed.
    let mut just_fits = PNG.to_vec();
    just_fits.resize(2 * 1024 * 1024, 0);
    assert_eq!(library_upload(app, "edge.png", &just_fits, None).await.code(), "200");
});

both_backends!(another_organisation_cannot_list_see_or_delete_a_library_picture, Options::default(), |app| {
    app.login_demo().await;
    let uploaded = library_upload(app, "logo.png", PNG, Some("Logo")).await;
    let (id, image) = (uploaded.data()["id"].to_string(), uploaded.data()["image"].as_str().unwrap().to_owned());
    let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
    let outsider = account(app, "outsider", elsewhere, "admin", "all", &["manage"]).await;

    assert_eq!(listed(app, &outsider).await, (0, vec![]));
    let served = outsider.get(app.url(&image)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::NOT_FOUND);
    assert_eq!(answer(served).await.code(), "1216");
    let refused = post_as(app, &outsider, DELETE, &[("id", &id)]).await;
    assert_eq!(refused.code(), "1242", "{:?}", refused.body);
    assert_eq!(post_as(app, &outsider, DELETE, &[("id", "999999")]).await.code(), "1242");

    // Its own picture stays its own.
    let theirs = library_upload_as(app, &outsider, "theirs.png", PNG, None).await;
    assert_eq!(theirs.code(), "200", "{:?}", theirs.body);
    assert_eq!(listed(app, &outsider).await.0, 1);
    assert_eq!(status_of(app, &app.client, theirs.data()["image"].as_str().unwrap()).await, StatusCode::NOT_FOUND);
    assert_eq!(app.post(DELETE, &[("id", &theirs.data()["id"].to_string())]).await.code(), "1242");

    // Nothing of ours changed.
    let (total, list) = listed(app, &app.client).await;
    assert_eq!((total, list[0]["image"].as_str()), (1, Some(image.as_str())));
    assert_eq!(status_of(app, &app.client, &image).await, StatusCode::OK);
    assert_eq!(stored_files(app).len(), 2);
});

both_backends!(a_library_picture_a_page_shows_is_not_deleted, Options::default(), |app| {
    app.login_demo().await;
    let uploaded = library_upload(app, "tank.png", PNG, None).await;
    let (id, image) = (uploaded.data()["id"].to_string(), uploaded.data()["image"].as_str().unwrap().to_owned());
    let (_, page) = new_page(app).await;
    let widget = |data: Value| {
        json!({ "id": "w", "widgetType": "UsualImage",
                "position": { "x": 0, "y": 0, "width": 100, "height": 100, "rotate": 0 }, "data": data })
    };
    // In each picture field: an image widget's address, the page's background, a state's picture.
    for document in [
        json!({ "widgets": [widget(json!({ "url": image }))] }),
        json!({ "con": { "bgImage": image }, "widgets": [] }),
        json!({ "widgets": [{ "id": "s", "widgetType": "UsualAnimation",
            "position": { "x": 0, "y": 0, "width": 100, "height": 100, "rotate": 0 },
            "data": { "display": "image", "imgItems": [{ "symbol": "==", "value": 0, "url": "" },
                                                        { "symbol": "==", "value": 1, "url": image }] } }] }),
    ] {
        let saved = app.post(SAVE, &[("id", &page), ("document", &document.to_string())]).await;
        assert_eq!(saved.code(), "200", "{:?}", saved.body);
        let refused = app.client.post(app.url(DELETE)).header("accept-language", "en").form(&[("id", &id)]);
        let refused = answer(refused.send().await.unwrap()).await;
        assert_eq!(refused.code(), "1243", "{document}: {:?}", refused.body);
        assert_eq!(refused.message(), "This image is used by 1 page(s); replace it there before deleting it");
        assert_eq!(status_of(app, &app.client, &image).await, StatusCode::OK, "kept");
    }
    let zh = app.client.post(app.url(DELETE)).header("accept-language", "zh-CN").form(&[("id", &id)]);
    assert_eq!(answer(zh.send().await.unwrap()).await.message(), "该图片正被 1 个页面使用，请先在页面中替换后再删除");
    assert_eq!(listed(app, &app.client).await.0, 1);

    // Once no page shows it, it leaves the library; the page's kept versions still show it, so its file stays.
    let cleared = app.post(SAVE, &[("id", &page), ("document", r#"{"widgets":[]}"#)]).await;
    assert_eq!(cleared.code(), "200", "{:?}", cleared.body);
    assert_eq!(app.post(DELETE, &[("id", &id)]).await.code(), "200");
    assert_eq!(listed(app, &app.client).await.0, 0);
    assert_eq!(status_of(app, &app.client, &image).await, StatusCode::OK, "a kept version shows it");
    assert_eq!(app.post(DELETE, &[("id", &id)]).await.code(), "1242");
});

both_backends!(a_picture_only_kept_versions_show_is_hidden_then_removed_with_them, Options::default(), |app| {
    app.login_demo().await;
    let uploaded = library_upload(app, "valve.png", PNG, None).await;
    let (id, image) = (uploaded.data()["id"].to_string(), uploaded.data()["image"].as_str().unwrap().to_owned());
    let (_, page) = new_page(app).await;
    let showing = json!({ "con": { "bgImage": image }, "widgets": [] }).to_string();
    let save = |document: String| {
        let page = page.clone();
        async move {
            let saved = app.post(SAVE, &[("id", &page), ("document", &document)]).await;
            assert_eq!(saved.code(), "200", "{:?}", saved.body);
        }
    };
    save(showing.clone()).await;
    save(r#"{"widgets":[]}"#.to_owned()).await;

    // Deleted while a kept version shows it: out of the library (not listed, not renamed, not deleted again), still
    // served, so restoring that version shows it.
    assert_eq!(app.post(DELETE, &[("id", &id)]).await.code(), "200");
    assert_eq!(listed(app, &app.client).await.0, 0);
    assert_eq!(app.post("/lfscada/configuration/image/rename", &[("id", &id), ("title", "x")]).await.code(), "1242");
    assert_eq!(app.post(DELETE, &[("id", &id)]).await.code(), "1242");
    assert_eq!(status_of(app, &app.client, &image).await, StatusCode::OK);

    // The restored version saved: a page shows it again, so it is back in the library.
    save(showing).await;
    let (total, list) = listed(app, &app.client).await;
    assert_eq!((total, list[0]["image"].as_str()), (1, Some(image.as_str())));

    // Hidden again, then the page saved until no kept version shows it (20 are kept): removed with its file.
    save(r#"{"widgets":[]}"#.to_owned()).await;
    assert_eq!(app.post(DELETE, &[("id", &id)]).await.code(), "200");
    assert_eq!(status_of(app, &app.client, &image).await, StatusCode::OK);
    for n in 0..20 {
        save(format!(r##"{{"widgets":[],"con":{{"bgColor":"#{n:06X}"}}}}"##)).await;
    }
    assert_eq!(status_of(app, &app.client, &image).await, StatusCode::NOT_FOUND, "no version shows it");
    assert!(stored_files(app).is_empty(), "{:?}", stored_files(app));
    assert_eq!(listed(app, &app.client).await.0, 0);
});

both_backends!(a_hidden_picture_goes_with_the_equipment_or_project_whose_pages_kept_it, Options::default(), |app| {
    app.login_demo().await;
    let showing = |image: &str| json!({ "con": { "bgImage": image }, "widgets": [] }).to_string();
    // A picture kept only by an equipment page's older version, hidden by its deletion from the library.
    let hidden_by = |page: String| async move {
        let uploaded = library_upload(app, "valve.png", PNG, None).await;
        let (id, image) = (uploaded.data()["id"].to_string(), uploaded.data()["image"].as_str().unwrap().to_owned());
        for document in [showing(&image), r#"{"widgets":[]}"#.to_owned()] {
            assert_eq!(app.post(SAVE, &[("id", &page), ("document", &document)]).await.code(), "200");
        }
        assert_eq!(app.post(DELETE, &[("id", &id)]).await.code(), "200");
        assert_eq!(status_of(app, &app.client, &image).await, StatusCode::OK, "kept for the version");
        image
    };
    let (equipment, page) = new_page(app).await;
    let image = hidden_by(page).await;
    assert_eq!(app.post("/lfscada/equipment/multi/delete", &[("id", &equipment)]).await.code(), "200");
    assert_eq!(status_of(app, &app.client, &image).await, StatusCode::NOT_FOUND, "gone with the equipment's pages");

    // The same for a project's page.
    let (equipment, _) = new_page(app).await;
    let project = app.post("/lfscada/project/add", &[("name", "Site"), ("equipmentIds", &equipment)]).await;
    let project = project.data()["id"].to_string();
    let added = app.post("/lfscada/project/page/add", &[("projectId", &project), ("title", "Overview")]).await;
    let image = hidden_by(added.data()["id"].to_string()).await;
    assert_eq!(app.post("/lfscada/project/delete", &[("id", &project)]).await.code(), "200");
    assert_eq!(status_of(app, &app.client, &image).await, StatusCode::NOT_FOUND, "gone with the project's pages");
    assert!(stored_files(app).is_empty(), "{:?}", stored_files(app));
});

both_backends!(
    a_library_picture_is_renamed_with_the_upload_rules_and_only_by_its_organisation,
    Options::default(),
    |app| {
        app.login_demo().await;
        let org = demo_org(app).await;
        let uploaded = library_upload(app, "valve.png", PNG, None).await;
        let id = uploaded.data()["id"].to_string();
        let image = uploaded.data()["image"].as_str().unwrap().to_owned();

        let renamed = app.post(RENAME, &[("id", &id), ("title", "  进水阀 Inlet valve ")]).await;
        assert_eq!(renamed.code(), "200", "{:?}", renamed.body);
        let (_, list) = listed(app, &app.client).await;
        assert_eq!(
            (list[0]["title"].as_str(), list[0]["image"].as_str()),
            (Some("进水阀 Inlet valve"), Some(image.as_str()))
        );

        // Bad titles are refused by field and change nothing.
        for bad in ["", "   ", "a\u{7}b", &"长".repeat(101)] {
            let refused = app.post(RENAME, &[("id", &id), ("title", bad)]).await;
            assert!(["1100", "1101"].contains(&refused.code()), "{bad:?}: {:?}", refused.body);
            assert_eq!(refused.data()["field"], "title", "{bad:?}: {:?}", refused.body);
        }
        let missing = app.post(RENAME, &[("id", &id)]).await;
        assert_eq!((missing.code(), missing.data()["field"].as_str()), ("1101", Some("title")));
        assert_eq!(app.post(RENAME, &[("id", "999999"), ("title", "x")]).await.code(), "1242");

        // A sub-account limited to some equipment but with the manage permission may rename it: the library is the
        // organisation's and reaches no equipment.
        let limited = account(app, "limited", org, "user", "authorised", &["manage"]).await;
        let renamed = post_as(app, &limited, RENAME, &[("id", &id), ("title", "进水阀 Inlet valve")]).await;
        assert_eq!(renamed.code(), "200", "{:?}", renamed.body);

        // Another organisation's manager and an account without the manage permission change nothing.
        let elsewhere = app.store.create_org("elsewhere", "Elsewhere", "").await.unwrap();
        let outsider = account(app, "outsider", elsewhere, "admin", "all", &["manage"]).await;
        assert_eq!(post_as(app, &outsider, RENAME, &[("id", &id), ("title", "theirs")]).await.code(), "1242");
        let viewer = account(app, "viewer", org, "user", "all", &[]).await;
        let refused = post_as(app, &viewer, RENAME, &[("id", &id), ("title", "mine")]).await;
        assert_ne!(refused.code(), "200", "{:?}", refused.body);
        let (_, list) = listed(app, &app.client).await;
        assert_eq!(list[0]["title"].as_str(), Some("进水阀 Inlet valve"));
    }
);
