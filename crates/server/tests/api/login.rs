//! Login: captcha, each login error of spec section 8, throttling per account and per address.

use crate::both_backends;
use crate::helpers::Options;
use ironsight_store::now_ms;

const CAPTCHA: Options = Options { captcha: true, external_mqtt: false, mqtt_port: 0 };

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

both_backends!(repeated_failures_lock_the_address, Options::default(), |app| {
    for i in 0..20 {
        assert_eq!(app.login(&format!("guess{i}"), "Wrong@12345").await.code(), "1002");
    }
    assert_eq!(app.login("demo", "Demo@12345").await.code(), "1007", "this address made too many failures");
});
