//! `spawn_app`: a fresh server on 127.0.0.1:0 with a fresh database, and a browser-like client (cookie jar,
//! same-origin `Origin` header) to call it.

use ironsight::{Config, Running};
use ironsight_store::Store;
use reqwest::cookie::{CookieStore, Jar};
use reqwest::{Client, StatusCode};
use serde_json::Value;
use std::sync::Arc;
use std::sync::atomic::{AtomicUsize, Ordering};

/// Which database a test runs on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Options for a test server.
#[derive(Clone, Copy, Default)]
pub struct Options {
    pub captcha: bool,
    /// Use the machine's Mosquitto (127.0.0.1:1883, `IRONSIGHT_TEST_MQTT` to override) instead of the embedded
    /// broker.
    pub external_mqtt: bool,
    /// With `external_mqtt`: the broker's port on 127.0.0.1 (0: the machine's Mosquitto).
    pub mqtt_port: u16,
    /// Behind a proxy: the client's address is the last `X-Forwarded-For` entry.
    pub trust_proxy: bool,
    /// The weather and geocoding services' base URL (a stand-in the test runs; leaked, as Options is Copy).
    pub weather_url: Option<&'static str>,
    /// Run the demo plant (simulated devices and gateway agents) with this schedule; `None`: the demo account
    /// only, as most tests want.
    pub demo_plant: Option<ironsight::demo::Schedule>,
    /// Start without `--demo` at all.
    pub no_demo: bool,
    /// The alarm-speech engine (`--espeak`); `None`: `espeak-ng` on PATH, as a deployment has it.
    pub espeak: Option<&'static str>,
    /// `--notify-allow-private`: webhooks may reach the test's own receivers on 127.0.0.1.
    pub notify_allow_private: bool,
    /// `--ezviz-url`: the EZVIZ open API's base URL (a stand-in the test runs; leaked, as Options is Copy); `None`:
    /// EZVIZ's own, as a deployment has it.
    pub ezviz_url: Option<&'static str>,
    /// `--sms-url`: the SMS provider's URL template (a receiver the test runs; leaked, as Options is Copy).
    pub sms_url: Option<&'static str>,
}

pub struct TestApp {
    pub base: String,
    pub client: Client,
    pub jar: Arc<Jar>,
    pub store: Store,
    running: Running,
    /// Second servers on the same database ([`TestApp::start_twin`]), kept running until the test ends: dropping
    /// a server stops it.
    twins: std::sync::Mutex<Vec<Running>>,
    _dir: tempfile::TempDir,
    pg_database: Option<String>,
    /// With an external broker: the URL the server connects with (its user name is its client id, so another
    /// process using it takes the same persistent session over).
    pub mqtt_url: Option<String>,
}

static COUNTER: AtomicUsize = AtomicUsize::new(0);
static SWEPT: tokio::sync::OnceCell<()> = tokio::sync::OnceCell::const_new();

/// Test databases are named `ironsight_t_{created, Unix seconds}_{process}_{count}`: each test may run in its own
/// process (cargo-nextest), and two whole runs may share the one PostgreSQL server, so neither the process id nor a
/// run's start tells a live database from an abandoned one. Its age does.
const STALE_AFTER_SECS: u64 = 3 * 3600;

fn unix_secs() -> u64 {
    std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).expect("clock after 1970").as_secs()
}

