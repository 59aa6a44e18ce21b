//! Login: captcha, each login error of spec section 8, throttling per account and per address.

use crate::both_backends;
use crate::helpers::Options;
use ironsight_store::now_ms;

const CAPTCHA: Options = Options {
    captcha: true,
    external_mqtt: false,
    mqtt_port: 0,
    trust_proxy: false,
    weather_url: None,
    ezviz_url: None,
    demo_plant: None,
    no_demo: false,
    espeak: None,
    notify_allow_private: false,
    sms_url: None,
};
const BEHIND_PROXY: Options = Options {
    captcha: false,
    external_mqtt: false,
    mqtt_port: 0,
    trust_proxy: true,
    weather_url: None,
    ezviz_url: None,
    demo_plant: None,
    no_demo: false,
    espeak: None,
    notify_allow_private: false,
    sms_url: None,
};

both_backends!(captcha_is_an_image_valid_once, CAPTCHA, |app| {
    let shown = app.post("/lfscada/user/showVcode", &[]).await;
    assert_eq!(shown.code(), "200");
    assert!(shown.data()["image"].as_str().unwrap().starts_with("data:image/png;base64,"));
    assert_eq!(shown.data()["expiresIn"], 600);

    let solution = app.fetch_captcha_answer().await.unwrap();
    let login = |vcode: String| async move {
        let url = reqwest::Url::parse_with_params(
            &app.url("/lfscada/user/login"),
            &[("loginname", "demo"), ("password", "Demo@12345"), ("vcode", vcode.as_str())],
        )
        .unwrap();
        answer(app.client.post(url).send().await.unwrap()).await
    };
    assert_eq!(login(solution.to_lowercase()).await.code(), "200", "right answer, any case");
    assert_eq!(login(solution.clone()).await.code(), "1004", "the same captcha cannot be used twice");
});

