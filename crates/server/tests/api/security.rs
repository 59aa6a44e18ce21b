//! Account security (`/lfscada/user/security/*`): the state, proving the identity (password, code, answer), the
//! changes it unlocks, verification codes by SMS to a local HTTP receiver (6 digits, single use, 5 tries, expiry,
//! resend and hourly limits, purpose-bound), a deployment without SMS, and an administrator's "change at next
//! login". Password recovery is in `security_recovery.rs`.

use crate::both_backends;
use crate::helpers::{Answer, Backend, Options, TestApp, answer, browser, spawn_app};
use crate::notify_receivers::Receiver;
use serde_json::Value;

pub const STATE: &str = "/lfscada/user/security/state";
pub const SEND: &str = "/lfscada/user/security/sendCode";
pub const VERIFY: &str = "/lfscada/user/security/verify";
pub const PASSWORD: &str = "/lfscada/user/security/password";
pub const TEL: &str = "/lfscada/user/security/tel";
pub const EMAIL: &str = "/lfscada/user/security/email";
pub const QUESTION: &str = "/lfscada/user/security/question";

pub async fn post_as(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).form(form).send().await.unwrap()).await
}

/// A second browser logged in as `name`.
pub async fn second_browser(app: &TestApp, name: &str, password: &str) -> reqwest::Client {
    let (client, _) = browser(&app.base);
    let url = reqwest::Url::parse_with_params(
        &app.url("/lfscada/user/login"),
        &[("loginname", name), ("password", password), ("vcode", "")],
    )
    .unwrap();
    let logged = answer(client.post(url).send().await.unwrap()).await;
    assert_eq!(logged.code(), "200", "{:?}", logged.body);
    client
}

/// Proves the identity of the app's session by the demo password.
pub async fn prove(app: &TestApp) {
    let proven = app.post(VERIFY, &[("method", "password"), ("password", "Demo@12345")]).await;
    assert_eq!(proven.code(), "200", "{:?}", proven.body);
}

/// The code of the `n`th SMS (from 1) the receiver got, after checking it went to `phone`.
pub async fn sms_code(receiver: &Receiver, n: usize, phone: &str) -> String {
    let hit = receiver.wait_hits("/sms", n).await[n - 1].clone();
    assert_eq!(hit.query["to"], phone);
    assert_eq!(hit.body["phone"], phone);
    assert_eq!(hit.headers.get("x-token").map(String::as_str), Some("test-secret"), "the credentials header");
    let code = hit.query["code"].clone();
    assert_eq!(hit.body["code"], Value::String(code.clone()));
    assert!(code.len() == 6 && code.chars().all(|c| c.is_ascii_digit()), "{code}");
    code
}

/// A code that is not `code`.
pub fn other_than(code: &str) -> String {
    if code == "000000" { "000001".into() } else { "000000".into() }
}

/// Lets the next code to `address` be sent at once (the 60 s wait, moved back in the store).
pub async fn after_resend_wait(app: &TestApp, key: &str) {
    app.store.age_code_sends(key, 61_000).await.unwrap();
}

/// A test with a local SMS receiver as the deployment's provider, on both backends.
macro_rules! with_sms {
    ($name:ident, |$app:ident, $sms:ident| $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;

            async fn run($app: &TestApp, $sms: &Receiver) $body

            async fn on(backend: Backend) {
                let receiver = Receiver::start().await;
                let url: &'static str =
                    Box::leak(format!("{}/sms?to={{phone}}&code={{code}}", receiver.base).into_boxed_str());
                let app = spawn_app(backend, Options { sms_url: Some(url), ..Options::default() }).await;
                run(&app, &receiver).await;
                app.finish().await;
            }

            #[tokio::test]
            async fn sqlite() {
                on(Backend::Sqlite).await
            }

            #[tokio::test]
            async fn postgres() {
                on(Backend::Postgres).await
            }
        }
    };
}
pub(crate) use with_sms;