/// Drops test databases left by earlier runs that crashed before they could drop their own: those made more than
/// [`STALE_AFTER_SECS`] ago (no run lasts that long) or named by an older scheme.
async fn sweep_stale_databases() {
    let admin =
        Store::admin_connect(&format!("{}/postgres", pg_base())).await.expect("PostgreSQL reachable (is it running?)");
    let now = unix_secs();
    for name in admin.databases_with_prefix("ironsight_t_").await.unwrap() {
        let made: Option<u64> = name["ironsight_t_".len()..].split('_').next().and_then(|s| s.parse().ok());
        // An older scheme put the process id first: a number far below any time this scheme writes.
        let stale = match made {
            Some(made) if made > 1_000_000_000 => now.saturating_sub(made) > STALE_AFTER_SECS,
            _ => true,
        };
        if stale {
            let _ = admin.execute_raw(&format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")).await;
        }
    }
}

fn pg_base() -> String {
    std::env::var("IRONSIGHT_TEST_PG").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432".into())
}

/// Runs admin statements on the PostgreSQL server, in order, over one connection.
async fn pg_admin(statements: &[String]) {
    let admin =
        Store::admin_connect(&format!("{}/postgres", pg_base())).await.expect("PostgreSQL reachable (is it running?)");
    for sql in statements {
        admin.execute_raw(sql).await.unwrap_or_else(|e| panic!("{sql}: {e}"));
    }
}

pub async fn spawn_app(backend: Backend, options: Options) -> TestApp {
    // Server errors (logged, never sent to clients) show up in a failing test's output.
    let _ = tracing_subscriber::fmt().with_env_filter("ironsight=error").with_test_writer().try_init();
    let dir = tempfile::tempdir().unwrap();
    let mut pg_database = None;
    let database_url = match backend {
        Backend::Sqlite => None,
        Backend::Postgres => {
            SWEPT.get_or_init(sweep_stale_databases).await;
            let name = format!(
                "ironsight_t_{}_{}_{}",
                unix_secs(),
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::SeqCst)
            );
            // Commits return before their WAL reaches the disk. What a test proves does not depend on it: a commit
            // is still visible to every later statement, and kept when the server under test is killed (only a
            // crash of PostgreSQL itself could lose the last moment's). It spares the disk a flush per commit, which
            // hundreds of tests at once queue on.
            pg_admin(&[
                format!("CREATE DATABASE {name}"),
                format!("ALTER DATABASE {name} SET synchronous_commit = off"),
            ])
            .await;
            pg_database = Some(name.clone());
            Some(format!("{}/{name}", pg_base()))
        }
    };
    // A user name of its own per test server: the server's client id follows it, so parallel tests on the one
    // Mosquitto do not take each other's session over.
    let mqtt_url = options.external_mqtt.then(|| {
        format!(
            "mqtt://ironsight-test-{}-{}@{}",
            std::process::id(),
            COUNTER.fetch_add(1, Ordering::SeqCst),
            match options.mqtt_port {
                0 => std::env::var("IRONSIGHT_TEST_MQTT").unwrap_or_else(|_| "127.0.0.1:1883".into()),
                port => format!("127.0.0.1:{port}"),
            }
        )
    });
    let config = Config {
        listen: "127.0.0.1:0".parse().unwrap(),
        data_dir: dir.path().to_path_buf(),
        database_url,
        demo: !options.no_demo,
        captcha: options.captcha,
        allowed_origins: vec![],
        cookie_secure: false,
        trust_proxy: options.trust_proxy,
        session_idle_ms: 60 * 60_000,
        mqtt: if let Some(url) = &mqtt_url {
            ironsight::config::Mqtt::External(ironsight::config::MqttUrl::parse(url).unwrap())
        } else {
            ironsight::config::Mqtt::Embedded { listen: "127.0.0.1:0".parse().unwrap() }
        },
        demo_devices: options.demo_plant.is_some(),
        demo_schedule: options.demo_plant.unwrap_or_default(),
        lang: ironsight_domain::Lang::Zh,
        weather_url: options.weather_url.map(str::to_owned),
        geocoding_url: options.weather_url.map(str::to_owned),
        ezviz_url: options.ezviz_url.unwrap_or(ironsight::config::DEFAULT_EZVIZ_URL).to_owned(),
        espeak: options.espeak.unwrap_or(ironsight::sound::DEFAULT_ENGINE).into(),
        // Retries a moment apart, so a failing receiver's retries end within a test (never timed by one).
        notify: ironsight::notify::NotifyConfig {
            allow_private: options.notify_allow_private,
            retry_delays: vec![std::time::Duration::from_millis(100); 2],
        },
        sms: options.sms_url.map(|url| {
            ironsight::sms::SmsConfig::parse(Some(url.into()), Some("X-Token: test-secret".into())).unwrap().unwrap()
        }),
        code_resend_wait_ms: ironsight::api::security_codes::RESEND_WAIT_MS,
        log: "warn".into(),
    };
    let running = ironsight::start(config).await.expect("server starts");
    let base = format!("http://127.0.0.1:{}", running.addr.port());
    let (client, jar) = browser(&base);
    TestApp {
        base,
        client,
        jar,
        store: running.state.store.clone(),
        running,
        twins: Default::default(),
        _dir: dir,
        pg_database,
        mqtt_url,
    }
}

