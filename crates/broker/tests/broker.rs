//! The broker seen from real MQTT 3.1.1 clients (rumqttc) over real sockets, each test with its own broker on a
//! free port of 127.0.0.1. Every wait has a deadline; "not delivered" is shown without sleeping, by sending a
//! legitimate marker *after* the forbidden message on the same connection and checking the marker arrives first
//! (one connection's messages are routed in order).

mod common;

use common::*;
use ironsight_broker::{BrokerConfig, BrokerError, start};
use ironsight_protocol::topics::{Channel, GatewayTopics};
use rumqttc::{ConnectReturnCode, LastWill, QoS, SubscribeReasonCode};
use std::sync::Arc;
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::time::timeout;

#[tokio::test]
async fn gateway_with_right_secret_connects() {
    let broker = broker().await;
    let mut gw = gateway(broker.local_addr(), "EG-0001").await;
    assert_eq!(
        gw.subscribe(&GatewayTopics::new("EG-0001").unwrap().subtree()).await,
        SubscribeReasonCode::Success(QoS::AtLeastOnce)
    );
}

#[tokio::test]
async fn bad_credentials_anonymous_and_foreign_client_ids_are_refused() {
    let broker = broker().await;
    let addr = broker.local_addr();
    assert_eq!(
        refusal(connect(addr, "EG-0001", Some(("EG-0001", "wrong")), None).await),
        ConnectReturnCode::BadUserNamePassword,
        "wrong secret"
    );
    assert_eq!(
        refusal(connect(addr, "EG-0001", Some(("EG-0001", "secret-2")), None).await),
        ConnectReturnCode::BadUserNamePassword,
        "another gateway's secret"
    );
    assert_eq!(
        refusal(connect(addr, "EG-9999", Some(("EG-9999", "secret-1")), None).await),
        ConnectReturnCode::BadUserNamePassword,
        "unknown serial number"
    );
    assert_eq!(
        refusal(connect(addr, "EG-0001", Some(("EG-0001", "")), None).await),
        ConnectReturnCode::BadUserNamePassword,
        "empty password"
    );
    assert_eq!(refusal(connect(addr, "EG-0001", None, None).await), ConnectReturnCode::NotAuthorized, "anonymous");
    assert_eq!(
        refusal(connect(addr, "EG-0002", Some(("EG-0001", "secret-1")), None).await),
        ConnectReturnCode::NotAuthorized,
        "client id of another gateway (would take over its session)"
    );
    assert_eq!(
        refusal(connect(addr, "my-gateway", Some(("EG-0001", "secret-1")), None).await),
        ConnectReturnCode::NotAuthorized,
        "client id other than the serial number"
    );
    // And the broker still serves the right one afterwards.
    gateway(addr, "EG-0001").await;
}

#[tokio::test]
async fn gateway_data_reaches_the_server_at_qos1() {
    let broker = broker().await;
    let addr = broker.local_addr();
    let mut srv = server(addr, SERVER_USER).await;
    for filter in ironsight_protocol::topics::server_filters() {
        assert_eq!(srv.subscribe(&filter).await, SubscribeReasonCode::Success(QoS::AtLeastOnce));
    }
    let mut gw = gateway(addr, "EG-0001").await;
    let payload = br#"{"seq":1,"kind":"change","readings":[]}"#;
    gw.publish(&topic("EG-0001", Channel::Data), false, payload).await;
    let got = srv.next_publish().await;
    assert_eq!(got.topic, topic("EG-0001", Channel::Data));
    assert_eq!(got.qos, QoS::AtLeastOnce);
    assert_eq!(&got.payload[..], payload);
}

