//! # Ironsight server
//!
//! One binary: the HTTP API under the spec's paths, sessions, storage, the gateway link (MQTT broker, ingest,
//! commands, live channels) and the built web console.
//!
//! # Layout
//! Every module is named here (a test in this file fails when one is not).
//!
//! The HTTP API:
//! - [`config`]: flags, environment and TOML file, resolved into one [`Config`].
//! - [`routes`]: the route table, one file per area, each row with its access rule and its parameters' kinds and
//!   bounds; router and OpenAPI are built from it.
//! - [`access`]: the access rule of every route, enforced by one layer.
//! - [`api`]: the handlers, one module per area.
//! - [`answers`]: what the calls answer, generated into the web app's TypeScript.
//! - [`response`]: the `{code, message, data}` envelope and successful answers; the caller's language.
//! - [`error`]: [`error::ApiError`], everything a handler can fail with, and how each is answered.
//! - [`params`]: form (dotted keys) and JSON bodies read into one tree with typed, field-naming getters that apply
//!   the route row's declared bounds.
//! - [`listen`]: the HTTP listener, with limits on every connection.
//! - [`session`], [`csrf`], [`audit`]: who is calling, from where, and the record of what they changed.
//! - [`captcha`], [`password`], [`login_guard`]: the login captcha image, argon2id hashing, failed-login throttling.
//! - [`sms`]: verification codes by SMS.
//! - [`svg`]: SVG uploads checked against an allow-list of drawing content.
//! - [`web`]: the embedded web app with history-mode fallback.
//!
//! The gateway link and the work behind the calls:
//! - [`link`]: the MQTT broker and client, ingest of what gateways send, commands, and the Sparkplug B host
//!   application (`link::sparkplug`).
//! - [`live`]: the console's push channels: the hub, the socket tokens and the WebSockets.
//! - [`workers`]: the background work (HTTP listener, link, timed jobs, notifications) under one handle type, and
//!   the order it stops in.
//! - [`backlog`]: work accepted but not yet stored (readings for the history writer, alarm decisions).
//! - [`alarm`]: the alarm engine: rules judged on every fresh reading, no-data checks, records and messages.
//! - [`notify`]: alarm notification beyond the browser: e-mail and webhook channels, the delivery queue and log.
//! - [`expiry`]: the expiry sweep: expire messages 30, 7 and 1 days before an equipment's or gateway's service
//!   expires and on the day.
//! - [`report_table`]: a report's cells, each column's statistic per period, read off the history roll-ups.
//! - [`retention`]: history retention, each organisation's kept days.
//! - [`rollup_worker`]: makes the minute and hour roll-ups of history that reports read.
//! - [`report_archive`]: generates each closed day's and month's reports and keeps them.
//! - [`inspection_schedule`]: the worksheets of inspection plans, generated as they fall due.
//! - [`bootstrap`]: the first administrator and the demo seed.
//! - [`demo`]: the demo's simulated water plant, its two gateway agents and its seed.
//!
//! Third-party services:
//! - [`upstream`]: what the askers of third-party HTTP services share: budgets and timeouts.
//! - [`ezviz`]: EZVIZ cloud video: the live addresses of the video widgets' cameras, their tokens and caches.
//! - [`weather`]: the weather widgets' provider (Open-Meteo protocols), its cache and China's divisions.
//! - [`sound`]: alarm speech: texts spoken by espeak-ng into cached WAV files, an alert tone when it cannot.

pub mod access;
pub mod alarm;
pub mod answers;
pub mod api;
pub mod audit;
pub mod backlog;
pub mod bootstrap;
pub mod captcha;
pub mod config;
pub mod csrf;
pub mod demo;
pub mod error;
pub mod expiry;
pub mod ezviz;
pub mod inspection_schedule;
pub mod link;
pub mod listen;
pub mod live;
pub mod login_guard;
pub mod notify;
pub mod params;
pub mod password;
pub mod report_archive;
pub mod report_table;
pub mod response;
pub mod retention;
pub mod rollup_worker;
pub mod routes;
pub mod session;
pub mod sms;
pub mod sound;
pub mod svg;
pub mod upstream;
pub mod weather;
pub mod web;
pub mod workers;

pub use config::Config;

use axum::Router;
use axum::http::{HeaderValue, header};
use axum::middleware::{from_fn, from_fn_with_state};
use ironsight_store::Store;
use std::net::SocketAddr;
use std::sync::Arc;
use tokio::net::TcpListener;
use tower_http::compression::CompressionLayer;
use tower_http::set_header::SetResponseHeaderLayer;