/// A client that behaves like the console in a browser: keeps cookies, sends its origin.
pub fn browser(base: &str) -> (Client, Arc<Jar>) {
    let jar = Arc::new(Jar::default());
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("origin", base.parse().unwrap());
    let client = Client::builder().cookie_provider(jar.clone()).default_headers(headers).build().unwrap();
    (client, jar)
}

/// A JSON answer and its HTTP status.
#[derive(Debug)]
pub struct Answer {
    pub status: StatusCode,
    pub body: Value,
}

impl Answer {
    pub fn code(&self) -> &str {
        self.body["code"].as_str().unwrap_or_else(|| panic!("no code in {:?}", self.body))
    }

    pub fn message(&self) -> &str {
        self.body["message"].as_str().unwrap_or("")
    }

    pub fn data(&self) -> &Value {
        &self.body["data"]
    }
}

pub async fn answer(response: reqwest::Response) -> Answer {
    let status = response.status();
    let text = response.text().await.unwrap();
    let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
    Answer { status, body }
}

impl TestApp {
    /// The server's shared state (for calls the HTTP API does not expose, e.g. the broker's secret check).
    pub fn state(&self) -> &ironsight::AppState {
        &self.running.state
    }

    /// A second browser logged in as a new user of organisation `org_id` with the given permission codes.
    pub async fn browser_as_new_user(&self, loginname: &str, org_id: i64, auths: &[&str]) -> reqwest::Client {
        self.browser_as_new(loginname, org_id, "user", auths).await
    }

    /// A second browser logged in as a new administrator of organisation `org_id` (with the manage permission).
    pub async fn browser_as_new_admin(&self, loginname: &str, org_id: i64) -> reqwest::Client {
        self.browser_as_new(loginname, org_id, "admin", &["manage"]).await
    }

    async fn browser_as_new(&self, loginname: &str, org_id: i64, role_type: &str, auths: &[&str]) -> reqwest::Client {
        let hash = ironsight::password::hash("Other@12345").unwrap();
        let auths: Vec<String> = auths.iter().map(|a| (*a).to_owned()).collect();
        let new = ironsight_store::users::NewUser {
            loginname,
            password_hash: &hash,
            org_id,
            role_type,
            data_range: "all",
            auths: &auths,
            tel: "",
            email: "",
        };
        self.store.create_user(&new).await.unwrap().expect("new user");
        let (client, _jar) = browser(&self.base);
        let url = format!("{}/lfscada/user/login?loginname={loginname}&password=Other%4012345", self.base);
        assert_eq!(answer(client.post(url).send().await.unwrap()).await.code(), "200");
        client
    }

