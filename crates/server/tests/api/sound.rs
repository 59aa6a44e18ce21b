//! Alarm speech (spec section 7, "/lfscada/msg/createSound {text} (returns an audio path)"): the text spoken in
//! the caller's language by espeak-ng, the same text answering the same file; the alert tone when the engine is
//! missing; refused texts writing nothing; the files served only to a session and only by their own names.
//!
//! The spoken cases need the `espeak-ng` program on PATH (Debian package `espeak-ng`; `.ci/run` and `make run`
//! install it).

use crate::both_backends;
use crate::helpers::{Answer, TestApp, answer, browser};
use reqwest::StatusCode;

const CREATE: &str = "/lfscada/msg/createSound";
const TONE: &str = "/lfscada/msg/sound/alert-tone.wav";

/// `createSound` as the console calls it in `lang` (its `Accept-Language`).
async fn create_in(app: &TestApp, lang: &str, form: &[(&str, &str)]) -> Answer {
    let request = app.client.post(app.url(CREATE)).header("accept-language", lang).form(form);
    answer(request.send().await.unwrap()).await
}

/// The path `createSound` answers for `text` in `lang`.
async fn spoken(app: &TestApp, lang: &str, text: &str) -> String {
    let created = create_in(app, lang, &[("text", text)]).await;
    assert_eq!(created.code(), "200", "{:?}", created.body);
    let path = created.data().as_str().unwrap_or_else(|| panic!("a path: {:?}", created.body)).to_owned();
    assert!(path.starts_with("/lfscada/msg/sound/") && path.ends_with(".wav"), "{path}");
    path
}

/// GETs a sound path and checks it is a WAV file served as one; answers its bytes.
async fn fetch_wav(app: &TestApp, path: &str) -> Vec<u8> {
    let response = app.client.get(app.url(path)).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::OK, "{path}");
    assert_eq!(response.headers()["content-type"], "audio/wav", "{path}");
    assert_eq!(response.headers()["cache-control"], "private, max-age=86400", "{path}");
    assert_eq!(response.headers()["x-content-type-options"], "nosniff", "{path}");
    let bytes = response.bytes().await.unwrap().to_vec();
    assert!(bytes.len() > 44, "{path}: more than a header ({} bytes)", bytes.len());
    assert_eq!((&bytes[0..4], &bytes[8..12]), (&b"RIFF"[..], &b"WAVE"[..]), "{path}: a RIFF WAVE file");
    bytes
}

/// The files in the data directory's sound folder (none when it was never made).
fn sound_files(app: &TestApp) -> Vec<String> {
    let mut names: Vec<String> = std::fs::read_dir(app.state().sound.dir())
        .map(|d| d.filter_map(|e| e.ok()).map(|e| e.file_name().to_string_lossy().into_owned()).collect())
        .unwrap_or_default();
    names.sort();
    names
}

both_backends!(an_alarm_text_is_spoken_in_the_callers_language_once, Options::default(), |app| {
    app.login_demo().await;

    // Chinese, as a zh-CN console asks: spoken, not the tone.
    let chinese = spoken(app, "zh-CN", "1#取水泵站 出口压力过高").await;
    assert_ne!(chinese, TONE, "espeak-ng speaks Chinese (is the Debian package espeak-ng installed?)");
    let bytes = fetch_wav(app, &chinese).await;
    // The same text (spaces around it are not part of it) answers the same file, which is not made again.
    assert_eq!(spoken(app, "zh-CN", "  1#取水泵站 出口压力过高 ").await, chinese);
    assert_eq!(fetch_wav(app, &chinese).await, bytes);
    assert_eq!(sound_files(app).len(), 1, "one file: {:?}", sound_files(app));

    // English: one text in the two languages is two voices, two files.
    let in_english = spoken(app, "en", "Pump 1 outlet pressure high").await;
    let in_chinese = spoken(app, "zh-CN", "Pump 1 outlet pressure high").await;
    assert_ne!(in_english, TONE, "espeak-ng speaks English");
    assert_ne!(in_english, in_chinese, "the voice is part of the file");
    assert_ne!(fetch_wav(app, &in_english).await, fetch_wav(app, &in_chinese).await);
    assert_eq!(spoken(app, "en-US,en;q=0.9", "Pump 1 outlet pressure high").await, in_english);
    assert_eq!(sound_files(app).len(), 3, "{:?}", sound_files(app));
});

