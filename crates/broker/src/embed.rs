//! Everything that touches rmqtt: its listener (on loopback, behind [`crate::front`]), the in-memory retainer, and
//! one hook handler that asks the [`Authority`] at CONNECT and applies [`crate::acl`] to every SUBSCRIBE, PUBLISH
//! and last will. Runs on the broker's own runtime (see the crate docs).

use std::collections::HashMap;
use std::io;
use std::net::SocketAddr;
use std::sync::{Arc, RwLock};

use async_trait::async_trait;
use rmqtt::acl::AuthInfo;
use rmqtt::codec::v5::SubscribeAckReason;
use rmqtt::context::ServerContext;
use rmqtt::fitter::{DefaultFitter, Fitter, FitterManager};
use rmqtt::hook::{Handler, HookResult, Parameter, ReturnType, Type};
use rmqtt::net::Builder;
use rmqtt::server::MqttServer;
use rmqtt::session::Session;
use rmqtt::types::{
    AuthResult, ConnectInfo, Disconnect, FitterType, Id, LastWill, ListenerConfig, PublishAclResult, SubscribeAclResult,
};
use std::num::{NonZeroU16, NonZeroU32};
use std::time::{Duration, Instant};
use tokio::runtime::Handle;

use crate::conn_cap::ConnectionCap;
use crate::throttle::LoginThrottle;
use tokio::net::{TcpListener, TcpSocket};

use crate::{
    AUTHENTICATE_TIMEOUT, Authority, BrokerConfig, BrokerError, HANDSHAKE_TIMEOUT, Identity, MAX_PACKET_BYTES,
    SERVER_CLIENT, acl,
};

/// The retainer plugin's settings, given in-process so that no plugin directory or file is needed.
/// `retained_message_ttl = "0s"` keeps retained messages until they are replaced: without it rmqtt would expire a
/// retained `config` or `status` with the listener's message expiry (five minutes), and a gateway that reconnects
/// later would get no configuration.
const RETAINER_CONFIG: &str = r#"
retained_message_ttl = "0s"
[storage]
type = "ram"
"#;

/// Connections between accept and CONNECT at once; more wait in the listen backlog.
const MAX_HANDSHAKING: usize = 256;
/// rmqtt reads the front's PROXY header inside its accept loop, one connection at a time; the front writes it at
/// once, so this only bounds the wait for a local process that connects to the inner port and says nothing.
const INNER_HEADER_WITHIN: Duration = Duration::from_millis(500);

/// rmqtt's plugin name for the retainer (its crate name), which is also the key of its configuration.
const RETAINER: &str = "rmqtt-retainer";