    /// The demo plant, when the test runs it (`Options::demo_plant`).
    pub fn demo(&self) -> Option<&ironsight::demo::DemoPlant> {
        self.running.demo.as_ref()
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    /// POST a form body.
    pub async fn post(&self, path: &str, form: &[(&str, &str)]) -> Answer {
        answer(self.client.post(self.url(path)).form(form).send().await.unwrap()).await
    }

    pub async fn get(&self, path: &str) -> Answer {
        answer(self.client.get(self.url(path)).send().await.unwrap()).await
    }

    /// Logs in with the given credentials (no captcha unless the app has it on, then it reads the answer).
    pub async fn login(&self, loginname: &str, password: &str) -> Answer {
        let vcode = self.fetch_captcha_answer().await.unwrap_or_default();
        let url = reqwest::Url::parse_with_params(
            &self.url("/lfscada/user/login"),
            &[("loginname", loginname), ("password", password), ("vcode", &vcode)],
        )
        .unwrap();
        answer(self.client.post(url).send().await.unwrap()).await
    }

    pub async fn login_demo(&self) {
        let answer = self.login("demo", "Demo@12345").await;
        assert_eq!(answer.code(), "200", "{:?}", answer.body);
    }

    /// Shows a captcha and reads its answer from the store (a test cannot read the image). `None` when the
    /// captcha is off.
    pub async fn fetch_captcha_answer(&self) -> Option<String> {
        if !self.running.state.config.captcha {
            return None;
        }
        let shown = self.post("/lfscada/user/showVcode", &[]).await;
        assert_eq!(shown.code(), "200");
        let id = self.cookie("ironsight_vcode").expect("captcha cookie");
        self.store.peek_captcha(&id).await.unwrap()
    }

    /// Where gateways reach this server's MQTT broker, as an `mqtt://` URL.
    pub fn broker_url(&self) -> String {
        format!("mqtt://{}", self.running.broker_addr)
    }

    /// A cookie's value from the jar.
    pub fn cookie(&self, name: &str) -> Option<String> {
        let header = self.jar.cookies(&self.base.parse().unwrap())?;
        header.to_str().ok()?.split(';').find_map(|pair| {
            let (k, v) = pair.trim().split_once('=')?;
            (k == name).then(|| v.to_owned())
        })
    }

    /// Starts a second server on the same database and returns its base URL (it runs until the test ends).
    pub async fn start_twin(&self) -> String {
        let mut config = (*self.running.state.config).clone();
        config.listen = "127.0.0.1:0".parse().unwrap();
        let twin = ironsight::start(config).await.expect("twin starts");
        let base = format!("http://127.0.0.1:{}", twin.addr.port());
        self.twins.lock().unwrap().push(twin);
        base
    }

    /// Stops the server and drops the PostgreSQL database.
    /// Stops the server the way SIGTERM does ([`ironsight::Running::shutdown`]) and answers its store (still
    /// open) and data directory, to look at what it stored.
    pub async fn stop_gracefully(self) -> (Store, tempfile::TempDir) {
        self.running.shutdown().await;
        (self.store, self._dir)
    }

    pub async fn finish(mut self) {
        if let Some(demo) = self.running.demo.take() {
            demo.shutdown().await;
        }
        // Dropped, not stopped gracefully: the test is over, and a drop ends each worker at once.
        drop(self.running.http);
        drop(self.running.workers);
        drop(std::mem::take(&mut *self.twins.lock().unwrap()));
        self.store.close().await;
        if let Some(name) = self.pg_database {
            pg_admin(&[format!("DROP DATABASE IF EXISTS {name} WITH (FORCE)")]).await;
        }
    }
}

/// Declares a test that runs once on SQLite and once on PostgreSQL: `both_backends!(name, Options, |app| body)`.
#[macro_export]
macro_rules! both_backends {
    ($name:ident, $options:expr, |$app:ident| $body:block) => {
        mod $name {
            #[allow(unused_imports)]
            use super::*;
            #[allow(unused_imports)]
            use $crate::helpers::*;

            async fn run($app: &TestApp) $body

            #[tokio::test]
            async fn sqlite() {
                let app = spawn_app(Backend::Sqlite, $options).await;
                run(&app).await;
                app.finish().await;
            }

            #[tokio::test]
            async fn postgres() {
                let app = spawn_app(Backend::Postgres, $options).await;
                run(&app).await;
                app.finish().await;
            }
        }
    };
}