both_backends!(captcha_errors, CAPTCHA, |app| {
    let required =
        app.client.post(app.url("/lfscada/user/login?loginname=demo&password=Demo%4012345")).send().await.unwrap();
    assert_eq!(answer(required).await.code(), "1003", "verification code required");

    app.fetch_captcha_answer().await.unwrap();
    let wrong = app
        .client
        .post(app.url("/lfscada/user/login?loginname=demo&password=Demo%4012345&vcode=00000"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer(wrong).await.code(), "1004", "wrong code (0 is never in the alphabet)");

    app.store.put_captcha("expired-captcha", "ABCDE", now_ms() - 1).await.unwrap();
    app.jar.add_cookie_str("ironsight_vcode=expired-captcha", &app.base.parse().unwrap());
    let expired = app
        .client
        .post(app.url("/lfscada/user/login?loginname=demo&password=Demo%4012345&vcode=ABCDE"))
        .send()
        .await
        .unwrap();
    assert_eq!(answer(expired).await.code(), "1004", "expired code");

    let no_cookie = reqwest::Client::new()
        .post(app.url("/lfscada/user/login?loginname=demo&password=Demo%4012345&vcode=ABCDE"))
        .header("origin", &app.base)
        .send()
        .await
        .unwrap();
    assert_eq!(answer(no_cookie).await.code(), "1004", "a code without a shown captcha");
});

both_backends!(login_errors_in_both_languages, Options::default(), |app| {
    assert_eq!(app.login("", "x").await.code(), "1001", "username required");
    assert_eq!(app.login("   ", "x").await.code(), "1001", "spaces are not a name");
    assert_eq!(app.login("demo", "").await.code(), "1008", "password required");
    let wrong = app.login("demo", "Wrong@12345").await;
    assert_eq!((wrong.code(), wrong.message()), ("1002", "用户名或密码错误"), "Chinese by default");
    let unknown = app.login("nobody", "Demo@12345").await;
    assert_eq!(unknown.code(), "1002", "an unknown name is answered like a wrong password, see api/user.rs");

    let english = app
        .client
        .post(app.url("/lfscada/user/login?loginname=demo&password=nope"))
        .header("accept-language", "en")
        .send()
        .await
        .unwrap();
    assert_eq!(answer(english).await.message(), "Incorrect username or password");
});

both_backends!(login_sets_an_httponly_samesite_cookie, Options::default(), |app| {
    let response =
        app.client.post(app.url("/lfscada/user/login?loginname=demo&password=Demo%4012345")).send().await.unwrap();
    let cookies: Vec<String> =
        response.headers().get_all("set-cookie").iter().map(|v| v.to_str().unwrap().to_owned()).collect();
    let session = cookies.iter().find(|c| c.starts_with("ironsight_session=")).expect("session cookie");
    assert!(
        session.contains("HttpOnly") && session.contains("SameSite=Lax") && session.contains("Path=/"),
        "{session}"
    );
    let body = answer(response).await;
    assert_eq!(body.code(), "200");
    assert_eq!(body.data()["loginname"], "demo");
    assert!(body.data().get("passwordHash").is_none() && !body.body.to_string().contains("argon2"));
});

both_backends!(repeated_failures_lock_the_account, Options::default(), |app| {
    for _ in 0..5 {
        assert_eq!(app.login("demo", "Wrong@12345").await.code(), "1002");
    }
    let locked = app.login("demo", "Demo@12345").await;
    assert_eq!(locked.code(), "1007", "even the right password is refused while locked");
    assert!(locked.message().contains("15"), "{}", locked.message());
    assert_eq!(app.login("DEMO", "Demo@12345").await.code(), "1007", "the lock ignores letter case");
    assert_eq!(app.login("admin", "Wrong@12345").await.code(), "1002", "other accounts are not locked");
});

/// A login as if from `address` (the proxy appended it after whatever the client wrote).
async fn login_from(app: &crate::helpers::TestApp, address: &str, loginname: &str, password: &str) -> String {
    let url = reqwest::Url::parse_with_params(
        &app.url("/lfscada/user/login"),
        &[("loginname", loginname), ("password", password)],
    )
    .unwrap();
    let forwarded = format!("203.0.113.77, {address}");
    let response = app.client.post(url).header("x-forwarded-for", forwarded).send().await.unwrap();
    crate::helpers::answer(response).await.code().to_owned()
}

both_backends!(parallel_guesses_are_counted_one_by_one, Options::default(), |app| {
    let guesses = (0..16).map(|_| app.login("demo", "Wrong@12345"));
    let codes: Vec<String> =
        futures_util::future::join_all(guesses).await.iter().map(|a| a.code().to_owned()).collect();
    let checked = codes.iter().filter(|c| *c == "1002").count();
    assert_eq!(checked, 5, "only five passwords were checked, the rest refused before: {codes:?}");
    assert_eq!(codes.iter().filter(|c| *c == "1007").count(), 11, "{codes:?}");
    assert_eq!(app.login("demo", "Demo@12345").await.code(), "1007");
});

both_backends!(a_strangers_failures_do_not_lock_the_owner_out, BEHIND_PROXY, |app| {
    for _ in 0..5 {
        assert_eq!(login_from(app, "198.51.100.9", "demo", "Wrong@12345").await, "1002");
    }
    assert_eq!(login_from(app, "198.51.100.9", "demo", "Demo@12345").await, "1007", "the guesser is locked out");
    // The entry before the proxy's is the client's own word: changing it does not dodge the count.
    assert_eq!(login_from(app, "198.51.100.9", "demo", "Wrong@12345").await, "1007");
    // The account is under attack: each new address gets one try, not five.
    assert_eq!(login_from(app, "198.51.100.10", "demo", "Wrong@12345").await, "1002");
    assert_eq!(login_from(app, "198.51.100.10", "demo", "Wrong@12345").await, "1007");
    // The owner, from an address with no failure on this account, still gets in; that clears the account's count.
    assert_eq!(login_from(app, "192.0.2.1", "demo", "Demo@12345").await, "200");
    assert_eq!(login_from(app, "198.51.100.11", "demo", "Wrong@12345").await, "1002");
    assert_eq!(login_from(app, "198.51.100.11", "demo", "Demo@12345").await, "200");
});

both_backends!(successful_logins_do_not_count_against_the_address, Options::default(), |app| {
    for _ in 0..25 {
        assert_eq!(app.login("demo", "Demo@12345").await.code(), "200", "a busy office behind one address");
    }
    for i in 0..20 {
        assert_eq!(app.login(&format!("guess{i}"), "Wrong@12345").await.code(), "1002");
    }
    assert_eq!(app.login("demo", "Demo@12345").await.code(), "1007", "twenty failures still lock it");
});

both_backends!(repeated_failures_lock_the_address, Options::default(), |app| {
    for i in 0..20 {
        assert_eq!(app.login(&format!("guess{i}"), "Wrong@12345").await.code(), "1002");
    }
    assert_eq!(app.login("demo", "Demo@12345").await.code(), "1007", "this address made too many failures");
});
