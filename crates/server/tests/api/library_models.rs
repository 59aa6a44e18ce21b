//! 3D models in the image library: a glTF 2.0 binary (`.glb`, told by its header: the `glTF` magic, version 2, the
//! file's own length, a JSON chunk first) of at most 20 MiB is taken, listed as `glb` and served as
//! `model/gltf-binary`, sandboxed like every library file; a file named `.glb` or starting with the magic that is
//! not a whole glTF 2.0 binary, or is too large, is refused and nothing is stored. An equipment picture never is a
//! model. The fixture is the cube the browser test loads (e2e/fixtures/cube.glb, written by make-cube-glb.py).

use crate::both_backends;
use crate::helpers::{TestApp, answer};
use crate::image_library::library_upload_as;
use crate::images::{BOUNDARY, PNG, multipart, stored_files};
use reqwest::StatusCode;

const CUBE: &[u8] = include_bytes!("../../../../e2e/fixtures/cube.glb");
const QUERY: &str = "/lfscada/configuration/image/query";

async fn upload(app: &TestApp, file_name: &str, bytes: &[u8]) -> crate::helpers::Answer {
    library_upload_as(app, &app.client, file_name, bytes, None).await
}

/// A copy of the cube with its header's word at `at` (bytes 4..8 the version, 8..12 the length) set to `value`.
fn with_word(at: usize, value: u32) -> Vec<u8> {
    let mut bytes = CUBE.to_vec();
    bytes[at..at + 4].copy_from_slice(&value.to_le_bytes());
    bytes
}

both_backends!(a_glb_model_is_taken_listed_and_served, Options::default(), |app| {
    app.login_demo().await;
    let taken = upload(app, "pump model.glb", CUBE).await;
    assert_eq!(taken.code(), "200", "{:?}", taken.body);
    let image = taken.data()["image"].as_str().unwrap().to_owned();
    assert!(image.starts_with("/userimg/") && image.ends_with(".glb"), "{image}");
    assert_eq!(taken.data()["title"], "pump model");

    let listed = app.post(QUERY, &[("page", "1"), ("pageSize", "10")]).await;
    let first = &listed.data()["list"][0];
    assert_eq!((first["kind"].as_str(), first["bytes"].as_i64()), (Some("glb"), Some(CUBE.len() as i64)));

    let served = app.client.get(app.url(&image)).send().await.unwrap();
    assert_eq!(served.status(), StatusCode::OK);
    assert_eq!(served.headers()["content-type"], "model/gltf-binary");
    assert_eq!(served.headers()["content-security-policy"], "sandbox");
    assert_eq!(served.bytes().await.unwrap().as_ref(), CUBE);

    // Told by the bytes: the magic without the name is a model too.
    let unnamed = upload(app, "blob", CUBE).await;
    assert_eq!(unnamed.code(), "200", "{:?}", unnamed.body);
    assert!(unnamed.data()["image"].as_str().unwrap().ends_with(".glb"));
});

both_backends!(bad_models_are_refused_and_store_nothing, Options::default(), |app| {
    app.login_demo().await;
    let mut too_big = CUBE.to_vec();
    too_big.resize(20 * 1024 * 1024 + 1, 0);
    let truncated = &CUBE[..CUBE.len() - 4];
    for (name, bytes, kind) in [
        ("fake.glb", PNG.to_vec(), "notModel"),
        ("text.glb", b"glTF is a format".to_vec(), "notModel"),
        ("version1.glb", with_word(4, 1), "notModel"),
        ("cut.glb", truncated.to_vec(), "notModel"),
        ("padded.glb", with_word(8, CUBE.len() as u32 + 8), "notModel"),
        ("magic-only.png", CUBE[..12].to_vec(), "notModel"),
        ("big.glb", too_big, "fileTooLarge"),
    ] {
        let refused = upload(app, name, &bytes).await;
        assert_eq!(refused.code(), "1100", "{name}: {:?}", refused.body);
        assert_eq!(refused.data()["field"], "file", "{name}");
        assert_eq!(refused.data()["reason"]["kind"], kind, "{name}: {:?}", refused.body);
    }
    // A model is no equipment picture.
    let id = app.post("/lfscada/equipment/multi/add", &[("equipName", "Pump")]).await.data()["id"].to_string();
    let request = app
        .client
        .post(app.url("/lfscada/equipment/multi/image/upload"))
        .header("content-type", format!("multipart/form-data; boundary={BOUNDARY}"))
        .body(multipart(&[("id", &id)], Some(("file", "pump.glb", CUBE))));
    let picture = answer(request.send().await.unwrap()).await;
    assert_eq!(picture.code(), "1100", "{:?}", picture.body);
    assert_eq!(picture.data()["reason"]["kind"], "notImage");
    assert!(stored_files(app).is_empty(), "nothing stored: {:?}", stored_files(app));
});
