//! Equipment pictures: upload by multipart, accepted by the bytes' signature (png, jpg, gif, webp, or svg holding
//! only the drawing content of the allow-list), at most 2 MiB, stored under the data directory and served at
//! /userimg/<file> with a sandboxing policy; anything else, and any path that is not one of ours, is refused.

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer};
use reqwest::StatusCode;

const UPLOAD: &str = "/lfscada/equipment/multi/image/upload";
pub(crate) const BOUNDARY: &str = "ironsight-test-boundary-7MA4YWxk";

/// A 1×1 PNG.
pub(crate) const PNG: &[u8] = &[
    0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00, 0x00, 0x0D, 0x49, 0x48, 0x44, 0x52, 0x00, 0x00, 0x00,
    0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1F, 0x15, 0xC4, 0x89, 0x00, 0x00, 0x00, 0x0D, 0x49,
    0x44, 0x41, 0x54, 0x78, 0x9C, 0x63, 0xF8, 0xCF, 0xC0, 0xF0, 0x1F, 0x00, 0x05, 0x00, 0x01, 0xFF, 0x89, 0x99, 0x3D,
    0x1D, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4E, 0x44, 0xAE, 0x42, 0x60, 0x82,
];

/// A multipart body: text fields, then an optional file field `(field, file name, bytes)`.
pub(crate) fn multipart(fields: &[(&str, &str)], file: Option<(&str, &str, &[u8])>) -> Vec<u8> {
    let mut body = Vec::new();
    for (name, value) in fields {
        body.extend_from_slice(
            format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{name}\"\r\n\r\n{value}\r\n").as_bytes(),
        );
    }
    if let Some((field, file_name, bytes)) = file {
        body.extend_from_slice(
            format!(
                "--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"{field}\"; filename=\"{file_name}\"\r\n\
                 Content-Type: application/octet-stream\r\n\r\n"
            )
            .as_bytes(),
        );
        body.extend_from_slice(bytes);
        body.extend_from_slice(b"\r\n");
    }
    body.extend_from_slice(format!("--{BOUNDARY}--\r\n").as_bytes());
    body
}

pub(crate) async fn upload_as(
    app: &TestApp,
    client: &reqwest::Client,
    id: &str,
    file_name: &str,
    bytes: &[u8],
) -> Answer {
    let body = multipart(&[("id", id)], Some(("file", file_name, bytes)));
    let request = client
        .post(app.url(UPLOAD))
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(body);
    answer(request.send().await.unwrap()).await
}

async fn upload(app: &TestApp, id: &str, file_name: &str, bytes: &[u8]) -> Answer {
    upload_as(app, &app.client, id, file_name, bytes).await
}

/// An upload whose answer is in `lang`.
async fn upload_in(app: &TestApp, lang: &str, id: &str, file_name: &str, bytes: &[u8]) -> Answer {
    let body = multipart(&[("id", id)], Some(("file", file_name, bytes)));
    let request = app
        .client
        .post(app.url(UPLOAD))
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .header("accept-language", lang)
        .body(body);
    answer(request.send().await.unwrap()).await
}

/// A drawing saved by Inkscape (editor namespaces, RDF metadata, gradients, clones, an embedded PNG).
const INKSCAPE: &[u8] = include_bytes!("fixtures/inkscape.svg");
/// A drawing exported by Illustrator (generator comment, class stylesheet, `data-name`).
const ILLUSTRATOR: &[u8] = include_bytes!("fixtures/illustrator.svg");

/// `<svg xmlns… xmlns:xlink…>{inner}</svg>`.
fn svg(inner: &str) -> Vec<u8> {
    format!("<svg xmlns=\"http://www.w3.org/2000/svg\" xmlns:xlink=\"http://www.w3.org/1999/xlink\">{inner}</svg>")
        .into_bytes()
}

