//! Paths: unknown API paths answer JSON, everything else is the web app (its files precompressed, by the request's
//! Accept-Encoding); the OpenAPI description.

use crate::both_backends;
use crate::helpers::{Backend, Options, TestApp, spawn_app};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::process::{Command, Stdio};

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

/// The folder the server serves the web app from: build.rs gives the server and its tests the same path, and a
/// debug build (the tests') reads the files from there on each request.
fn web_dist() -> PathBuf {
    PathBuf::from(env!("IRONSIGHT_WEB_DIST"))
}

/// The largest script of the built app with both precompressed copies next to it, as `assets/<name>`.
fn precompressed_script(dist: &Path) -> Option<String> {
    let entries = std::fs::read_dir(dist.join("assets")).ok()?;
    entries
        .filter_map(Result::ok)
        .map(|entry| entry.path())
        .filter(|path| {
            path.extension().is_some_and(|ext| ext == "js")
                && path.with_extension("js.br").is_file()
                && path.with_extension("js.gz").is_file()
        })
        .max_by_key(|path| path.metadata().map(|m| m.len()).unwrap_or(0))
        .and_then(|path| path.file_name().map(|name| format!("assets/{}", name.to_string_lossy())))
}

struct Sent {
    encoding: Option<String>,
    header: reqwest::header::HeaderMap,
    body: Vec<u8>,
}

/// GET with this Accept-Encoding (none: the header left out). The tests' reqwest has no decompression, so it
/// neither asks for a coding by itself nor decodes one: the body is the bytes as the server sent them.
async fn fetch(app: &TestApp, path: &str, accept: Option<&str>) -> Sent {
    let mut request = app.client.get(app.url(path));
    if let Some(accept) = accept {
        request = request.header("accept-encoding", accept);
    }
    let response = request.send().await.unwrap();
    assert_eq!(response.status(), 200, "{path} with {accept:?}");
    let header = response.headers().clone();
    let length = response.content_length();
    let body = response.bytes().await.unwrap().to_vec();
    // A fixed length, known before the body: a file sent as it is, not a stream compressed on the way.
    assert_eq!(length, Some(body.len() as u64), "{path} with {accept:?}: Content-Length");
    let encoding = header.get("content-encoding").map(|v| v.to_str().unwrap().to_owned());
    Sent { encoding, header, body }
}

/// Decodes a body with Node's zlib (Node built web/dist, so it is there whenever these files are).
fn decode(coding: &str, bytes: &[u8]) -> Vec<u8> {
    let function = match coding {
        "br" => "brotliDecompressSync",
        "gzip" => "gunzipSync",
        other => panic!("no decoder for {other}"),
    };
    let script = format!("process.stdout.write(require('zlib').{function}(require('fs').readFileSync(0)))");
    let mut child = Command::new("node")
        .args(["-e", &script])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .expect("node runs (it built web/dist)");
    // Node reads all of its input before it writes: no pipe can fill up both ways.
    child.stdin.take().unwrap().write_all(bytes).unwrap();
    let output = child.wait_with_output().unwrap();
    assert!(output.status.success(), "node could not decode the {coding} body");
    output.stdout
}

// Issue 12: the console's files are compressed once, when they are built (brotli 11, gzip 9), and sent as they
// are by the request's Accept-Encoding. On SQLite only: serving files never touches the database.
#[tokio::test]
async fn web_files_go_out_precompressed_by_accept_encoding() {
    let app = spawn_app(Backend::Sqlite, Options::default()).await;
    let dist = web_dist();
    if !dist.join("index.html").is_file() {
        // `make test` runs the Rust tests before it builds the web app: on a fresh checkout there is nothing to
        // serve yet, and the console says so.
        eprintln!("{} holds no built web app: checking the not-built answer only", dist.display());
        let response = app.client.get(app.url("/login")).send().await.unwrap();
        assert_eq!(response.status(), 503);
        app.finish().await;
        return;
    }
    let script = precompressed_script(&dist).expect("the built scripts have .br and .gz copies (rebuild: make web)");
    let raw = std::fs::read(dist.join(&script)).unwrap();
    let brotli = std::fs::read(dist.join(format!("{script}.br"))).unwrap();
    let gzip = std::fs::read(dist.join(format!("{script}.gz"))).unwrap();
    let path = format!("/{script}");

    // Chromium's Accept-Encoding: brotli, the build's own copy byte for byte, which decodes to the script.
    let sent = fetch(&app, &path, Some("gzip, deflate, br, zstd")).await;
    assert_eq!(sent.encoding.as_deref(), Some("br"));
    assert_eq!(sent.body, brotli);
    assert!(brotli.len() < raw.len());
    assert_eq!(decode("br", &sent.body), raw);
    assert_eq!(sent.header["content-type"], "text/javascript");
    assert_eq!(sent.header["cache-control"], "public, max-age=31536000, immutable");
    assert_eq!(sent.header["vary"], "accept-encoding");
    assert_eq!(sent.header["x-content-type-options"], "nosniff");

    // Only gzip accepted (or brotli refused with q=0): the gzip copy.
    for accept in ["gzip", "br;q=0, gzip;q=0.8"] {
        let sent = fetch(&app, &path, Some(accept)).await;
        assert_eq!(sent.encoding.as_deref(), Some("gzip"), "{accept}");
        assert_eq!(sent.body, gzip, "{accept}");
        assert_eq!(decode("gzip", &sent.body), raw, "{accept}");
        assert_eq!(sent.header["content-type"], "text/javascript");
        assert_eq!(sent.header["vary"], "accept-encoding");
    }

    // Neither (no header, identity only, a coding the build does not write): the file itself, still varying.
    for accept in [None, Some("identity"), Some("deflate"), Some("br;q=0, gzip;q=0")] {
        let sent = fetch(&app, &path, accept).await;
        assert_eq!(sent.encoding, None, "{accept:?}");
        assert_eq!(sent.body, raw, "{accept:?}");
        assert_eq!(sent.header["content-type"], "text/javascript");
        assert_eq!(sent.header["cache-control"], "public, max-age=31536000, immutable");
        assert_eq!(sent.header["vary"], "accept-encoding", "{accept:?}");
    }

    // A console route answers index.html the same way, never cached.
    let index = std::fs::read(dist.join("index.html")).unwrap();
    let sent = fetch(&app, "/login", Some("gzip, deflate, br, zstd")).await;
    assert_eq!(sent.encoding.as_deref(), Some("br"));
    assert_eq!(sent.body, std::fs::read(dist.join("index.html.br")).unwrap());
    assert_eq!(decode("br", &sent.body), index);
    assert_eq!(sent.header["content-type"], "text/html; charset=utf-8");
    assert_eq!(sent.header["cache-control"], "no-cache");
    assert_eq!(sent.header["vary"], "accept-encoding");
    let sent = fetch(&app, "/monitor/eg/list", None).await;
    assert_eq!((sent.encoding, sent.body), (None, index));

    app.finish().await;
}