/// Binds the public port, sets rmqtt up on a loopback port behind it, registers the hooks and spawns both accept
/// loops; returns the public address.
pub(crate) async fn serve(
    config: BrokerConfig,
    authority: Arc<dyn Authority>,
    caller: Handle,
) -> Result<SocketAddr, BrokerError> {
    let public = bind_public(config.listen)?;
    let local_addr = public.local_addr().map_err(|e| BrokerError::Start(format!("local address: {e}")))?;
    let inner_addr = SocketAddr::from(([127, 0, 0, 1], 0));
    let listener = Builder::new()
        .name("ironsight")
        .laddr(inner_addr)
        // Only the front connects here, and it starts every connection with the peer's real address.
        .proxy_protocol(true)
        .proxy_protocol_timeout(INNER_HEADER_WITHIN)
        .nodelay(true)
        // Refused here as well as in the hook: with `true`, rmqtt lets a CONNECT without user name in unasked.
        .allow_anonymous(false)
        .message_expiry_interval(config.queued_message_ttl)
        // A whole gateway configuration travels as one retained message (thousands of signals).
        .max_packet_size(MAX_PACKET_BYTES)
        // A connection must send its CONNECT within a few seconds (rmqtt waits 30 s by default): an idle socket
        // costs a task and a descriptor, and nothing about it was authenticated.
        .handshake_timeout(HANDSHAKE_TIMEOUT)
        .max_handshaking_limit(MAX_HANDSHAKING)
        .bind()
        .map_err(|e| BrokerError::Start(format!("inner listener: {e:#}")))?;
    let inner_addr = listener.local_addr().map_err(|e| BrokerError::Start(format!("inner address: {e}")))?;

    let scx = ServerContext::new()
        // rmqtt refuses CONNECTs while the host's CPU load is high; a busy build machine or a loaded site server
        // must not lock the gateways out.
        .busy_check_enable(false)
        .plugins_config_map_add(RETAINER, RETAINER_CONFIG)
        .build()
        .await;
    rmqtt_retainer::register(&scx, true, true).await.map_err(|e| BrokerError::Start(format!("retainer: {e}")))?;
    *scx.extends.fitter_mgr_mut().await = Box::new(IngestFitterManager);

    let gate =
        Arc::new(Gate { authority, caller, throttle: LoginThrottle::default(), gm_identities: RwLock::default() });
    let register = scx.extends.hook_mgr().register();
    for typ in [Type::ClientAuthenticate, Type::ClientSubscribeCheckAcl, Type::MessagePublishCheckAcl] {
        // Highest priority and `proceed = false`: no other handler can overrule the decision.
        register.add_priority(typ, u32::MAX, Box::new(GateHandler(gate.clone()))).await;
    }
    register.add(Type::MessageDropped, Box::new(DropLogger)).await;
    register.start().await;

    let server = MqttServer::new(scx).listener_by_id(listener, local_addr.port()).build();
    tokio::spawn(async move {
        if let Err(e) = server.run().await {
            tracing::error!("MQTT broker stopped: {e:#}");
        }
    });
    let cap = ConnectionCap::new("MQTT", config.per_address_connections);
    tokio::spawn(crate::front::run(public, inner_addr, cap));
    tracing::info!("MQTT broker listening on {local_addr}");
    Ok(local_addr)
}

/// Messages the broker may queue for the server's own client (rmqtt's default, 1,000, applies to gateways).
///
/// Every reading of every gateway flows to the server through this one session. rmqtt has acknowledged a
/// gateway's publish before it queues it for the server, and when the queue is full it drops the message: the
/// gateway believes it delivered. At 1,000 a short stall of the server (a slow disk, a fleet replaying its
/// buffers) was enough to lose readings. 200,000 reports, about 10 million readings at 50 a report, cover minutes
/// of backlog at full ingest rate, in at most some hundreds of MiB while it lasts.
pub const SERVER_QUEUE: usize = 200_000;

/// QoS 1 messages in flight to the server's client before the broker waits for acknowledgements (default 16).
const SERVER_INFLIGHT: u16 = 512;

/// Gives the server's own session its larger queue and window; everyone else gets the listener's settings.
struct IngestFitterManager;

impl FitterManager for IngestFitterManager {
    fn create(&self, conn_info: Arc<ConnectInfo>, id: Id, cfg: ListenerConfig) -> FitterType {
        let server = id.username.as_ref().is_some_and(|u| &**u == SERVER_CLIENT);
        let default = DefaultFitter::new(conn_info, id, cfg);
        if server { Arc::new(ServerFitter(default)) } else { Arc::new(default) }
    }
}

/// The listener's settings, but with [`SERVER_QUEUE`] and [`SERVER_INFLIGHT`].
struct ServerFitter(DefaultFitter);

#[async_trait]
impl Fitter for ServerFitter {
    fn keep_alive(&self, keep_alive: &mut u16) -> rmqtt::Result<u16> {
        self.0.keep_alive(keep_alive)
    }
    fn max_mqueue_len(&self) -> usize {
        SERVER_QUEUE
    }
    fn mqueue_rate_limit(&self) -> (NonZeroU32, Duration) {
        self.0.mqueue_rate_limit()
    }
    fn max_inflight(&self) -> NonZeroU16 {
        NonZeroU16::new(SERVER_INFLIGHT).expect("non-zero")
    }
    fn session_expiry_interval(&self, d: Option<&Disconnect>) -> Duration {
        self.0.session_expiry_interval(d)
    }
    fn message_expiry_interval(&self, publish: &rmqtt::codec::types::Publish) -> Duration {
        self.0.message_expiry_interval(publish)
    }
    fn max_client_topic_aliases(&self) -> u16 {
        self.0.max_client_topic_aliases()
    }
    fn max_server_topic_aliases(&self) -> u16 {
        self.0.max_server_topic_aliases()
    }
}

