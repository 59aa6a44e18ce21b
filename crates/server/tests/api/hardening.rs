//! Issue 12's promises that fit no feature's file: the clickjacking defence and the access rule as the OpenAPI
//! description shows it (docs/security.md).

use crate::both_backends;

both_backends!(no_other_site_may_frame_the_console_or_its_answers, Options::default(), |app| {
    // The console's page also says what it frames: itself only, without a session (docs/frame.md; the external
    // pages' origins are tested in external_pages.rs).
    let console = "frame-ancestors 'self'; frame-src 'self'";
    for (path, policy) in [
        ("/", console),
        ("/login", console),
        ("/monitor/eg/list", console),
        ("/lfscada/user/info", "frame-ancestors 'self'"),
        ("/lfscada/no/such/call", "frame-ancestors 'self'"),
    ] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        let header = |name: &str| response.headers().get(name).map(|v| v.to_str().unwrap().to_owned());
        assert_eq!(header("x-frame-options").as_deref(), Some("SAMEORIGIN"), "{path}");
        assert_eq!(header("content-security-policy").as_deref(), Some(policy), "{path}");
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

/// Reads until the server closes the connection; true when it did within `within`.
async fn closed_within(stream: &mut tokio::net::TcpStream, within: std::time::Duration) -> bool {
    use tokio::io::AsyncReadExt;
    let mut sink = Vec::new();
    matches!(tokio::time::timeout(within, stream.read_to_end(&mut sink)).await, Ok(Ok(_)) | Ok(Err(_)))
}

/// Every answer says how long an idle connection is kept, shorter than the server actually keeps it, so a client
/// that pools connections never sends a request on one the server is closing (docs: listen::KEEP_ALIVE_HINT).
#[tokio::test]
async fn answers_tell_how_long_an_idle_connection_is_kept() {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = crate::helpers::spawn_app(crate::helpers::Backend::Sqlite, crate::helpers::Options::default()).await;
    let address = app.base.trim_start_matches("http://").to_owned();
    for path in ["/lfscada/user/info", "/login", "/lfscada/no/such/path"] {
        let mut stream = tokio::net::TcpStream::connect(&address).await.unwrap();
        let request = format!("GET {path} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n");
        stream.write_all(request.as_bytes()).await.unwrap();
        let mut answer = Vec::new();
        stream.read_to_end(&mut answer).await.unwrap();
        let head = String::from_utf8_lossy(&answer).to_ascii_lowercase();
        let head = head.split("\r\n\r\n").next().unwrap().to_owned();
        let hint = head
            .lines()
            .find_map(|l| l.strip_prefix("keep-alive: timeout="))
            .unwrap_or_else(|| panic!("{path}: {head}"));
        let seconds: u64 = hint.trim().parse().unwrap();
        assert!(seconds > 0 && seconds < ironsight::listen::HEADER_READ_TIMEOUT.as_secs(), "{path}: {head}");
    }
    app.finish().await;
}

#[tokio::test]
async fn a_connection_that_sends_no_headers_is_closed() {
    use tokio::io::AsyncWriteExt;
    let app = crate::helpers::spawn_app(crate::helpers::Backend::Sqlite, crate::helpers::Options::default()).await;
    let address = app.base.trim_start_matches("http://").to_owned();
    let limit = ironsight::listen::HEADER_READ_TIMEOUT + std::time::Duration::from_secs(10);

    let mut silent = tokio::net::TcpStream::connect(&address).await.unwrap();
    let mut partial = tokio::net::TcpStream::connect(&address).await.unwrap();
    partial.write_all(b"GET /lfscada/user/info HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let mut idle = tokio::net::TcpStream::connect(&address).await.unwrap();
    idle.write_all(b"GET /404 HTTP/1.1\r\nHost: x\r\n\r\n").await.unwrap();

    let (a, b, c) = tokio::join!(closed_within(&mut silent, limit), closed_within(&mut partial, limit), async {
        // The answer comes at once; then the connection idles and is closed like the others.
        closed_within(&mut idle, limit).await
    });
    assert!(a, "a connection that sent nothing stayed open");
    assert!(b, "a connection that sent half its headers stayed open");
    assert!(c, "an idle keep-alive connection stayed open");
    // Meanwhile and after, others are served.
    assert_eq!(app.get("/lfscada/user/info?t=1").await.code(), "1010");
    app.finish().await;
}