#[tokio::test]
async fn gateway_publishes_outside_its_channels_are_not_delivered() {
    let broker = broker().await;
    let addr = broker.local_addr();
    let mut srv = server(addr, SERVER_USER).await;
    assert_eq!(srv.subscribe("ironsight/v1/gw/#").await, SubscribeReasonCode::Success(QoS::AtLeastOnce));
    let mut other = gateway(addr, "EG-0002").await;
    assert_eq!(other.subscribe("ironsight/v1/gw/EG-0002/#").await, SubscribeReasonCode::Success(QoS::AtLeastOnce));

    let mut gw = gateway(addr, "EG-0001").await;
    for forbidden in [
        topic("EG-0002", Channel::Data),
        topic("EG-0002", Channel::Status),
        topic("EG-0002", Channel::Config),
        topic("EG-0002", Channel::Command),
        topic("EG-0001", Channel::Config),
        topic("EG-0001", Channel::Command),
        "ironsight/v1/gw/EG-0001/other".to_owned(),
    ] {
        gw.publish(&forbidden, false, b"forged").await;
    }
    gw.publish(&topic("EG-0001", Channel::Data), false, b"marker").await;

    let first = srv.next_publish().await;
    assert_eq!(
        (first.topic.as_str(), &first.payload[..]),
        (topic("EG-0001", Channel::Data).as_str(), &b"marker"[..]),
        "the server saw a forbidden publish before the marker"
    );
    // EG-0002 must not have seen the forged messages either: a publish of its own arrives first.
    other.publish(&topic("EG-0002", Channel::Status), false, b"own").await;
    let first = other.next_publish().await;
    assert_eq!(&first.payload[..], b"own", "EG-0002 received a forged message");
}

#[tokio::test]
async fn gateway_cannot_subscribe_outside_its_subtree() {
    let broker = broker().await;
    let addr = broker.local_addr();
    let mut gw = gateway(addr, "EG-0001").await;
    for filter in [
        "ironsight/v1/gw/EG-0002/#",
        "ironsight/v1/gw/EG-0002/config",
        "ironsight/v1/gw/#",
        "ironsight/v1/gw/+/config",
        "ironsight/v1/gw/+/#",
        "#",
        "$SYS/#",
    ] {
        assert_eq!(gw.subscribe(filter).await, SubscribeReasonCode::Failure, "{filter}");
    }
    assert_eq!(gw.subscribe("ironsight/v1/gw/EG-0001/#").await, SubscribeReasonCode::Success(QoS::AtLeastOnce));

    let mut srv = server(addr, SERVER_USER).await;
    srv.publish(&topic("EG-0002", Channel::Config), false, b"for EG-0002").await;
    srv.publish(&topic("EG-0002", Channel::Command), false, b"for EG-0002").await;
    srv.publish(&topic("EG-0001", Channel::Command), false, b"for EG-0001").await;
    let first = gw.next_publish().await;
    assert_eq!(first.topic, topic("EG-0001", Channel::Command));
    assert_eq!(&first.payload[..], b"for EG-0001", "EG-0001 received another gateway's message");
    assert_eq!(first.qos, QoS::AtLeastOnce);
}

#[tokio::test]
async fn retained_config_reaches_a_gateway_that_subscribes_later() {
    // A 1 s queue TTL, and a config older than that: retained messages must not expire with it.
    let broker = broker_with(|c| c.queued_message_ttl = Duration::from_secs(1)).await;
    let addr = broker.local_addr();
    let mut srv = server(addr, SERVER_USER).await;
    let config = br#"{"version":12,"sampleIntervalMs":60000,"devices":[]}"#;
    srv.publish(&topic("EG-0001", Channel::Config), true, config).await;
    // Not a readiness wait: the PUBACK above says the broker holds it; this ages it past the TTL.
    tokio::time::sleep(Duration::from_millis(1500)).await;

    let mut gw = gateway(addr, "EG-0001").await;
    assert_eq!(gw.subscribe(&topic("EG-0001", Channel::Config)).await, SubscribeReasonCode::Success(QoS::AtLeastOnce));
    let got = gw.next_publish().await;
    assert_eq!(got.topic, topic("EG-0001", Channel::Config));
    assert!(got.retain, "delivered as retained");
    assert_eq!(&got.payload[..], config);

    // The other gateway's retained config is not reachable for EG-0001, and its own subtree filter gets its own.
    let mut gw2 = gateway(addr, "EG-0002").await;
    assert_eq!(gw2.subscribe("ironsight/v1/gw/#").await, SubscribeReasonCode::Failure);
    assert_eq!(gw2.subscribe("ironsight/v1/gw/EG-0002/#").await, SubscribeReasonCode::Success(QoS::AtLeastOnce));
    srv.publish(&topic("EG-0002", Channel::Command), false, b"marker").await;
    assert_eq!(&gw2.next_publish().await.payload[..], b"marker");
}

