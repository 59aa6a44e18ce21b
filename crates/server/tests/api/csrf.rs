//! CSRF: state-changing calls must come from the console's own origin.

use crate::both_backends;

both_backends!(calls_from_another_origin_are_refused_and_change_nothing, Options::default(), |app| {
    app.login_demo().await;
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let content = [("content", "This feedback must not be stored.")];

    let foreign = app
        .client
        .post(app.url("/lfscada/feedback/add"))
        .header("origin", "http://evil.example")
        .form(&content)
        .send()
        .await
        .unwrap();
    let foreign = answer(foreign).await;
    assert_eq!((foreign.status.as_u16(), foreign.code()), (403, "1012"));

    // A client that sends the session cookie but names no origin at all.
    let bare = reqwest::Client::builder().cookie_provider(app.jar.clone()).build().unwrap();
    let missing = answer(bare.post(app.url("/lfscada/feedback/add")).form(&content).send().await.unwrap()).await;
    assert_eq!(missing.code(), "1012");
    assert_eq!(app.store.feedback_count(demo.id).await.unwrap(), 0, "nothing written");

    let referer = bare
        .post(app.url("/lfscada/feedback/add"))
        .header("referer", format!("{}/account", app.base))
        .form(&content)
        .send()
        .await
        .unwrap();
    assert_eq!(answer(referer).await.code(), "200", "a same-origin Referer is enough");

    let read = answer(bare.get(app.url("/lfscada/user/info?t=1")).send().await.unwrap()).await;
    assert_eq!(read.code(), "200", "reads need no origin");
});

both_backends!(login_csrf_is_refused, Options::default(), |app| {
    let forged = reqwest::Client::new()
        .post(app.url("/lfscada/user/login?loginname=demo&password=Demo%4012345"))
        .header("origin", "http://evil.example")
        .send()
        .await
        .unwrap();
    assert_eq!(answer(forged).await.code(), "1012");
});
