//! Password recovery (`/lfscada/findpwd/*`, public): the account step behind the captcha with 1005 for an unknown
//! name, the methods set up, the question path (case and spaces, 5 wrong answers end it), the SMS and e-mail code
//! paths (purpose-bound), the new password ending every session, the ticket used once, and the address throttle.

use crate::both_backends;
use crate::helpers::{Answer, Backend, Options, TestApp, answer, browser, spawn_app};
use crate::notify_receivers::{Receiver, SmtpSink};
use crate::security::{
    PASSWORD as SEC_PASSWORD, QUESTION, SEND as SEC_SEND, STATE, TEL, post_as, prove, second_browser, sms_code,
    with_sms,
};

const ACCOUNT: &str = "/lfscada/findpwd/account";
const SEND: &str = "/lfscada/findpwd/sendCode";
const VERIFY: &str = "/lfscada/findpwd/verify";
const PASSWORD: &str = "/lfscada/findpwd/password";

/// A browser of someone locked out, with its own cookies.
fn stranger(app: &TestApp) -> reqwest::Client {
    browser(&app.base).0
}

/// The account step as the console makes it: a captcha shown to this browser, then answered (read from the store
/// when the captcha is on).
async fn start(app: &TestApp, client: &reqwest::Client, loginname: &str) -> Answer {
    let mut vcode = String::new();
    if app.state().config.captcha {
        let id = latest_captcha_of(app, client).await;
        vcode = app.store.peek_captcha(&id).await.unwrap().unwrap();
    }
    post_as(app, client, ACCOUNT, &[("loginname", loginname), ("vcode", &vcode)]).await
}

/// Shows this browser a captcha and answers the id its cookie names (read from the answer's `Set-Cookie`).
async fn latest_captcha_of(app: &TestApp, client: &reqwest::Client) -> String {
    let response = client.post(app.url("/lfscada/user/showVcode")).send().await.unwrap();
    response
        .headers()
        .get_all("set-cookie")
        .iter()
        .filter_map(|v| v.to_str().ok())
        .find_map(|v| v.strip_prefix("ironsight_vcode=").and_then(|v| v.split(';').next()).map(str::to_owned))
        .expect("a captcha cookie")
}

both_backends!(recovery_by_the_security_question_ends_every_session, Options::default(), |app| {
    app.login_demo().await;
    prove(app).await;
    assert_eq!(app.post(QUESTION, &[("question", "Pet?"), ("answer", "Rex the Dog")]).await.code(), "200");
    let other = second_browser(app, "demo", "Demo@12345").await;

    let locked_out = stranger(app);
    assert_eq!(start(app, &locked_out, "nobody-here").await.code(), "1005", "the spec's 'username does not exist'");
    assert_eq!(start(app, &locked_out, "").await.code(), "1001");
    assert_eq!(post_as(app, &locked_out, VERIFY, &[("method", "question"), ("answer", "x")]).await.code(), "1329");
    let started = start(app, &locked_out, "demo").await;
    assert_eq!(started.code(), "200", "{:?}", started.body);
    let methods = started.data();
    assert_eq!(
        (methods["question"].as_str(), methods["tel"].is_null(), methods["email"].is_null()),
        (Some("Pet?"), true, true)
    );

    assert_eq!(post_as(app, &locked_out, PASSWORD, &[("password", "Found@1234")]).await.code(), "1325");
    let by = |answer: &'static str| [("method", "question"), ("answer", answer)];
    assert_eq!(post_as(app, &locked_out, VERIFY, &by("rex the cat")).await.code(), "1327");
    assert_eq!(post_as(app, &locked_out, SEND, &[("channel", "tel")]).await.code(), "1326", "no verified phone");
    assert_eq!(post_as(app, &locked_out, VERIFY, &by("  REX  the dog ")).await.code(), "200");
    assert_eq!(post_as(app, &locked_out, PASSWORD, &[("password", "weak")]).await.code(), "1100");
    assert_eq!(post_as(app, &locked_out, PASSWORD, &[("password", "Found@1234")]).await.code(), "200");
    assert_eq!(app.post(STATE, &[]).await.code(), "1006", "every session ended");
    assert_eq!(post_as(app, &other, STATE, &[]).await.code(), "1006");
    assert_eq!(post_as(app, &locked_out, PASSWORD, &[("password", "Again@1234")]).await.code(), "1329", "used once");
    assert_eq!(app.login("demo", "Found@1234").await.code(), "200");

    // Five wrong answers end a recovery.
    let guesser = stranger(app);
    assert_eq!(start(app, &guesser, "demo").await.code(), "200");
    for _ in 0..5 {
        assert_eq!(post_as(app, &guesser, VERIFY, &by("wrong")).await.code(), "1327");
    }
    assert_eq!(post_as(app, &guesser, VERIFY, &by("rex the dog")).await.code(), "1329");
});