both_backends!(
    without_the_engine_the_alert_tone_is_answered,
    Options { espeak: Some("/nonexistent/espeak-ng"), ..Options::default() },
    |app| {
        app.login_demo().await;
        assert_eq!(spoken(app, "zh-CN", "1#取水泵站 故障").await, TONE, "never an error for a missing engine");
        assert_eq!(spoken(app, "en", "Pump station fault").await, TONE);
        let tone = fetch_wav(app, TONE).await;
        // 16-bit PCM mono: format 1, one channel, 16 bits, and the data chunk holds the rest.
        assert_eq!((&tone[20..22], &tone[22..24], &tone[34..36]), (&[1, 0][..], &[1, 0][..], &[16, 0][..]));
        assert_eq!(&tone[36..40], b"data");
        assert_eq!(u32::from_le_bytes(tone[40..44].try_into().unwrap()) as usize, tone.len() - 44);
        assert_eq!(sound_files(app), ["alert-tone.wav"], "the tone only, no spoken file");
    }
);

both_backends!(refused_texts_name_the_field_and_write_nothing, Options::default(), |app| {
    app.login_demo().await;
    let too_long = "警".repeat(201);
    for (form, code, reason, what) in [
        (vec![], "1101", "required", "no text"),
        (vec![("text", "")], "1101", "required", "empty"),
        (vec![("text", "  \t ")], "1101", "required", "blank"),
        (vec![("text", too_long.as_str())], "1100", "tooLong", "201 characters"),
        (vec![("text", "pump\u{7} fault")], "1100", "controlCharacters", "a bell"),
        (vec![("text", "pump\nfault")], "1100", "controlCharacters", "two lines"),
        (vec![("text", "pump\u{1b}[2J")], "1100", "controlCharacters", "a terminal escape"),
    ] {
        let refused = create_in(app, "en", &form).await;
        assert_eq!(refused.code(), code, "{what}: {:?}", refused.body);
        assert_eq!(refused.data()["field"], "text", "{what}");
        assert_eq!(refused.data()["reason"]["kind"], reason, "{what}: {:?}", refused.body);
        assert!(refused.message().contains("text"), "{what}: {}", refused.message());
    }
    let object = app.client.post(app.url(CREATE)).json(&serde_json::json!({ "text": { "a": 1 } }));
    let refused = answer(object.send().await.unwrap()).await;
    assert_eq!((refused.code(), &refused.data()["field"]), ("1100", &serde_json::json!("text")), "{:?}", refused.body);
    assert_eq!(sound_files(app), Vec::<String>::new(), "nothing written for a refused call");
    // 200 characters is the limit, not beyond it.
    assert_eq!(create_in(app, "zh-CN", &[("text", &"警".repeat(200))]).await.code(), "200");
});

both_backends!(sound_files_need_a_session_and_one_of_our_names, Options::default(), |app| {
    app.login_demo().await;
    let path = spoken(app, "zh-CN", "清水池 液位过低").await;
    let (anonymous, _jar) = browser(&app.base);
    let refused = answer(anonymous.get(app.url(&path)).send().await.unwrap()).await;
    assert_eq!(refused.code(), "1010", "serving needs a session: {:?}", refused.body);
    let refused = answer(anonymous.post(app.url(CREATE)).form(&[("text", "泵故障")]).send().await.unwrap()).await;
    assert_eq!(refused.code(), "1010", "speaking needs a session: {:?}", refused.body);

    // Files in and next to the sound folder that are not ours must never be reachable.
    let dir = app.state().sound.dir().to_path_buf();
    std::fs::write(dir.join("notes.wav"), b"RIFF....WAVE").unwrap();
    std::fs::write(dir.parent().unwrap().join("x"), b"secret").unwrap();
    let hash = path.trim_start_matches("/lfscada/msg/sound/").trim_end_matches(".wav");
    for bad in [
        "/lfscada/msg/sound/..%2fx".to_owned(),
        "/lfscada/msg/sound/%2e%2e%2fx".to_owned(),
        "/lfscada/msg/sound/..%2fironsight.db".to_owned(),
        "/lfscada/msg/sound/abc.wav".to_owned(),
        "/lfscada/msg/sound/notes.wav".to_owned(),
        format!("/lfscada/msg/sound/{}.wav", hash.to_uppercase()),
        format!("/lfscada/msg/sound/{hash}.WAV"),
        format!("/lfscada/msg/sound/{}.wav", "0".repeat(64)),
    ] {
        let response = app.client.get(app.url(&bad)).send().await.unwrap();
        assert_eq!(response.status(), StatusCode::NOT_FOUND, "{bad}");
        let refused = answer(response).await;
        assert_eq!(refused.code(), "1216", "{bad}: {:?}", refused.body);
    }
    // Unescaped, `..` is resolved before the request is sent: no sound route at all, still an API answer.
    let response = app.client.get(app.url("/lfscada/msg/sound/../x")).send().await.unwrap();
    assert_eq!(response.status(), StatusCode::NOT_FOUND);
    assert_eq!(answer(response).await.code(), "1104");
    let nested = app.client.get(app.url(&format!("/lfscada/msg/sound/a/{hash}.wav"))).send().await.unwrap();
    assert_eq!(nested.status(), StatusCode::NOT_FOUND, "one path segment only");
});
