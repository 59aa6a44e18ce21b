//! The MQTT broker the Ironsight server embeds, so that a site needs no Mosquitto of its own. Gateways log in with
//! their serial number and the secret the server issued; each may publish and subscribe only inside its own
//! `ironsight/v1/gw/{sn}/` subtree (docs/gateway-protocol.md). The broker itself is rmqtt (why: see
//! docs/broker-decision.md); this crate adds the authentication and the ACL through rmqtt's in-process hooks.
//!
//! # Layout
//! - `lib.rs` — the API: [`Authority`] (the server answers "who is this?"), [`Identity`], [`BrokerConfig`],
//!   [`start`], [`RunningBroker`], [`BrokerError`].
//! - `acl.rs` — the access rules as pure functions ([`acl::may_publish`], [`acl::may_subscribe`],
//!   [`acl::identity_fits`]), with their exhaustive tests.
//! - `front.rs` — the public port: our accept loop (per-address cap, first bytes within 5 s) relaying each
//!   connection to rmqtt on loopback with a PROXY header naming the peer; `conn_cap.rs` — the per-address cap,
//!   shared with the server's HTTP listener.
//! - `throttle.rs` — failed MQTT logins counted per address and client id in capped maps, refused before the
//!   authority is asked.
//! - `embed.rs` — everything that touches rmqtt: the listener, the in-memory retainer, and the hook handler that
//!   asks the [`Authority`] at CONNECT and applies `acl` at PUBLISH, SUBSCRIBE and to the last will.
//! - `tests/broker.rs` — the same rules seen from real MQTT clients over real sockets.
//!
//! rmqtt runs on a Tokio runtime of its own (two worker threads): rmqtt spawns tasks that never end (an accept
//! loop, one task per connection, the retainer's expiry sweep), and a runtime of our own is the only way to stop all
//! of them, so that [`RunningBroker::shutdown`] really closes the port and every connection.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// Re-exported so that an [`Authority`] can be implemented without a direct dependency on `async-trait`.
pub use async_trait::async_trait;

pub mod acl;
pub mod conn_cap;
mod embed;
pub mod front;
pub mod throttle;

/// Decides who may connect. The server implements it with its gateway registry (serial number → hashed secret)
/// and with the credentials of its own internal client.
#[async_trait]
pub trait Authority: Send + Sync + 'static {
    /// `Some(identity)` when the user name and password (and client id) are accepted, `None` to refuse.
    ///
    /// Runs on the Tokio runtime that called [`start`] (not on the broker's), so it may use the server's database
    /// pool freely. It should be quick: a CONNECT waits for it, and it is abandoned (and the client refused) after
    /// [`AUTHENTICATE_TIMEOUT`]. Slow password hashing belongs in `spawn_blocking`.
    ///
    /// The broker checks on its own that a [`Identity::Gateway`] matches the CONNECT (`sn` = user name = client
    /// id), so an implementation may look the secret up by user name alone.
    async fn authenticate(&self, client_id: &str, username: &str, password: &[u8]) -> Option<Identity>;
}

/// Who a connection is, as granted by the [`Authority`]; it fixes what the connection may touch (see [`acl`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Identity {
    /// A gateway: its own `ironsight/v1/gw/{sn}/` subtree only.
    Gateway { sn: String },
    /// A Sparkplug B edge node the console registered (GM equipment): its own `spBv1.0/{group}/…/{node}` topics.
    SparkplugNode { group: String, node: String },
    /// A plain JSON device the console registered (GM equipment): topics at or below its own prefix.
    JsonDevice { prefix: String },
    /// The server's own internal client: the gateways' tree, the Sparkplug namespace and the devices' prefixes.
    Server,
}

/// The user name and client id the server's internal client should use. `:` never occurs in a serial number
/// ([`ironsight_protocol::topics::valid_sn`]), so no gateway can log in under this client id and kick the server's
/// session off (MQTT identifies a session by client id alone).
pub const SERVER_CLIENT: &str = "ironsight:server";

/// Largest MQTT packet accepted (both directions): a gateway's whole configuration is one retained message.
pub const MAX_PACKET_BYTES: u32 = 16 * 1024 * 1024;

/// How long a CONNECT may wait for [`Authority::authenticate`] before the client is refused.
pub const AUTHENTICATE_TIMEOUT: Duration = Duration::from_secs(10);

/// How long a new connection may take to send its CONNECT before the broker closes it (rmqtt waits 30 s by
/// default): an idle socket costs a task and a descriptor, and nothing about it was authenticated yet.
pub const HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(5);