/// SVG uploads the allow-list refuses: what each is, its bytes, and the refusal's `data.reason` (kind and args).
fn bad_svgs() -> Vec<(&'static str, Vec<u8>, serde_json::Value)> {
    use serde_json::json;
    let script = json!({ "kind": "scriptInImage" });
    let not_allowed = |item: &str| json!({ "kind": "svgNotAllowed", "args": { "item": item } });
    vec![
        ("a script element", svg("<script>alert(1)</script>"), script.clone()),
        ("an event handler", svg("<rect onclick=\"alert(1)\" width=\"1\" height=\"1\"/>"), script.clone()),
        ("xlink:href javascript: in mixed case", svg("<use xlink:href=\"JaVaScRiPt:alert(1)\"/>"), script.clone()),
        (
            "javascript: spelled with a character reference",
            svg("<use xlink:href=\"jav&#x61;script:alert(1)\"/>"),
            script.clone(),
        ),
        ("javascript: with an encoded tab", svg("<use href=\"java&#x09;script:alert(1)\"/>"), script.clone()),
        ("an animation setting href", svg("<set attributeName=\"href\" to=\"javascript:alert(1)\"/>"), script.clone()),
        (
            "an external entity (XXE)",
            b"<?xml version=\"1.0\"?><!DOCTYPE svg [<!ENTITY xxe SYSTEM \"file:///etc/passwd\">]>\
              <svg xmlns=\"http://www.w3.org/2000/svg\"><text>&xxe;</text></svg>"
                .to_vec(),
            not_allowed("<!DOCTYPE>"),
        ),
        (
            "entity expansion (billion laughs)",
            b"<!DOCTYPE svg [<!ENTITY a \"lol\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;\">]>\
              <svg xmlns=\"http://www.w3.org/2000/svg\"><text>&b;</text></svg>"
                .to_vec(),
            not_allowed("<!DOCTYPE>"),
        ),
        (
            "HTML in foreignObject",
            svg("<foreignObject width=\"9\" height=\"9\"><body xmlns=\"http://www.w3.org/1999/xhtml\">\
                 <iframe src=\"https://evil.example/\"></iframe></body></foreignObject>"),
            not_allowed("<foreignObject>"),
        ),
        (
            "use of another file",
            svg("<use xlink:href=\"https://evil.example/sprites.svg#pump\"/>"),
            not_allowed("<use xlink:href>"),
        ),
        ("use of a relative file", svg("<use href=\"other.svg#pump\"/>"), not_allowed("<use href>")),
        ("an outside picture", svg("<image href=\"http://evil.example/track.png\"/>"), not_allowed("<image href>")),
        (
            "url(http…) in a style attribute",
            svg("<rect style=\"fill:url(http://evil.example/x)\" width=\"1\" height=\"1\"/>"),
            not_allowed("url(…) in <rect style>"),
        ),
        (
            "@import in a stylesheet",
            svg("<style>@import url(https://evil.example/a.css);</style>"),
            not_allowed("@ in <style>"),
        ),
        (
            "CDATA in a stylesheet",
            svg("<style><![CDATA[rect { fill: red }]]></style>"),
            not_allowed("<![CDATA[ in <style>"),
        ),
        (
            "a stylesheet processing instruction",
            b"<?xml-stylesheet href=\"https://evil.example/a.css\"?><svg xmlns=\"http://www.w3.org/2000/svg\"/>"
                .to_vec(),
            not_allowed("<?xml-stylesheet?>"),
        ),
        (
            "malformed XML",
            b"<svg xmlns=\"http://www.w3.org/2000/svg\">\n<rect width=1/>\n</svg>".to_vec(),
            json!({ "kind": "svgNotWellFormed", "args": { "line": 2, "column": 13 } }),
        ),
    ]
}