both_backends!(the_password_changes_after_the_identity_is_proven, Options::default(), |app| {
    assert_eq!(app.post(STATE, &[]).await.code(), "1010", "no session");
    app.login_demo().await;
    let other = second_browser(app, "demo", "Demo@12345").await;
    let state = app.post(STATE, &[]).await;
    assert_eq!(state.code(), "200");
    let data = state.data();
    assert_eq!((data["passwordSet"].as_bool(), data["smsAvailable"].as_bool()), (Some(true), Some(false)));
    assert_eq!((data["questionSet"].as_bool(), data["proofExpiresIn"].as_i64()), (Some(false), Some(0)));

    assert_eq!(app.post(PASSWORD, &[("password", "New@pass123")]).await.code(), "1325", "identity not proven");
    let wrong = app.post(VERIFY, &[("method", "password"), ("password", "Wrong@123")]).await;
    assert_eq!(wrong.code(), "1203", "the spec's 'original password wrong'");
    assert_eq!(app.post(VERIFY, &[("method", "magic")]).await.code(), "1100");
    assert_eq!(app.post(VERIFY, &[("method", "question"), ("answer", "x")]).await.code(), "1328");
    assert_eq!(app.post(VERIFY, &[("method", "tel"), ("code", "123456")]).await.code(), "1326");
    prove(app).await;
    assert_eq!(app.post(STATE, &[]).await.data()["proofExpiresIn"], 600);
    // The proof is the session's, not the account's.
    assert_eq!(post_as(app, &other, PASSWORD, &[("password", "New@pass123")]).await.code(), "1325");

    for weak in ["short1!", "nodigits!!", "NoSymbol123", "far@too@long@password1"] {
        assert_eq!(app.post(PASSWORD, &[("password", weak)]).await.code(), "1100", "{weak}");
    }
    assert_eq!(app.post(PASSWORD, &[("password", "Demo@12345")]).await.code(), "1331", "the current one");
    assert_eq!(app.post(PASSWORD, &[("password", "New@pass123")]).await.code(), "200");
    assert_eq!(post_as(app, &other, STATE, &[]).await.code(), "1006", "the other session ended");
    assert_eq!(app.post(STATE, &[]).await.code(), "200", "this session goes on");
    assert_eq!(app.login("demo", "Demo@12345").await.code(), "1002");
    assert_eq!(app.login("demo", "New@pass123").await.code(), "200");
});

both_backends!(a_security_question_is_set_and_answered_without_case_or_spaces, Options::default(), |app| {
    app.login_demo().await;
    let form = [("question", "第一台水泵的名字？"), ("answer", "  Blue   Pump ")];
    assert_eq!(app.post(QUESTION, &form).await.code(), "1325");
    prove(app).await;
    assert_eq!(app.post(QUESTION, &[("question", ""), ("answer", "x")]).await.code(), "1101", "required");
    assert_eq!(app.post(QUESTION, &[("question", &"q".repeat(61)), ("answer", "x")]).await.code(), "1100");
    assert_eq!(app.post(QUESTION, &form).await.code(), "200");
    let stored = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    assert!(stored.answer_hash.starts_with("$argon2id$") && !stored.answer_hash.contains("blue"));
    let state = app.post(STATE, &[]).await;
    assert_eq!(
        (state.data()["questionSet"].as_bool(), state.data()["question"].as_str()),
        (Some(true), Some(form[0].1))
    );

    let (fresh, _) = browser(&app.base);
    let fresh_login = reqwest::Url::parse_with_params(
        &app.url("/lfscada/user/login"),
        &[("loginname", "demo"), ("password", "Demo@12345"), ("vcode", "")],
    )
    .unwrap();
    assert_eq!(answer(fresh.post(fresh_login).send().await.unwrap()).await.code(), "200");
    let by = |answer: &'static str| [("method", "question"), ("answer", answer)];
    assert_eq!(post_as(app, &fresh, VERIFY, &by("green pump")).await.code(), "1327");
    assert_eq!(post_as(app, &fresh, VERIFY, &by("BLUE PUMP")).await.code(), "200");
});