/// Shared by every handler.
#[derive(Clone)]
pub struct AppState {
    pub store: Store,
    pub config: Arc<Config>,
    /// A hash of a random password, verified against when a login name does not exist, so an unknown name costs
    /// the same time as a wrong password.
    pub dummy_hash: Arc<String>,
    /// The gateway link: configurations out, readings in, commands.
    pub link: link::Link,
    /// The console's push hub: the open WebSockets and what is published to them (the link's frames, messages).
    pub live: live::LiveHub,
    /// The weather widgets' provider client and its cache.
    pub weather: Arc<weather::Weather>,
    /// The EZVIZ open API client and its token and address caches.
    pub ezviz: Arc<ezviz::Ezviz>,
    /// Alarm speech: the engine, its one synthesis at a time, the cache of spoken files.
    pub sound: Arc<sound::Sound>,
    /// Queues notifications (alarms, tests) for the delivery worker.
    pub notifier: notify::Notifier,
}

/// Creates the data directory (the SQLite database, pictures, the demo agent's buffer live there, whatever the
/// database), naming the path and the option when it cannot.
pub fn prepare_data_dir(config: &Config) -> anyhow::Result<()> {
    std::fs::create_dir_all(&config.data_dir).map_err(|e| {
        anyhow::anyhow!(
            "cannot create the data directory {} ({e}); choose another with --data-dir (IRONSIGHT_DATA_DIR)",
            config.data_dir.display()
        )
    })
}

/// Connects storage (creating the data directory, running migrations).
pub async fn connect_store(config: &Config) -> anyhow::Result<Store> {
    prepare_data_dir(config)?;
    Store::connect(&config.database_url()).await.map_err(|e| match &config.database_url {
        Some(_) => anyhow::anyhow!("cannot open the database given by --database-url (IRONSIGHT_DATABASE_URL): {e:#}"),
        None => anyhow::anyhow!(
            "cannot open the SQLite database in {} (--data-dir, IRONSIGHT_DATA_DIR): {e:#}",
            config.data_dir.display()
        ),
    })
}

/// The whole HTTP application.
pub fn app(state: AppState) -> Router {
    let api = routes::api_router(&state).layer(from_fn_with_state(state.clone(), csrf::check_origin));
    Router::new()
        .merge(api)
        .fallback(web::serve)
        .layer(from_fn(response::log_internal_errors))
        .layer(from_fn(response::with_request_lang))
        .layer(CompressionLayer::new())
        .layer(keep_alive_hint())
        .layer(frame_guard(header::X_FRAME_OPTIONS, "SAMEORIGIN"))
        .layer(frame_guard(header::CONTENT_SECURITY_POLICY, "frame-ancestors 'self'"))
        .layer(tower_http::trace::TraceLayer::new_for_http().make_span_with(|request: &axum::http::Request<_>| {
            // Path only: the login's query string carries the password.
            tracing::info_span!("http", method = %request.method(), path = request.uri().path())
        }))
        .with_state(state)
}

/// Clickjacking defence on every answer: no other site may show the console (or an API answer) in a frame, so
/// none can dress a write button up as its own. The console may frame itself (the designer's preview). An answer
/// that sets its own policy keeps it (pictures are served with `sandbox`).
fn frame_guard(name: header::HeaderName, value: &'static str) -> SetResponseHeaderLayer<HeaderValue> {
    SetResponseHeaderLayer::if_not_present(name, HeaderValue::from_static(value))
}

/// `Keep-Alive: timeout=…` on every answer: how long the server keeps an idle connection, so pooling clients retire
/// it first ([`listen::KEEP_ALIVE_HINT`]).
fn keep_alive_hint() -> SetResponseHeaderLayer<HeaderValue> {
    let value = format!("timeout={}", listen::KEEP_ALIVE_HINT.as_secs());
    SetResponseHeaderLayer::if_not_present(
        header::HeaderName::from_static("keep-alive"),
        HeaderValue::from_str(&value).expect("digits are a header value"),
    )
}

/// A server bound to its port and running in the background.
pub struct Running {
    pub addr: SocketAddr,
    /// Where gateways reach the MQTT broker (the embedded broker's bound address, or the external broker's).
    pub broker_addr: String,
    pub state: AppState,
    /// The HTTP listener; dropping it stops it at once.
    pub http: workers::Worker,
    /// The demo's simulated devices and agent, when `demo_devices` is on.
    pub demo: Option<demo::DemoPlant>,
    /// The background work in its stop order ([`workers`]); dropping it stops it at once.
    pub workers: workers::Workers,
}

impl Running {
    /// A graceful stop (SIGTERM, Ctrl-C): HTTP first (no new requests; those under way are answered), then the demo
    /// plant's agents (each says goodbye to the broker), then the workers in the order [`start`] gave them.
    pub async fn shutdown(self) {
        self.http.stop().await;
        if let Some(demo) = self.demo {
            demo.shutdown().await;
        }
        self.workers.stop().await;
    }
}

