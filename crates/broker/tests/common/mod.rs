//! What the broker's socket tests share: a registry standing in for the server's (two gateways, the server's
//! client, and three GM sources), a broker on a free port, and a real MQTT client whose packets a test waits for.
#![allow(dead_code)] // Each test file uses its own part of this.

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use ironsight_broker::async_trait;
use ironsight_broker::{Authority, BrokerConfig, Identity, RunningBroker, start};
use ironsight_protocol::topics::{Channel, GatewayTopics};
use rumqttc::{
    AsyncClient, ConnectReturnCode, ConnectionError, Event, LastWill, MqttOptions, Packet, Publish, QoS,
    SubscribeReasonCode,
};
use tokio::sync::mpsc;
use tokio::time::timeout;

pub const DEADLINE: Duration = Duration::from_secs(15);
pub const SERVER_USER: &str = ironsight_broker::SERVER_CLIENT;
pub const SERVER_SECRET: &str = "server-secret";
pub const GATEWAYS: [(&str, &str); 2] = [("EG-0001", "secret-1"), ("EG-0002", "secret-2")];

/// GM sources the registry knows: user name (also the client id), secret, identity.
pub fn gm_sources() -> [(&'static str, &'static str, Identity); 3] {
    let node = |node: &str| Identity::SparkplugNode { group: "Plant".to_owned(), node: node.to_owned() };
    [
        ("gmnode1", "secret-n1", node("Edge-1")),
        ("gmnode2", "secret-n2", node("Edge-2")),
        ("gmjson1", "secret-j1", Identity::JsonDevice { prefix: "plant/line1/s3".to_owned() }),
    ]
}

/// What the server's registry would answer: two known gateways, three GM sources and the server's internal client.
pub struct Registry;

#[async_trait]
impl Authority for Registry {
    async fn authenticate(&self, _client_id: &str, username: &str, password: &[u8]) -> Option<Identity> {
        if username == SERVER_USER && password == SERVER_SECRET.as_bytes() {
            return Some(Identity::Server);
        }
        if let Some((_, _, identity)) =
            gm_sources().into_iter().find(|(user, secret, _)| *user == username && secret.as_bytes() == password)
        {
            return Some(identity);
        }
        GATEWAYS
            .iter()
            .any(|(sn, secret)| *sn == username && secret.as_bytes() == password)
            .then(|| Identity::Gateway { sn: username.to_owned() })
    }
}

pub async fn broker() -> RunningBroker {
    broker_with(|_| {}).await
}

pub async fn broker_with(adjust: impl FnOnce(&mut BrokerConfig)) -> RunningBroker {
    let mut config = BrokerConfig::new("127.0.0.1:0".parse().unwrap());
    adjust(&mut config);
    start(config, Arc::new(Registry)).await.expect("broker starts")
}

pub fn topic(sn: &str, channel: Channel) -> String {
    GatewayTopics::new(sn).unwrap().topic(channel)
}

/// A connected client whose event loop runs in a task; incoming packets arrive on `rx`, and those a wait skipped
/// are kept in `pending` for the next wait.
pub struct Client {
    pub client: AsyncClient,
    pub rx: mpsc::UnboundedReceiver<Packet>,
    pub pending: VecDeque<Packet>,
    pub task: tokio::task::JoinHandle<()>,
}

pub async fn connect(
    addr: SocketAddr,
    client_id: &str,
    credentials: Option<(&str, &str)>,
    will: Option<LastWill>,
) -> Result<Client, ConnectionError> {
    let mut options = MqttOptions::new(client_id, addr.ip().to_string(), addr.port());
    options.set_keep_alive(Duration::from_secs(30));
    if let Some((user, password)) = credentials {
        options.set_credentials(user, password);
    }
    if let Some(will) = will {
        options.set_last_will(will);
    }
    let (client, mut eventloop) = AsyncClient::new(options, 64);
    let connack = timeout(DEADLINE, async {
        loop {
            match eventloop.poll().await {
                Ok(Event::Incoming(Packet::ConnAck(_))) => return Ok(()),
                Ok(_) => {}
                Err(e) => return Err(e),
            }
        }
    })
    .await
    .expect("CONNACK (or a refusal) within the deadline");
    connack?;
    let (tx, rx) = mpsc::unbounded_channel();
    let task = tokio::spawn(async move {
        loop {
            match eventloop.poll().await {
                Ok(Event::Incoming(packet)) => {
                    if tx.send(packet).is_err() {
                        return;
                    }
                }
                Ok(Event::Outgoing(_)) => {}
                Err(_) => return,
            }
        }
    });
    Ok(Client { client, rx, pending: VecDeque::new(), task })
}

pub async fn gateway(addr: SocketAddr, sn: &str) -> Client {
    let secret = GATEWAYS.iter().find(|(s, _)| *s == sn).unwrap().1;
    connect(addr, sn, Some((sn, secret)), None).await.expect("gateway connects")
}

pub async fn server(addr: SocketAddr, client_id: &str) -> Client {
    connect(addr, client_id, Some((SERVER_USER, SERVER_SECRET)), None).await.expect("server client connects")
}

pub fn refusal(result: Result<Client, ConnectionError>) -> ConnectReturnCode {
    match result {
        Ok(_) => panic!("connection accepted, expected a refusal"),
        Err(ConnectionError::ConnectionRefused(code)) => code,
        Err(e) => panic!("expected a CONNACK refusal, got {e}"),
    }
}

impl Client {
    /// The first packet (pending ones first) for which `pick` says `Some`, within the deadline.
    pub async fn wait_for<T>(&mut self, what: &str, mut pick: impl FnMut(&Packet) -> Option<T>) -> T {
        if let Some(i) = self.pending.iter().position(|p| pick(p).is_some()) {
            let packet = self.pending.remove(i).unwrap();
            return pick(&packet).unwrap();
        }
        let found = timeout(DEADLINE, async {
            while let Some(packet) = self.rx.recv().await {
                if let Some(found) = pick(&packet) {
                    return Some(found);
                }
                self.pending.push_back(packet);
            }
            None
        })
        .await;
        match found {
            Ok(Some(found)) => found,
            Ok(None) => panic!("connection closed while waiting for {what}"),
            Err(_) => panic!("no {what} within {DEADLINE:?}"),
        }
    }

    /// The next PUBLISH received.
    pub async fn next_publish(&mut self) -> Publish {
        self.wait_for("PUBLISH", |p| match p {
            Packet::Publish(publish) => Some(publish.clone()),
            _ => None,
        })
        .await
    }

    pub async fn subscribe(&mut self, filter: &str) -> SubscribeReasonCode {
        self.client.subscribe(filter, QoS::AtLeastOnce).await.unwrap();
        self.wait_for("SUBACK", |p| match p {
            Packet::SubAck(ack) => ack.return_codes.first().copied(),
            _ => None,
        })
        .await
    }

    /// Publishes at QoS 1 and waits for the broker's PUBACK (sent also for a publish the ACL dropped).
    pub async fn publish(&mut self, topic: &str, retain: bool, payload: &[u8]) {
        self.client.publish(topic, QoS::AtLeastOnce, retain, payload.to_vec()).await.unwrap();
        self.wait_for("PUBACK", |p| matches!(p, Packet::PubAck(_)).then_some(())).await;
    }

    /// Waits until the broker closes the connection.
    pub async fn closed(&mut self) {
        timeout(DEADLINE, async { while self.rx.recv().await.is_some() {} })
            .await
            .expect("connection closed within the deadline");
    }
}