/// Where and how the broker listens.
#[derive(Clone, Debug)]
pub struct BrokerConfig {
    /// The TCP address to listen on (the server's `--mqtt-listen`, `0.0.0.0:1883` by default); port 0 picks a free
    /// one, see [`RunningBroker::local_addr`].
    pub listen: SocketAddr,
    /// How long a QoS 1 message may wait in the broker for a subscriber that is offline (a persistent session,
    /// `clean_session = false`) or slow, before it is dropped. Retained messages (`status`, `config`) are not
    /// affected: they are kept until replaced.
    pub queued_message_ttl: Duration,
    /// Connections one address may hold at once ([`PER_ADDRESS_CONNECTIONS`] by default).
    pub per_address_connections: usize,
}

/// Connections one address may hold on the MQTT port by default. Generous: cellular gateways often share one
/// public address behind the carrier's NAT, and a plant's gateways share its router's.
pub const PER_ADDRESS_CONNECTIONS: usize = 4096;

impl BrokerConfig {
    /// Listens on `listen`, keeps queued messages for five minutes (rmqtt's default), and lets one address hold
    /// [`PER_ADDRESS_CONNECTIONS`].
    pub fn new(listen: SocketAddr) -> BrokerConfig {
        BrokerConfig {
            listen,
            queued_message_ttl: Duration::from_secs(5 * 60),
            per_address_connections: PER_ADDRESS_CONNECTIONS,
        }
    }
}

/// Why the broker did not start.
#[derive(Debug, thiserror::Error)]
pub enum BrokerError {
    /// Something else listens there already (often a Mosquitto on 1883); kept apart so the server can say which
    /// option to change.
    #[error("the MQTT address {0} is already in use")]
    AddrInUse(SocketAddr),
    /// The address could not be bound for another reason (permission for a port below 1024, an address this host
    /// does not have, …).
    #[error("cannot listen for MQTT on {addr}: {source}")]
    Bind { addr: SocketAddr, source: std::io::Error },
    /// The broker's own runtime or rmqtt's setup failed.
    #[error("cannot start the MQTT broker: {0}")]
    Start(String),
}

/// The broker, listening. Dropping it stops it too (without waiting); [`RunningBroker::shutdown`] waits.
pub struct RunningBroker {
    local_addr: SocketAddr,
    runtime: Option<tokio::runtime::Runtime>,
}

impl RunningBroker {
    /// The address actually bound (differs from [`BrokerConfig::listen`] when that had port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.local_addr
    }

    /// Stops accepting, closes every connection (clients see the socket close; last wills are *not* published,
    /// since the broker that would deliver them is going away) and frees the port before returning.
    pub async fn shutdown(mut self) {
        if let Some(runtime) = self.runtime.take() {
            // Dropping a runtime blocks until its tasks are dropped, which is not allowed on an async thread.
            let _ = tokio::task::spawn_blocking(move || runtime.shutdown_timeout(Duration::from_secs(5))).await;
        }
    }
}

impl Drop for RunningBroker {
    fn drop(&mut self) {
        if let Some(runtime) = self.runtime.take() {
            runtime.shutdown_background();
        }
    }
}

impl std::fmt::Debug for RunningBroker {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("RunningBroker").field("local_addr", &self.local_addr).finish()
    }
}

/// Binds `config.listen` and starts the broker; returns once it accepts connections.
///
/// Must be called from inside a Tokio runtime: that runtime is where [`Authority::authenticate`] will run.
pub async fn start(config: BrokerConfig, authority: Arc<dyn Authority>) -> Result<RunningBroker, BrokerError> {
    let caller = tokio::runtime::Handle::current();
    let runtime = tokio::runtime::Builder::new_multi_thread()
        .worker_threads(2)
        .thread_name("mqtt-broker")
        .enable_all()
        .build()
        .map_err(|e| BrokerError::Start(format!("runtime: {e}")))?;
    let setup = runtime.spawn(embed::serve(config, authority, caller));
    let setup = match setup.await {
        Ok(result) => result,
        Err(e) => Err(BrokerError::Start(format!("setup task: {e}"))),
    };
    match setup {
        Ok(local_addr) => Ok(RunningBroker { local_addr, runtime: Some(runtime) }),
        Err(e) => {
            // A runtime may not be dropped (which blocks) on an async thread.
            runtime.shutdown_background();
            Err(e)
        }
    }
}
