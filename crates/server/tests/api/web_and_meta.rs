//! Paths: unknown API paths answer JSON, everything else is the web app; the OpenAPI description.

use crate::both_backends;

both_backends!(unknown_api_paths_answer_json_not_the_web_app, Options::default(), |app| {
    for path in ["/lfscada/no/such/call", "/org/Nothing.action", "/usual/x"] {
        let reply = app.get(path).await;
        assert_eq!((reply.status.as_u16(), reply.code()), (404, "1104"), "{path}");
        let posted = app.post(path, &[]).await;
        assert_eq!(posted.code(), "1104", "{path}");
    }
    let wrong_method = app.get("/lfscada/user/logout").await;
    assert_eq!((wrong_method.status.as_u16(), wrong_method.code()), (405, "1105"));
});

both_backends!(console_paths_serve_the_web_app, Options::default(), |app| {
    for path in ["/", "/login", "/monitor/eg/list", "/manage/eg/equipment/edit/7", "/no/such/page"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        let content_type = response.headers().get("content-type").unwrap().to_str().unwrap().to_owned();
        assert!(content_type.starts_with("text/html"), "{path}: {content_type}");
        assert_eq!(
            response.headers().get("cache-control").map(|v| v.to_str().unwrap()),
            if response.status() == 200 { Some("no-cache") } else { None }
        );
    }
    let missing_asset = app.client.get(app.url("/assets/missing-0000.js")).send().await.unwrap();
    assert_eq!(missing_asset.status(), 404, "a missing script is not answered with HTML");
});

both_backends!(openapi_describes_the_api, Options::default(), |app| {
    let doc: serde_json::Value =
        app.client.get(app.url("/lfscada/openapi.json")).send().await.unwrap().json().await.unwrap();
    assert_eq!(doc["openapi"], "3.1.0");
    assert!(doc["paths"]["/lfscada/user/login"]["post"].is_object());
    assert_eq!(doc["paths"]["/lfscada/user/info"]["get"]["security"][0]["session"], serde_json::json!([]));
});