with_sms!(a_phone_is_bound_by_a_code_that_keeps_every_rule, |app, sms| {
    app.login_demo().await;
    let phone = "13812345678";
    let key = "tel:13812345678";
    let bind = [("purpose", "bind"), ("channel", "tel"), ("address", phone)];
    assert_eq!(app.post(SEND, &bind).await.code(), "1325", "binding needs the identity first");
    assert_eq!(app.post(SEND, &[("purpose", "identity"), ("channel", "tel")]).await.code(), "1326");
    prove(app).await;
    assert_eq!(app.post(STATE, &[]).await.data()["smsAvailable"], true);
    assert_eq!(app.post(SEND, &[("purpose", "bind"), ("channel", "tel"), ("address", "12ab")]).await.code(), "1100");
    assert_eq!(app.post(SEND, &[("purpose", "bind"), ("channel", "fax"), ("address", phone)]).await.code(), "1100");

    let sent = app.post(SEND, &bind).await;
    assert_eq!(sent.code(), "200", "{:?}", sent.body);
    assert_eq!((sent.data()["to"].as_str(), sent.data()["resendIn"].as_i64()), (Some("138****5678"), Some(60)));
    let code = sms_code(sms, 1, phone).await;
    let stored = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    assert!(!stored.tel_verified);
    assert_eq!(app.post(SEND, &bind).await.code(), "1321", "a second code within a minute");

    // Five wrong tries, then even the right code is refused: the code is spent.
    let wrong = other_than(&code);
    for _ in 0..5 {
        assert_eq!(app.post(TEL, &[("tel", phone), ("code", &wrong)]).await.code(), "1004");
    }
    assert_eq!(app.post(TEL, &[("tel", phone), ("code", &code)]).await.code(), "1320", "the 6th try");

    // An expired code.
    after_resend_wait(app, key).await;
    assert_eq!(app.post(SEND, &bind).await.code(), "200");
    let code = sms_code(sms, 2, phone).await;
    app.store.set_code_expiry(key, ironsight_store::now_ms() - 1).await.unwrap();
    assert_eq!(app.post(TEL, &[("tel", phone), ("code", &code)]).await.code(), "1004", "expired");

    // A code for one address does not bind another; the right one binds, once.
    after_resend_wait(app, key).await;
    assert_eq!(app.post(SEND, &bind).await.code(), "200");
    let code = sms_code(sms, 3, phone).await;
    assert_eq!(app.post(TEL, &[("tel", "13900000000"), ("code", &code)]).await.code(), "1004");
    assert_eq!(app.post(TEL, &[("tel", phone), ("code", &code)]).await.code(), "200");
    let state = app.post(STATE, &[]).await;
    assert_eq!(
        (state.data()["tel"].as_str(), state.data()["telVerified"].as_bool()),
        (Some("138****5678"), Some(true))
    );
    assert_eq!(app.post(TEL, &[("tel", phone), ("code", &code)]).await.code(), "1004", "a used code");

    // A code is bound to its purpose: an identity code does not bind, a bind code does not prove.
    after_resend_wait(app, key).await;
    assert_eq!(app.post(SEND, &[("purpose", "identity"), ("channel", "tel")]).await.code(), "200");
    let identity = sms_code(sms, 4, phone).await;
    assert_eq!(app.post(TEL, &[("tel", phone), ("code", &identity)]).await.code(), "1004");
    assert_eq!(app.post(VERIFY, &[("method", "tel"), ("code", &identity)]).await.code(), "200");

    // At most 10 codes to an address an hour.
    for n in 5..=10 {
        after_resend_wait(app, key).await;
        assert_eq!(app.post(SEND, &[("purpose", "identity"), ("channel", "tel")]).await.code(), "200", "code {n}");
    }
    after_resend_wait(app, key).await;
    assert_eq!(app.post(SEND, &[("purpose", "identity"), ("channel", "tel")]).await.code(), "1322");
    assert_eq!(sms.hits("/sms").len(), 10);
});

