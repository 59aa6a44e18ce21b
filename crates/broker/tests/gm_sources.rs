//! GM sources (Sparkplug B edge nodes, JSON devices) on the embedded broker, seen from real MQTT clients over real
//! sockets: each reaches only its own topics (docs/gm-equipment.md). "Not delivered" is shown as in broker.rs, by a
//! legitimate marker sent after the forbidden messages on the same connection arriving first.

mod common;

use common::*;
use rumqttc::{ConnectReturnCode, LastWill, QoS, SubscribeReasonCode};

const OK: SubscribeReasonCode = SubscribeReasonCode::Success(QoS::AtLeastOnce);

async fn source(addr: std::net::SocketAddr, username: &str) -> Client {
    let secret = gm_sources().into_iter().find(|(user, _, _)| *user == username).unwrap().1;
    connect(addr, username, Some((username, secret)), None).await.expect("GM source connects")
}

#[tokio::test]
async fn a_sparkplug_node_cannot_publish_as_another_node_or_as_the_host() {
    let broker = broker().await;
    let addr = broker.local_addr();
    let mut srv = server(addr, SERVER_USER).await;
    assert_eq!(srv.subscribe("spBv1.0/#").await, OK);
    let mut other = source(addr, "gmnode2").await;
    assert_eq!(other.subscribe("spBv1.0/Plant/+/Edge-2/#").await, OK);

    let mut node = source(addr, "gmnode1").await;
    for forged in [
        "spBv1.0/Plant/NDATA/Edge-2",
        "spBv1.0/Plant/DDATA/Edge-2/Analyser",
        "spBv1.0/Plant/NCMD/Edge-2",
        "spBv1.0/Plant/DCMD/Edge-1/Analyser",
        "spBv1.0/STATE/ironsight",
        "ironsight/v1/gw/EG-0001/data",
        "plant/line1/s3/data",
    ] {
        node.publish(forged, false, b"forged").await;
    }
    node.publish("spBv1.0/Plant/DDATA/Edge-1/Analyser", false, b"marker").await;
    let first = srv.next_publish().await;
    assert_eq!((first.topic.as_str(), &first.payload[..]), ("spBv1.0/Plant/DDATA/Edge-1/Analyser", &b"marker"[..]));

    other.publish("spBv1.0/Plant/NDATA/Edge-2", false, b"own").await;
    assert_eq!(&other.next_publish().await.payload[..], b"own", "Edge-2 received a forged message");

    // The host's commands reach the node they name.
    assert_eq!(node.subscribe("spBv1.0/Plant/DCMD/Edge-1/#").await, OK);
    assert_eq!(node.subscribe("spBv1.0/Plant/NCMD/Edge-2").await, SubscribeReasonCode::Failure);
    assert_eq!(node.subscribe("spBv1.0/#").await, SubscribeReasonCode::Failure);
    srv.publish("spBv1.0/Plant/DCMD/Edge-1/Analyser", false, b"write").await;
    assert_eq!(&node.next_publish().await.payload[..], b"write");
}

#[tokio::test]
async fn a_json_device_publishes_under_its_prefix_and_hears_commands_on_its_cmd_channel() {
    let broker = broker().await;
    let addr = broker.local_addr();
    let mut srv = server(addr, SERVER_USER).await;
    assert_eq!(srv.subscribe("#").await, OK);
    let mut device = source(addr, "gmjson1").await;
    assert_eq!(device.subscribe("plant/line1/s3/cmd").await, OK);
    assert_eq!(device.subscribe("plant/line1/#").await, SubscribeReasonCode::Failure);

    for forged in ["plant/line1/s3/cmd", "plant/line1/s30/data", "plant/line1/data", "spBv1.0/Plant/NDATA/Edge-1"] {
        device.publish(forged, false, b"forged").await;
    }
    device.publish("plant/line1/s3/data", false, b"marker").await;
    let first = srv.next_publish().await;
    assert_eq!((first.topic.as_str(), &first.payload[..]), ("plant/line1/s3/data", &b"marker"[..]));

    srv.publish("plant/line1/s3/cmd", false, br#"{"set":1}"#).await;
    assert_eq!(&device.next_publish().await.payload[..], br#"{"set":1}"#);
}

#[tokio::test]
async fn a_gm_source_logs_in_only_as_itself_with_its_own_death_certificate() {
    let broker = broker().await;
    let addr = broker.local_addr();
    // The client id must be the user name the console issued.
    let refused = connect(addr, "Edge-1", Some(("gmnode1", "secret-n1")), None).await;
    assert_eq!(refusal(refused), ConnectReturnCode::NotAuthorized);
    let refused = connect(addr, "gmnode1", Some(("gmnode1", "secret-n2")), None).await;
    assert_eq!(refusal(refused), ConnectReturnCode::BadUserNamePassword);
    // Its NDEATH is its will; another node's is refused at CONNECT.
    let own = LastWill::new("spBv1.0/Plant/NDEATH/Edge-1", b"death".to_vec(), QoS::AtLeastOnce, false);
    assert!(connect(addr, "gmnode1", Some(("gmnode1", "secret-n1")), Some(own)).await.is_ok());
    let foreign = LastWill::new("spBv1.0/Plant/NDEATH/Edge-2", b"death".to_vec(), QoS::AtLeastOnce, false);
    let refused = connect(addr, "gmnode1", Some(("gmnode1", "secret-n1")), Some(foreign)).await;
    assert_eq!(refusal(refused), ConnectReturnCode::NotAuthorized);
}