/// Says so in the log whenever the broker drops a message it had accepted, so a loss is never silent.
struct DropLogger;

#[async_trait]
impl Handler for DropLogger {
    async fn hook(&self, param: &Parameter, acc: Option<HookResult>) -> ReturnType {
        if let Parameter::MessageDropped(to, from, publish, reason) = param {
            let to = to.as_ref().map(|t| t.client_id.to_string()).unwrap_or_default();
            tracing::warn!(from = %from.client_id, to, topic = %publish.topic, ?reason, "MQTT message dropped");
        }
        (true, acc)
    }
}

/// The public port. `SO_REUSEADDR` lets a restarted server bind again while old connections linger in TIME_WAIT;
/// on Linux it does not let two listeners share the port, so a port held by Mosquitto still fails with AddrInUse.
fn bind_public(addr: SocketAddr) -> Result<TcpListener, BrokerError> {
    let bind = || -> io::Result<TcpListener> {
        let socket = if addr.is_ipv4() { TcpSocket::new_v4()? } else { TcpSocket::new_v6()? };
        socket.set_reuseaddr(true)?;
        socket.bind(addr)?;
        socket.listen(1024)
    };
    bind().map_err(|e| match e.kind() {
        io::ErrorKind::AddrInUse => BrokerError::AddrInUse(addr),
        _ => BrokerError::Bind { addr, source: e },
    })
}

/// The decisions, shared by the three registrations.
struct Gate {
    authority: Arc<dyn Authority>,
    /// The runtime that called [`crate::start`], where the authority's futures run.
    caller: Handle,
    /// Failed logins per client id and address: past the limit, refused before the authority is asked.
    throttle: LoginThrottle,
    /// The identity of each GM source (Sparkplug node, JSON device) that logged in, by user name: rmqtt keeps
    /// only the user name with a session, and a source's topics are not its user name. One entry per registered
    /// source that ever logged in (its last log-in wins), so unauthenticated clients cannot grow it.
    gm_identities: RwLock<HashMap<String, Identity>>,
}

struct GateHandler(Arc<Gate>);

#[async_trait]
impl Handler for GateHandler {
    async fn hook(&self, param: &Parameter, acc: Option<HookResult>) -> ReturnType {
        match param {
            Parameter::ClientAuthenticate(info) => {
                (false, Some(HookResult::AuthResult(self.0.authenticate(info).await)))
            }
            Parameter::ClientSubscribeCheckAcl(session, sub) => {
                let filter: &str = &sub.topic_filter;
                let allowed = self.0.identity_of(session).is_some_and(|id| acl::may_subscribe(&id, filter));
                let result = if allowed {
                    SubscribeAclResult::new_success(sub.opts.qos(), None)
                } else {
                    tracing::warn!(client = %session.id.client_id, filter, "MQTT subscribe refused");
                    SubscribeAclResult::new_failure(SubscribeAckReason::NotAuthorized)
                };
                (false, Some(HookResult::SubscribeAclResult(result)))
            }
            Parameter::MessagePublishCheckAcl(session, publish) => {
                let topic: &str = &publish.topic;
                let allowed = self.0.identity_of(session).is_some_and(|id| acl::may_publish(&id, topic));
                let result = if allowed {
                    PublishAclResult::allow()
                } else {
                    // Dropped, not disconnected (what Mosquitto does too): MQTT 3.1.1 has no way to say "refused"
                    // in a PUBACK, and a disconnect would only make a misconfigured gateway reconnect and retry.
                    tracing::warn!(client = %session.id.client_id, topic, "MQTT publish refused");
                    PublishAclResult::rejected(false, None)
                };
                (false, Some(HookResult::PublishAclResult(result)))
            }
            _ => (true, acc),
        }
    }
}