#[tokio::test]
async fn last_will_is_published_and_retained_when_a_gateway_drops() {
    let broker = broker().await;
    let addr = broker.local_addr();
    let mut srv = server(addr, SERVER_USER).await;
    assert_eq!(srv.subscribe("ironsight/v1/gw/+/status").await, SubscribeReasonCode::Success(QoS::AtLeastOnce));

    let status = topic("EG-0001", Channel::Status);
    let will = LastWill::new(&status, br#"{"online":false}"#.to_vec(), QoS::AtLeastOnce, true);
    let mut gw = connect(addr, "EG-0001", Some(("EG-0001", "secret-1")), Some(will)).await.unwrap();
    gw.publish(&status, true, br#"{"online":true}"#).await;
    let online = srv.next_publish().await;
    assert_eq!(&online.payload[..], br#"{"online":true}"#);

    // Drop the connection without DISCONNECT, as a gateway losing power or network would.
    gw.task.abort();
    let _ = gw.task.await;

    let offline = srv.next_publish().await;
    assert_eq!(offline.topic, status);
    assert_eq!(&offline.payload[..], br#"{"online":false}"#);

    // Retained: a server client that subscribes later learns the gateway is offline.
    let mut later = server(addr, "ironsight:server-2").await;
    assert_eq!(later.subscribe(&status).await, SubscribeReasonCode::Success(QoS::AtLeastOnce));
    let retained = later.next_publish().await;
    assert!(retained.retain);
    assert_eq!(&retained.payload[..], br#"{"online":false}"#);
}

#[tokio::test]
async fn a_last_will_outside_the_gateways_topics_is_refused_at_connect() {
    let broker = broker().await;
    let addr = broker.local_addr();
    for will_topic in [topic("EG-0002", Channel::Status), topic("EG-0001", Channel::Config)] {
        let will = LastWill::new(&will_topic, br#"{"online":false}"#.to_vec(), QoS::AtLeastOnce, true);
        assert_eq!(
            refusal(connect(addr, "EG-0001", Some(("EG-0001", "secret-1")), Some(will)).await),
            ConnectReturnCode::NotAuthorized,
            "{will_topic}"
        );
    }
}

#[tokio::test]
async fn a_taken_port_is_addr_in_use() {
    let taken = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    let addr = taken.local_addr().unwrap();
    match start(BrokerConfig::new(addr), Arc::new(Registry)).await {
        Err(BrokerError::AddrInUse(a)) => assert_eq!(a, addr),
        other => panic!("expected AddrInUse, got {other:?}"),
    }
}

#[tokio::test]
async fn shutdown_closes_connections_and_frees_the_port() {
    let broker = broker().await;
    let addr = broker.local_addr();
    let mut gw = gateway(addr, "EG-0001").await;
    broker.shutdown().await;
    gw.closed().await;
    let again = std::net::TcpListener::bind(addr);
    assert!(again.is_ok(), "port still taken after shutdown: {again:?}");
}

#[tokio::test]
async fn garbage_from_a_client_does_not_hurt_the_broker() {
    let broker = broker().await;
    let addr = broker.local_addr();
    let junk: [&[u8]; 6] = [
        b"GET / HTTP/1.1\r\nHost: x\r\n\r\n",
        &[0x10, 0xff, 0xff, 0xff, 0xff, 0x7f], // CONNECT with a malformed remaining length
        &[0x10, 0x0c, 0x00, 0x04, b'M', b'Q', b'T', b'T', 0x04], // truncated CONNECT
        &[0x10, 0x10, 0x00, 0x04, b'M', b'Q', b'T', b'T', 0x04, 0xc2, 0x00, 0x1e, 0x00, 0x10, b'x', b'y', b'z', b'w'], // lengths that lie
        &[0x30, 0x03, 0x00, 0x01, b'a'], // PUBLISH before CONNECT
        &[0xff; 64],
    ];
    for bytes in junk {
        let mut stream = tokio::net::TcpStream::connect(addr).await.unwrap();
        let _ = stream.write_all(bytes).await;
        let _ = stream.shutdown().await;
    }
    let mut gw = gateway(addr, "EG-0001").await;
    assert_eq!(gw.subscribe("ironsight/v1/gw/EG-0001/#").await, SubscribeReasonCode::Success(QoS::AtLeastOnce));
}

#[tokio::test]
async fn a_client_id_past_its_failed_logins_is_refused_even_with_the_right_secret() {
    let broker = broker().await;
    let addr = broker.local_addr();
    for _ in 0..ironsight_broker::throttle::CLIENT_MAX_FAILURES {
        assert_eq!(
            refusal(connect(addr, "EG-0002", Some(("EG-0002", "guess")), None).await),
            ConnectReturnCode::BadUserNamePassword
        );
    }
    assert_eq!(
        refusal(connect(addr, "EG-0002", Some(("EG-0002", "secret-2")), None).await),
        ConnectReturnCode::NotAuthorized,
        "refused before the secret is checked"
    );
    // Another gateway behind the same address is not locked out by one misconfigured neighbour.
    gateway(addr, "EG-0001").await;
}

/// A client that starts a CONNECT and never finishes it is closed after the handshake timeout.
#[tokio::test]
async fn a_connect_left_unfinished_is_closed() {
    use tokio::io::AsyncReadExt;
    let broker = broker().await;
    let mut stalled = tokio::net::TcpStream::connect(broker.local_addr()).await.unwrap();
    // CONNECT, remaining length 32, protocol name "MQTT", level 4 (3.1.1): then silence.
    stalled.write_all(&[0x10, 0x20, 0x00, 0x04, b'M', b'Q', b'T', b'T', 0x04]).await.unwrap();
    // Whatever it answers first (a refusal), the connection then ends.
    let mut rest = Vec::new();
    let closed =
        timeout(ironsight_broker::HANDSHAKE_TIMEOUT + Duration::from_secs(10), stalled.read_to_end(&mut rest)).await;
    assert!(matches!(closed, Ok(Ok(_)) | Ok(Err(_))), "the broker closed the stalled connection: {closed:?}");
    gateway(broker.local_addr(), "EG-0001").await;
}

/// A client that sends nothing at all is closed after the first-bytes limit (rmqtt on its own would wait for ever
/// to read the protocol version: the front in `front.rs` keeps it out).
#[tokio::test]
async fn a_connection_that_sends_nothing_is_closed() {
    use tokio::io::AsyncReadExt;
    let broker = broker().await;
    let mut silent = tokio::net::TcpStream::connect(broker.local_addr()).await.unwrap();
    let mut rest = Vec::new();
    let closed =
        timeout(ironsight_broker::front::FIRST_BYTES_WITHIN + Duration::from_secs(10), silent.read_to_end(&mut rest))
            .await;
    assert!(matches!(closed, Ok(Ok(0)) | Ok(Err(_))), "the broker closed the silent connection: {closed:?}");
    gateway(broker.local_addr(), "EG-0001").await;
}

/// One address holds at most `per_address_connections` at once; a place comes back when a connection ends, and
/// everything past the cap is closed at once without reaching rmqtt.
#[tokio::test]
async fn one_address_holds_at_most_its_share_of_connections() {
    use tokio::io::AsyncReadExt;
    let broker = broker_with(|c| c.per_address_connections = 3).await;
    let addr = broker.local_addr();
    let first = gateway(addr, "EG-0001").await;
    let mut idle = Vec::new();
    for _ in 0..2 {
        idle.push(tokio::net::TcpStream::connect(addr).await.unwrap());
    }
    let mut over = tokio::net::TcpStream::connect(addr).await.unwrap();
    let mut rest = Vec::new();
    let refused = timeout(Duration::from_secs(5), over.read_to_end(&mut rest)).await;
    assert!(matches!(refused, Ok(Ok(0)) | Ok(Err(_))), "the fourth is closed at once: {refused:?}");
    let secret = GATEWAYS.iter().find(|(s, _)| *s == "EG-0002").unwrap().1;
    let credentials = Some(("EG-0002", secret));
    assert!(connect(addr, "EG-0002", credentials, None).await.is_err(), "no place for a gateway either");
    drop(idle);
    // The two idle sockets are gone once the front saw them close; then a gateway gets in again.
    let deadline = tokio::time::Instant::now() + Duration::from_secs(10);
    loop {
        if connect(addr, "EG-0002", credentials, None).await.is_ok() {
            break;
        }
        assert!(tokio::time::Instant::now() < deadline, "a place never came back");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    drop(first);
}