/// The files in the data directory's image folder.
pub(crate) fn stored_files(app: &TestApp) -> Vec<String> {
    let dir = app.state().config.data_dir.join("userimg");
    let mut names: Vec<String> = std::fs::read_dir(dir)
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

both_backends!(images_are_accepted_by_their_bytes_and_served_back, Options::default(), |app| {
    app.login_demo().await;
    let id = app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump")]).await.data()["id"].to_string();

    let uploaded = upload(app, &id, "pump.png", PNG).await;
    assert_eq!(uploaded.code(), "200", "{:?}", uploaded.body);
    let image = uploaded.data()["image"].as_str().unwrap().to_owned();
    assert!(image.starts_with("/userimg/") && image.ends_with(".png"), "{image}");
    assert_eq!(app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await.data()["image"], image.as_str());
    assert_eq!(app.post("/lfscada/monitor/equipment/query", &[]).await.data()["list"][0]["image"], image.as_str());
    let served = app.client.get(app.url(&image)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "image/png");
    assert_eq!(served.headers()["content-security-policy"], "sandbox");
    assert_eq!(served.headers()["x-content-type-options"], "nosniff");
    assert_eq!(served.bytes().await.unwrap().as_ref(), PNG);

    // Another type replaces the picture; the old file goes. The extension follows the bytes.
    let svg = b"<?xml version=\"1.0\"?><svg xmlns=\"http://www.w3.org/2000/svg\" width=\"4\" height=\"4\"><rect width=\"4\" height=\"4\"/></svg>";
    let replaced = upload(app, &id, "icon.svg", svg).await;
    assert_eq!(replaced.code(), "200", "{:?}", replaced.body);
    let svg_path = replaced.data()["image"].as_str().unwrap().to_owned();
    assert!(svg_path.ends_with(".svg"));
    let served = app.client.get(app.url(&svg_path)).send().await.unwrap();
    assert_eq!(served.headers()["content-type"], "image/svg+xml");
    assert_eq!(served.headers()["content-security-policy"], "sandbox");
    assert_eq!(
        app.client.get(app.url(&image)).send().await.unwrap().status(),
        StatusCode::NOT_FOUND,
        "old one removed"
    );
    for (name, bytes) in [
        ("a.jpg", &[0xFF, 0xD8, 0xFF, 0xE0, 0x00, 0x10][..]),
        ("a.jpeg", &[0xFF, 0xD8, 0xFF, 0xDB][..]),
        ("a.gif", b"GIF89a\x01\x00\x01\x00"),
        ("a.webp", b"RIFF\x1a\x00\x00\x00WEBPVP8L"),
    ] {
        let accepted = upload(app, &id, name, bytes).await;
        assert_eq!(accepted.code(), "200", "{name}: {:?}", accepted.body);
    }
    assert_eq!(stored_files(app).len(), 1, "only the current picture is kept: {:?}", stored_files(app));

    // Deleting the equipment removes its picture.
    assert_eq!(app.post("/lfscada/equipment/multi/delete", &[("id", &id)]).await.code(), "200");
    assert!(stored_files(app).is_empty(), "{:?}", stored_files(app));
});

both_backends!(bad_images_are_refused_and_change_nothing, Options::default(), |app| {
    app.login_demo().await;
    let id = app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump")]).await.data()["id"].to_string();
    let mut too_big = PNG.to_vec();
    too_big.resize(2 * 1024 * 1024 + 1, 0);
    let mut just_fits = PNG.to_vec();
    just_fits.resize(2 * 1024 * 1024, 0);
    for (name, bytes, what) in [
        ("fake.png", &b"this is text, not a picture"[..], "a name is not a signature"),
        ("pump.exe", b"MZ\x90\x00\x03\x00\x00\x00", "a program"),
        ("pump.txt", PNG, "bytes of a png under another type's name"),
        ("pump.jpg", PNG, "a png named jpg"),
        ("page.svg", b"<html><body>not svg</body></html>", "html"),
        ("evil.svg", b"<svg xmlns=\"http://www.w3.org/2000/svg\"><script>alert(1)</script></svg>", "svg with script"),
        ("evil.svg", b"<svg xmlns=\"http://www.w3.org/2000/svg\" onload=\"alert(1)\"/>", "svg with an event handler"),
        ("big.png", &too_big, "over 2 MiB"),
        ("empty.png", b"", "empty"),
    ] {
        let refused = upload(app, &id, name, bytes).await;
        assert!(refused.code() == "1100" || refused.code() == "1101", "{what}: {:?}", refused.body);
        assert!(refused.message().contains("file"), "{what}: {}", refused.message());
    }
    assert!(stored_files(app).is_empty(), "nothing stored: {:?}", stored_files(app));
    assert_eq!(app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await.data()["image"], "");
    assert_eq!(upload(app, &id, "edge.png", &just_fits).await.code(), "200", "exactly 2 MiB is allowed");

    // Missing or bad fields, not multipart, another organisation's equipment, no permission.
    let no_file = multipart(&[("id", &id)], None);
    let answer_of = |body: Vec<u8>| {
        let content_type = format!("multipart/form-data; boundary={BOUNDARY}");
        let request = app.client.post(app.url(UPLOAD)).header("content-type", content_type).body(body);
        async move { answer(request.send().await.unwrap()).await }
    };
    let refused = answer_of(no_file).await;
    assert!(refused.code() == "1101" && refused.message().contains("file"), "{:?}", refused.body);
    let no_id = multipart(&[], Some(("file", "a.png", PNG)));
    let refused = answer_of(no_id).await;
    assert!(refused.code() == "1101" && refused.message().contains("id"), "{:?}", refused.body);
    let bad_id = upload(app, "pump", "a.png", PNG).await;
    assert!(bad_id.code() == "1100" && bad_id.message().contains("id"), "{:?}", bad_id.body);
    assert_eq!(upload(app, "999999", "a.png", PNG).await.code(), "1214");
    let form = app.post(UPLOAD, &[("id", &id)]).await;
    assert_eq!((form.status, form.code()), (StatusCode::BAD_REQUEST, "1102"), "a form body is not an upload");
    let cut = format!("--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"file\"; filename=\"a.png\"\r\n\r\n");
    let truncated = answer_of([cut.as_bytes(), PNG].concat()).await;
    assert_eq!((truncated.status, truncated.code()), (StatusCode::BAD_REQUEST, "1102"), "a body cut short");

    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();
    let stranger = app.browser_as_new_user("stranger", admin.org_id, &["manage"]).await;
    assert_eq!(upload_as(app, &stranger, &id, "a.png", PNG).await.code(), "1214");
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(upload_as(app, &viewer, &id, "a.png", PNG).await.code(), "1011");
    assert_eq!(stored_files(app).len(), 1, "only the 2 MiB picture");
});

both_backends!(only_stored_images_are_served, Options::default(), |app| {
    app.login_demo().await;
    // Files in and next to the image folder that are not uploads must never be reachable.
    let data_dir = app.state().config.data_dir.clone();
    std::fs::create_dir_all(data_dir.join("userimg")).unwrap();
    std::fs::write(data_dir.join("userimg").join("notes.png"), PNG).unwrap();
    std::fs::write(data_dir.join("secret.png"), PNG).unwrap();
    for path in [
        "/userimg/notes.png",
        "/userimg/..%2fsecret.png",
        "/userimg/%2e%2e%2fsecret.png",
        "/userimg/..%5csecret.png",
        "/userimg/%2e%2e%2fironsight.db",
        "/userimg/0123456789abcdef0123456789abcdef.png",
        "/userimg/a/b.png",
    ] {
        let response = app.client.get(app.url(path)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{path}");
        let body = response.text().await.unwrap();
        assert!(body.contains("\"code\""), "{path}: an API answer, not the web app or a file: {body}");
    }
    // Serving needs a session.
    let id = app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump")]).await.data()["id"].to_string();
    let image = upload(app, &id, "a.png", PNG).await.data()["image"].as_str().unwrap().to_owned();
    let (anonymous, _jar) = crate::helpers::browser(&app.base);
    let refused = answer(anonymous.get(app.url(&image)).send().await.unwrap()).await;
    assert_eq!(refused.code(), "1010");
});

both_backends!(svg_uploads_hold_only_drawing_content, Options::default(), |app| {
    app.login_demo().await;
    let id = app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump")]).await.data()["id"].to_string();
    // A picture to keep: no refused upload may touch it.
    let kept = upload(app, &id, "pump.png", PNG).await.data()["image"].as_str().unwrap().to_owned();
    let files = stored_files(app);

    for (what, bytes, reason) in bad_svgs() {
        let refused = upload_in(app, "en", &id, "drawing.svg", &bytes).await;
        assert_eq!(refused.code(), "1100", "{what}: {:?}", refused.body);
        assert_eq!(refused.data()["field"], "file", "{what}");
        assert_eq!(refused.data()["reason"], reason, "{what}");
    }
    assert_eq!(stored_files(app), files, "nothing stored");
    assert_eq!(app.post("/lfscada/equipment/multi/info", &[("id", &id)]).await.data()["image"], kept.as_str());
    assert_eq!(app.client.get(app.url(&kept)).send().await.unwrap().status(), StatusCode::OK, "still served");

    // The refusal says what is not allowed, in both languages.
    let foreign = svg("<foreignObject><p xmlns=\"http://www.w3.org/1999/xhtml\">hi</p></foreignObject>");
    assert_eq!(
        upload_in(app, "en", &id, "a.svg", &foreign).await.message(),
        "Invalid parameter file: an SVG image may contain only drawing content; <foreignObject> is not allowed"
    );
    assert_eq!(
        upload_in(app, "zh-CN", &id, "a.svg", &foreign).await.message(),
        "参数 file 无效：SVG 图片只能包含绘图内容，不允许 <foreignObject>"
    );
    let broken = b"<svg>\n  <g>\n</svg>";
    assert_eq!(
        upload_in(app, "en", &id, "a.svg", broken).await.message(),
        "Invalid parameter file: is not a well-formed SVG (XML) file: error at line 3, column 1"
    );
    assert_eq!(
        upload_in(app, "zh-CN", &id, "a.svg", broken).await.message(),
        "参数 file 无效：不是格式正确的 SVG（XML）文件：第 3 行第 1 列有错误"
    );

    // Drawings from the usual editors are accepted and served back byte for byte, sandboxed.
    for (name, drawing) in [("pump.svg", INKSCAPE), ("tank.svg", ILLUSTRATOR)] {
        let accepted = upload(app, &id, name, drawing).await;
        assert_eq!(accepted.code(), "200", "{name}: {:?}", accepted.body);
        let image = accepted.data()["image"].as_str().unwrap().to_owned();
        assert!(image.ends_with(".svg"), "{image}");
        let served = app.client.get(app.url(&image)).send().await.unwrap();
        assert_eq!(served.status(), StatusCode::OK);
        assert_eq!(served.headers()["content-type"], "image/svg+xml");
        assert_eq!(served.headers()["content-security-policy"], "sandbox");
        assert_eq!(served.headers()["x-content-type-options"], "nosniff");
        assert_eq!(served.bytes().await.unwrap().as_ref(), drawing, "{name}: stored as uploaded");
    }
    assert_eq!(stored_files(app).len(), 1, "each accepted drawing replaced the previous picture");
});
