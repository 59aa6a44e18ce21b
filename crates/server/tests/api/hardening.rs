//! Issue 12's promises that fit no feature's file: the clickjacking defence and the access rule as the OpenAPI
//! description shows it (docs/security.md).

use crate::both_backends;

both_backends!(no_other_site_may_frame_the_console_or_its_answers, Options::default(), |app| {
    for path in ["/", "/login", "/monitor/eg/list", "/lfscada/user/info", "/lfscada/no/such/call"] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        let header = |name: &str| response.headers().get(name).map(|v| v.to_str().unwrap().to_owned());
        assert_eq!(header("x-frame-options").as_deref(), Some("SAMEORIGIN"), "{path}");
        assert_eq!(header("content-security-policy").as_deref(), Some("frame-ancestors 'self'"), "{path}");
    }
});

both_backends!(openapi_shows_each_routes_access_rule, Options::default(), |app| {
    let doc: serde_json::Value =
        app.client.get(app.url("/lfscada/openapi.json")).send().await.unwrap().json().await.unwrap();
    let rotate = &doc["paths"]["/lfscada/gateway/rotateSecret"]["post"]["x-access"];
    assert_eq!(rotate["caller"], "session with the manage permission");
    assert_eq!(rotate["objects"][0], serde_json::json!({"param": "sn", "object": "Gateway", "refusal": "2001"}));
    assert_eq!(doc["paths"]["/lfscada/user/login"]["post"]["x-access"]["caller"], "public");
    assert_eq!(doc["paths"]["/lfscada/user/sub/add"]["post"]["x-access"]["caller"], "administrator");
});

/// A data directory that does not exist yet is made (it holds pictures and the demo agent's buffer whatever the
/// database); one that cannot be made stops the start-up before anything is stored, naming the path and the option.
#[tokio::test]
async fn the_data_directory_is_made_or_named_in_the_error() {
    let root = tempfile::tempdir().unwrap();
    let missing = root.path().join("not").join("yet");
    let cli = ironsight::config::Cli {
        listen: Some("127.0.0.1:0".parse().unwrap()),
        mqtt_listen: Some("127.0.0.1:0".parse().unwrap()),
        data_dir: Some(missing.clone()),
        demo: true,
        ..Default::default()
    };
    let running = ironsight::start(ironsight::Config::resolve(&cli).unwrap()).await.expect("starts");
    assert!(missing.is_dir(), "made {}", missing.display());
    running.shutdown().await;

    let file = root.path().join("a-file");
    std::fs::write(&file, "not a directory").unwrap();
    let under_file = file.join("data");
    let cli = ironsight::config::Cli { data_dir: Some(under_file.clone()), ..cli };
    let error = ironsight::start(ironsight::Config::resolve(&cli).unwrap()).await.err().expect("refuses to start");
    let text = format!("{error:#}");
    assert!(text.contains(&under_file.display().to_string()) && text.contains("--data-dir"), "{text}");
}
