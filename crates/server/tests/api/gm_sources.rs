//! GM collection sources (docs/gm-equipment.md): a Sparkplug edge node's and a JSON device's identity issued once,
//! logging in to the embedded broker with it, rotation, validation, the names being unique on the broker, and who
//! may see and change them (another organisation, an account without manage, a limited sub-account).

use crate::both_backends;
use crate::helpers::TestApp;
use crate::pages_document::post_as;
use crate::walk_fixture::account;
use rumqttc::{AsyncClient, ConnectReturnCode, ConnectionError, Event, MqttOptions, Packet};
use std::time::Duration;

/// Logs in to the app's embedded broker as `username` (also the client id); the CONNACK's verdict.
async fn mqtt_login(app: &TestApp, username: &str, secret: &str) -> Result<(), ConnectReturnCode> {
    let addr = app.broker_url().trim_start_matches("mqtt://").to_owned();
    let (host, port) = addr.rsplit_once(':').unwrap();
    let mut options = MqttOptions::new(username, host, port.parse().unwrap());
    options.set_credentials(username, secret);
    let (client, mut eventloop) = AsyncClient::new(options, 8);
    let verdict = tokio::time::timeout(Duration::from_secs(15), async {
        loop {
            match eventloop.poll().await {
                Ok(Event::Incoming(Packet::ConnAck(_))) => return Ok(()),
                Ok(_) => {}
                Err(ConnectionError::ConnectionRefused(code)) => return Err(code),
                Err(e) => panic!("no CONNACK: {e}"),
            }
        }
    })
    .await
    .expect("a CONNACK within 15 s");
    let _ = client.disconnect().await;
    verdict
}

both_backends!(an_edge_node_is_registered_logs_in_is_rotated_and_deleted, Options::default(), |app| {
    app.login_demo().await;
    let added = app
        .post("/lfscada/gm/node/add", &[("groupId", "Plant"), ("nodeId", "Analyser-1"), ("name", "水质分析仪")])
        .await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let id = added.data()["id"].to_string();
    let username = added.data()["username"].as_str().unwrap().to_owned();
    let secret = added.data()["secret"].as_str().unwrap().to_owned();
    assert!(username.starts_with("gm") && username.len() == 18 && username.bytes().all(|b| b.is_ascii_alphanumeric()));
    assert!(secret.len() >= 40);
    assert_eq!(added.data()["broker"], app.broker_url().as_str());
    assert_eq!(mqtt_login(app, &username, &secret).await, Ok(()));
    assert_eq!(mqtt_login(app, &username, "guess").await, Err(ConnectReturnCode::BadUserNamePassword));

    let info = app.post("/lfscada/gm/source/info", &[("id", &id)]).await;
    assert_eq!(info.code(), "200");
    let row = info.data();
    assert_eq!(
        (row["kind"].as_str(), row["groupId"].as_str(), row["nodeId"].as_str()),
        (Some("sparkplug"), Some("Plant"), Some("Analyser-1"))
    );
    assert_eq!((row["name"].as_str(), row["topicPrefix"].as_str()), (Some("水质分析仪"), None));
    assert!(!info.body.to_string().contains(&secret) && !info.body.to_string().contains("sha256"), "never the secret");

    // One node per group and node id on the broker; the JSON list does not show nodes.
    let twice = app.post("/lfscada/gm/node/add", &[("groupId", "Plant"), ("nodeId", "Analyser-1")]).await;
    assert_eq!(twice.code(), "1381");
    let listed = app.post("/lfscada/gm/node/query", &[("keyword", "analyser")]).await;
    assert_eq!(listed.data()["total"], 1, "{:?}", listed.body);
    assert_eq!(app.post("/lfscada/gm/json/query", &[]).await.data()["total"], 0);
    assert_eq!(app.post("/lfscada/gm/node/query", &[("keyword", "%")]).await.data()["total"], 0, "% is literal");

    let rotated = app.post("/lfscada/gm/source/rotate", &[("id", &id)]).await;
    let new_secret = rotated.data()["secret"].as_str().unwrap().to_owned();
    assert_eq!(rotated.data()["username"], username.as_str());
    assert_eq!(
        mqtt_login(app, &username, &secret).await,
        Err(ConnectReturnCode::BadUserNamePassword),
        "the old secret stops"
    );
    assert_eq!(mqtt_login(app, &username, &new_secret).await, Ok(()));

    // Its user name can never become a gateway's serial number (both log in by user name).
    assert_eq!(app.post("/lfscada/gateway/add", &[("sn", &username)]).await.code(), "1213");

    assert_eq!(app.post("/lfscada/gm/source/delete", &[("id", &id)]).await.code(), "200");
    assert_eq!(app.post("/lfscada/gm/source/info", &[("id", &id)]).await.code(), "1380");
    assert_eq!(mqtt_login(app, &username, &new_secret).await, Err(ConnectReturnCode::BadUserNamePassword));
});