both_backends!(without_sms_a_phone_is_a_contact_field, Options::default(), |app| {
    app.login_demo().await;
    prove(app).await;
    let send = [("purpose", "bind"), ("channel", "tel"), ("address", "13812345678")];
    assert_eq!(app.post(SEND, &send).await.code(), "1323");
    assert_eq!(app.post(TEL, &[("tel", "13812345678")]).await.code(), "200");
    let state = app.post(STATE, &[]).await;
    assert_eq!(
        (state.data()["tel"].as_str(), state.data()["telVerified"].as_bool()),
        (Some("138****5678"), Some(false))
    );
    // E-mail needs the organisation's SMTP server.
    let email = [("purpose", "bind"), ("channel", "email"), ("address", "ops@plant.example")];
    assert_eq!(app.post(SEND, &email).await.code(), "1282");
    assert_eq!(app.post(EMAIL, &[("email", "ops@plant.example"), ("code", "123456")]).await.code(), "1004");
    assert_eq!(app.post(EMAIL, &[("email", "not-an-address"), ("code", "123456")]).await.code(), "1100");
});

both_backends!(an_administrator_forces_a_change_at_next_login, Options::default(), |app| {
    app.login_demo().await;
    let org = app.store.user_by_loginname("demo").await.unwrap().unwrap().org_id;
    let sub = app.browser_as_new_user("worker", org, &[]).await;
    let id = app.store.user_by_loginname("worker").await.unwrap().unwrap().id.to_string();
    let reset = [("userId", id.as_str()), ("password", "Reset@1234"), ("forceChange", "true")];
    assert_eq!(post_as(app, &sub, "/lfscada/user/sub/resetPwd", &reset).await.code(), "1011", "not an administrator");
    assert_eq!(app.post("/lfscada/user/sub/resetPwd", &reset).await.code(), "200");

    let worker = second_browser(app, "worker", "Reset@1234").await;
    let info = answer(worker.get(app.url("/lfscada/user/info")).send().await.unwrap()).await;
    assert_eq!(info.data()["mustChangePassword"], true);
    let save = [("config", "{\"a\":1}")];
    assert_eq!(post_as(app, &worker, "/lfscada/user/config/save", &save).await.code(), "1330");
    assert_eq!(post_as(app, &worker, STATE, &[]).await.data()["mustChangePassword"], true);
    let verify = [("method", "password"), ("password", "Reset@1234")];
    assert_eq!(post_as(app, &worker, VERIFY, &verify).await.code(), "200");
    assert_eq!(post_as(app, &worker, PASSWORD, &[("password", "Mine@12345")]).await.code(), "200");
    assert_eq!(post_as(app, &worker, "/lfscada/user/config/save", &save).await.code(), "200");
    let info = answer(worker.get(app.url("/lfscada/user/info")).send().await.unwrap()).await;
    assert_eq!(info.data()["mustChangePassword"], false);
});

with_sms!(with_sms_the_profile_does_not_change_the_phone_number, |app, _sms| {
    app.login_demo().await;
    let profile = "/lfscada/user/profile/save";
    let before = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let refused = app.post(profile, &[("realName", "王工"), ("tel", "13900000000")]).await;
    assert_eq!(refused.code(), "1332", "{:?}", refused.body);
    let after = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    assert_eq!(after.tel, before.tel, "the number is unchanged");
    // The form's own number sent back unchanged, or none, saves the rest.
    let same = app.post(profile, &[("realName", "王工"), ("tel", before.tel.as_str())]).await;
    assert_eq!(same.code(), "200", "{:?}", same.body);
    assert_eq!(app.post(profile, &[("realName", "王工")]).await.code(), "200");
});