impl Gate {
    /// The CONNECT decision. Refusals use "bad user name or password" when the authority said no and "not
    /// authorized" for everything else, so a gateway's log tells a wrong secret from a wrong setup.
    async fn authenticate(&self, info: &ConnectInfo) -> AuthResult {
        let client_id: &str = info.client_id();
        let Some(username) = info.username() else {
            tracing::info!(client = client_id, "MQTT anonymous connection refused");
            return AuthResult::NotAuthorized;
        };
        let username: &str = username;
        let password = info.password().map(|p| p.to_vec()).unwrap_or_default();
        let address = info.id().remote_addr.map(|a| a.ip());
        if let Err(refusal) = self.throttle.check(client_id, address, Instant::now()) {
            tracing::warn!(client = client_id, ?address, ?refusal, "MQTT login refused: too many failed logins");
            return AuthResult::NotAuthorized;
        }

        let authority = self.authority.clone();
        let (c, u) = (client_id.to_owned(), username.to_owned());
        let mut asked = self.caller.spawn(async move { authority.authenticate(&c, &u, &password).await });
        let identity = match tokio::time::timeout(AUTHENTICATE_TIMEOUT, &mut asked).await {
            Ok(Ok(Some(identity))) => identity,
            Ok(Ok(None)) => {
                self.throttle.failed(client_id, address, Instant::now());
                tracing::info!(client = client_id, username, "MQTT login refused: bad user name or password");
                return AuthResult::BadUsernameOrPassword;
            }
            Ok(Err(e)) => {
                tracing::error!(client = client_id, username, "MQTT authority failed: {e}");
                return AuthResult::NotAuthorized;
            }
            Err(_) => {
                asked.abort();
                tracing::error!(client = client_id, username, "MQTT authority did not answer in time");
                return AuthResult::NotAuthorized;
            }
        };
        if !acl::identity_fits(&identity, client_id, username) {
            tracing::info!(client = client_id, username, "MQTT login refused: client id must equal the serial number");
            return AuthResult::NotAuthorized;
        }
        if let Some(will) = info.last_will() {
            // rmqtt publishes a will without the publish ACL, so it is checked here, once, before accepting.
            let topic = will_topic(&will);
            if !acl::may_publish(&identity, topic) {
                tracing::info!(client = client_id, username, topic, "MQTT login refused: last will outside its topics");
                return AuthResult::NotAuthorized;
            }
        }
        self.throttle.succeeded(client_id);
        if matches!(identity, Identity::SparkplugNode { .. } | Identity::JsonDevice { .. }) {
            self.gm_identities.write().unwrap_or_else(|e| e.into_inner()).insert(username.to_owned(), identity.clone());
        }
        // `false`: rmqtt's superuser flag would skip the ACL hooks altogether, which not even the server gets.
        AuthResult::Allow(false, Some(auth_info_for(&identity)))
    }
}

fn will_topic<'a>(will: &'a LastWill<'a>) -> &'a str {
    match will {
        LastWill::V3(lw) => &lw.topic,
        LastWill::V5(lw) => &lw.topic,
    }
}

/// rmqtt keeps one thing per session from the authentication for the ACL hooks: the `AuthInfo`. Its `superuser`
/// field is read only by rmqtt's ACL plugin (not loaded here) and has no effect on rmqtt's ACL bypass, which is the
/// separate flag in `AuthResult::Allow` (always `false`), so it carries "this is the server". A gateway's serial
/// number is its user name, which [`acl::identity_fits`] enforced at CONNECT.
fn auth_info_for(identity: &Identity) -> AuthInfo {
    AuthInfo { superuser: matches!(identity, Identity::Server), expire_at: None, rules: Vec::new() }
}

impl Gate {
    /// The inverse of [`auth_info_for`]; `None` (everything refused) for a session that did not pass our CONNECT
    /// hook. A user name that a GM source logged in with is that source; any other is a gateway's serial number
    /// (the server refuses a gateway whose serial number is a source's user name, and the other way round).
    fn identity_of(&self, session: &Session) -> Option<Identity> {
        let info = session.auth_info.as_ref()?;
        if info.superuser {
            return Some(Identity::Server);
        }
        let username = session.id.username.as_ref()?;
        let gm = self.gm_identities.read().unwrap_or_else(|e| e.into_inner()).get(username.as_ref() as &str).cloned();
        Some(gm.unwrap_or_else(|| Identity::Gateway { sn: username.to_string() }))
    }
}