both_backends!(a_json_device_owns_a_prefix_no_other_device_shares, Options::default(), |app| {
    app.login_demo().await;
    let added = app.post("/lfscada/gm/json/add", &[("topicPrefix", " plant/line1/s3 ")]).await;
    assert_eq!(added.code(), "200", "{:?}", added.body);
    let id = added.data()["id"].to_string();
    let info = app.post("/lfscada/gm/source/info", &[("id", &id)]).await;
    assert_eq!(
        (info.data()["topicPrefix"].as_str(), info.data()["name"].as_str()),
        (Some("plant/line1/s3"), Some("s3"))
    );
    assert_eq!(
        mqtt_login(app, added.data()["username"].as_str().unwrap(), added.data()["secret"].as_str().unwrap()).await,
        Ok(())
    );
    for overlapping in ["plant/line1/s3", "plant/line1", "plant", "plant/line1/s3/sub"] {
        assert_eq!(
            app.post("/lfscada/gm/json/add", &[("topicPrefix", overlapping)]).await.code(),
            "1382",
            "{overlapping}"
        );
    }
    assert_eq!(app.post("/lfscada/gm/json/add", &[("topicPrefix", "plant/line1/s30")]).await.code(), "200");
    assert_eq!(app.post("/lfscada/gm/json/query", &[]).await.data()["total"], 2);
});

both_backends!(gm_source_fields_are_validated_and_change_nothing, Options::default(), |app| {
    app.login_demo().await;
    for (field, value, code) in [
        ("groupId", "", "1101"),
        ("groupId", "a/b", "1100"),
        ("groupId", "a+", "1100"),
        ("nodeId", "#", "1100"),
        ("nodeId", &"n".repeat(65), "1100"),
        ("name", &"名".repeat(61), "1100"),
    ] {
        let mut form = vec![("groupId", "Plant"), ("nodeId", "Edge-1")];
        form.retain(|(f, _)| *f != field);
        form.push((field, value));
        let refused = app.post("/lfscada/gm/node/add", &form).await;
        assert_eq!(refused.code(), code, "{field}={value:?}: {:?}", refused.body);
        assert!(refused.message().contains(field), "names the field: {}", refused.message());
    }
    for prefix in ["", "ironsight/v1/gw/EG-1", "spBv1.0/Plant", "$SYS/x", "a//b", "a/+", "a/#", "/a"] {
        let refused = app.post("/lfscada/gm/json/add", &[("topicPrefix", prefix)]).await;
        assert!(["1100", "1101"].contains(&refused.code()), "{prefix:?}: {:?}", refused.body);
        assert!(refused.message().contains("topicPrefix"), "{}", refused.message());
    }
    assert_eq!(app.post("/lfscada/gm/node/query", &[]).await.data()["total"], 0, "nothing registered");
    assert_eq!(app.post("/lfscada/gm/json/query", &[]).await.data()["total"], 0, "nothing registered");
    assert_eq!(app.post("/lfscada/gm/source/info", &[("id", "999999")]).await.code(), "1380");
});

both_backends!(gm_sources_are_the_organisations_and_need_manage, Options::default(), |app| {
    app.login_demo().await;
    let added = app.post("/lfscada/gm/node/add", &[("groupId", "Plant"), ("nodeId", "Edge-1")]).await;
    let id = added.data()["id"].to_string();
    let secret = added.data()["secret"].as_str().unwrap().to_owned();
    let username = added.data()["username"].as_str().unwrap().to_owned();
    let demo = app.store.user_by_loginname("demo").await.unwrap().unwrap();
    let admin = app.store.user_by_loginname("admin").await.unwrap().unwrap();

    let stranger = app.browser_as_new_admin("stranger", admin.org_id).await;
    for path in ["/lfscada/gm/source/info", "/lfscada/gm/source/rotate", "/lfscada/gm/source/delete"] {
        assert_eq!(post_as(app, &stranger, path, &[("id", &id)]).await.code(), "1380", "{path}");
    }
    assert_eq!(post_as(app, &stranger, "/lfscada/gm/node/query", &[]).await.data()["total"], 0);
    let taken = post_as(app, &stranger, "/lfscada/gm/node/add", &[("groupId", "Plant"), ("nodeId", "Edge-1")]).await;
    assert_eq!(taken.code(), "1381", "node ids are one namespace on the broker");

    let viewer = app.browser_as_new_user("viewer", demo.org_id, &[]).await;
    assert_eq!(
        post_as(app, &viewer, "/lfscada/gm/source/info", &[("id", &id)]).await.code(),
        "200",
        "reading needs no manage"
    );
    for path in
        ["/lfscada/gm/source/rotate", "/lfscada/gm/source/delete", "/lfscada/gm/node/query", "/lfscada/gm/json/add"]
    {
        assert_eq!(post_as(app, &viewer, path, &[("id", &id)]).await.code(), "1011", "{path}");
    }

    // A sub-account limited to granted equipment sees the sources it registered, not the organisation's others.
    let limited = account(app, "limited", demo.org_id, "user", "authorised", &["manage"]).await;
    assert_eq!(post_as(app, &limited, "/lfscada/gm/source/rotate", &[("id", &id)]).await.code(), "1380");
    assert_eq!(post_as(app, &limited, "/lfscada/gm/node/query", &[]).await.data()["total"], 0);
    let own = post_as(app, &limited, "/lfscada/gm/node/add", &[("groupId", "Plant"), ("nodeId", "Edge-L")]).await;
    assert_eq!(own.code(), "200");
    assert_eq!(post_as(app, &limited, "/lfscada/gm/node/query", &[]).await.data()["total"], 1);
    assert_eq!(app.post("/lfscada/gm/node/query", &[]).await.data()["total"], 2, "the whole organisation sees both");

    assert_eq!(mqtt_login(app, &username, &secret).await, Ok(()), "untouched");
});