both_backends!(
    the_account_step_needs_the_captcha_and_is_throttled,
    Options { captcha: true, ..Options::default() },
    |app| {
        let client = stranger(app);
        assert_eq!(post_as(app, &client, ACCOUNT, &[("loginname", "demo")]).await.code(), "1003");
        assert_eq!(post_as(app, &client, ACCOUNT, &[("loginname", "demo"), ("vcode", "zzzz")]).await.code(), "1004");
        assert_eq!(start(app, &client, "demo").await.code(), "200");
        // A captcha is used once.
        let answered = start(app, &client, "nobody").await;
        assert_eq!(answered.code(), "1005");
        // 20 lookups an address in 15 minutes (two made above).
        for _ in 0..18 {
            assert_eq!(start(app, &client, "nobody").await.code(), "1005");
        }
        assert_eq!(start(app, &client, "demo").await.code(), "1007");
    }
);

with_sms!(recovery_by_an_sms_code, |app, sms| {
    app.login_demo().await;
    prove(app).await;
    let phone = "13812345678";
    assert_eq!(app.post(SEC_SEND, &[("purpose", "bind"), ("channel", "tel"), ("address", phone)]).await.code(), "200");
    let bind_code = sms_code(sms, 1, phone).await;
    assert_eq!(app.post(TEL, &[("tel", phone), ("code", &bind_code)]).await.code(), "200");

    let locked_out = stranger(app);
    let started = start(app, &locked_out, "demo").await;
    assert_eq!(started.data()["tel"], "138****5678");
    assert_eq!(post_as(app, &locked_out, SEND, &[("channel", "tel")]).await.code(), "1321", "a minute after the last");
    app.store.age_code_sends("tel:13812345678", 61_000).await.unwrap();
    assert_eq!(post_as(app, &locked_out, SEND, &[("channel", "tel")]).await.code(), "200");
    let code = sms_code(sms, 2, phone).await;
    assert_eq!(post_as(app, &locked_out, VERIFY, &[("method", "tel"), ("code", &bind_code)]).await.code(), "1004");
    assert_eq!(post_as(app, &locked_out, VERIFY, &[("method", "tel"), ("code", &code)]).await.code(), "200");
    assert_eq!(post_as(app, &locked_out, PASSWORD, &[("password", "Found@1234")]).await.code(), "200");
    assert_eq!(app.post(STATE, &[]).await.code(), "1006");
    assert_eq!(app.login("demo", "Found@1234").await.code(), "200");
    // The old password proves nothing any more; the changed password by the wizard also works.
    assert_eq!(app.post(SEC_PASSWORD, &[("password", "Next@12345")]).await.code(), "1325");
});

both_backends!(recovery_by_an_email_code_through_the_smtp_server, Options::default(), |app| {
    let Some(sink) = SmtpSink::start().await else { return };
    app.login_demo().await;
    sink.serve_organisation(app, "console@plant.example").await;
    prove(app).await;
    let address = "Owner@Plant.example";
    let bind = [("purpose", "bind"), ("channel", "email"), ("address", address)];
    assert_eq!(post_en(app, &app.client, SEC_SEND, &bind).await.code(), "200");
    let code = code_in(&sink.message(1).await);
    assert_eq!(app.post(crate::security::EMAIL, &[("email", address), ("code", &code)]).await.code(), "200");

    let locked_out = stranger(app);
    let started = start(app, &locked_out, "demo").await;
    assert_eq!(started.data()["email"], "O***@Plant.example");
    app.store.age_code_sends("email:owner@plant.example", 61_000).await.unwrap();
    let sent = post_en(app, &locked_out, SEND, &[("channel", "email")]).await;
    assert_eq!(sent.code(), "200", "{:?}", sent.body);
    let mail = sink.message(2).await;
    assert!(
        mail.contains("X-Rcpt-To: Owner@Plant.example") || mail.contains("X-Rcpt-To: owner@plant.example"),
        "{mail}"
    );
    assert!(mail.contains("Subject: Ironsight verification code"), "{mail}");
    let code = code_in(&mail);
    assert_eq!(post_as(app, &locked_out, VERIFY, &[("method", "email"), ("code", &code)]).await.code(), "200");
    assert_eq!(post_as(app, &locked_out, PASSWORD, &[("password", "Mailed@123")]).await.code(), "200");
    assert_eq!(app.login("demo", "Mailed@123").await.code(), "200");
});

/// The six digits of an English code e-mail.
fn code_in(mail: &str) -> String {
    let (_, rest) = mail.split_once("code is ").unwrap_or_else(|| panic!("no code in {mail}"));
    let code: String = rest.chars().take(6).collect();
    assert!(code.chars().all(|c| c.is_ascii_digit()), "{mail}");
    code
}

/// A call in English (the code e-mail's language follows the caller's).
async fn post_en(app: &TestApp, client: &reqwest::Client, path: &str, form: &[(&str, &str)]) -> Answer {
    answer(client.post(app.url(path)).header("accept-language", "en").form(form).send().await.unwrap()).await
}