/// Binds `config.listen` and the MQTT side, seeds accounts, pushes gateway configurations, and serves in the
/// background.
pub async fn start(config: Config) -> anyhow::Result<Running> {
    let listener = TcpListener::bind(config.listen).await.map_err(|e| {
        anyhow::anyhow!("cannot listen on {} ({e}); choose another address with --listen", config.listen)
    })?;
    let addr = listener.local_addr()?;
    let store = connect_store(&config).await?;
    let dummy_hash = Arc::new(password::hash_blocking(session::new_token()).await?);
    let notifier = notify::Notifier::new(store.clone(), config.notify.clone());
    let live = live::LiveHub::default();
    let (link, link_runtime) = link::start(&config, store.clone(), notifier.clone(), live.clone()).await?;
    let broker_addr = link_runtime.broker_addr.clone();
    let weather = Arc::new(weather::Weather::new(config.weather_url.clone(), config.geocoding_url.clone()));
    let ezviz = Arc::new(ezviz::Ezviz::new(config.ezviz_url.clone()));
    let sound = Arc::new(sound::Sound::new(config.espeak.clone(), &config.data_dir));
    let state = AppState { store, config: Arc::new(config), dummy_hash, link, live, weather, ezviz, sound, notifier };
    bootstrap::run(&state).await?;
    let demo = if state.config.demo && state.config.demo_devices {
        Some(demo::start(&state, &broker_addr).await?)
    } else {
        None
    };
    state.link.push_all_configs().await?;
    // The stop order: the timed jobs (each lets a run under way finish), then the link (what it took in is stored,
    // alarms with it, which may queue notifications), then the notifications (the sends under way finish).
    let mut workers = workers::Workers::default();
    // After the demo's seed, so its expiry dates are told at once.
    workers.push(expiry::start(state.clone()));
    workers.push(inspection_schedule::start(state.clone()));
    workers.push(retention::start(state.clone()));
    workers.push(rollup_worker::start(state.store.clone()));
    workers.push(report_archive::start(state.clone()));
    workers.push(workers::Worker::with_stop("gateway link", link_runtime.shutdown()));
    workers.push(state.notifier.start()?);
    let http = workers::Worker::spawn("HTTP", |stop| listen::serve(listener, app(state.clone()), stop));
    Ok(Running { addr, broker_addr, state, http, demo, workers })
}

#[cfg(test)]
mod layout_tests {
    /// Each crate's `lib.rs` with its name: the server's, and those of the crates it is built from (their sources
    /// sit beside this one in the workspace).
    const CRATES: &[(&str, &str)] = &[
        ("server", include_str!("lib.rs")),
        ("store", include_str!("../../store/src/lib.rs")),
        ("domain", include_str!("../../domain/src/lib.rs")),
        ("protocol", include_str!("../../protocol/src/lib.rs")),
        ("broker", include_str!("../../broker/src/lib.rs")),
        ("gateway", include_str!("../../gateway/src/lib.rs")),
        ("devsim", include_str!("../../devsim/src/lib.rs")),
    ];

    /// The modules a `lib.rs` declares (`pub mod x;`, `mod x;`, `pub(crate) mod x;`).
    fn modules(source: &str) -> Vec<&str> {
        source
            .lines()
            .filter_map(|line| {
                let line = line.strip_prefix("pub(crate) ").or_else(|| line.strip_prefix("pub ")).unwrap_or(line);
                line.strip_prefix("mod ")?.strip_suffix(';')
            })
            .collect()
    }

    /// Every crate's Layout section names each of its modules (as a link, or in code quotes: a private module cannot
    /// be linked from public docs): a reader starts there, and a module missing from it is a module nobody finds.
    #[test]
    fn every_module_is_named_in_its_crates_layout() {
        let mut missing = Vec::new();
        for (name, source) in CRATES {
            let layout = source.split("//! # Layout").nth(1).unwrap_or_else(|| panic!("{name}: a Layout section"));
            let layout: String =
                layout.lines().skip(1).take_while(|l| l.starts_with("//!")).collect::<Vec<_>>().join("\n");
            let declared = modules(source);
            assert!(!declared.is_empty(), "{name}: no modules read");
            for module in declared {
                let named = [format!("[`{module}`]"), format!("`{module}`"), format!("`{module}.rs`")];
                if !named.iter().any(|n| layout.contains(n.as_str())) {
                    missing.push(format!("{name}::{module}"));
                }
            }
        }
        assert!(missing.is_empty(), "modules not named in their crate's lib.rs Layout: {missing:?}");
    }
}
