//! Server configuration from flags, `IRONSIGHT_*` environment variables and an optional TOML file.
//!
//! Precedence: a flag, then its environment variable (clap reads both), then the TOML file given by `--config`,
//! then the default named in `--help`.

use clap::Parser;
use ironsight_domain::Lang;
use serde::Deserialize;
use std::net::SocketAddr;
use std::path::PathBuf;

/// Command line of the `ironsight` server.
#[derive(Parser, Debug, Default)]
#[command(name = "ironsight", version, about = "Ironsight: web console for industrial equipment and gateways")]
pub struct Cli {
    /// TOML file with any of the options below (keys as the long flag names, with `_` for `-`).
    #[arg(long, env = "IRONSIGHT_CONFIG")]
    pub config: Option<PathBuf>,
    /// Address the HTTP server listens on. [default: 0.0.0.0:8080]
    #[arg(long, env = "IRONSIGHT_LISTEN")]
    pub listen: Option<SocketAddr>,
    /// Directory for the embedded SQLite database and other state. [default: ./data]
    #[arg(long, env = "IRONSIGHT_DATA_DIR")]
    pub data_dir: Option<PathBuf>,
    /// `postgres://user@host:port/db` switches storage from the embedded SQLite to PostgreSQL.
    #[arg(long, env = "IRONSIGHT_DATABASE_URL", hide_env_values = true)]
    pub database_url: Option<String>,
    /// Seed a demo organisation and the demo account `demo` / `Demo@12345`. Never on a real deployment.
    #[arg(long, env = "IRONSIGHT_DEMO")]
    pub demo: bool,
    /// Turn the login captcha off. For automated tests only; the captcha is on by default.
    #[arg(long, env = "IRONSIGHT_NO_CAPTCHA")]
    pub no_captcha: bool,
    /// Extra origins allowed to make state-changing calls, e.g. `https://console.example.com` behind a reverse
    /// proxy that rewrites the Host header. Repeat or comma-separate. Same-origin calls are always allowed.
    #[arg(long, env = "IRONSIGHT_ALLOWED_ORIGINS", value_delimiter = ',')]
    pub allowed_origin: Vec<String>,
    /// Mark cookies `Secure` (serve over HTTPS). Also set per request when `X-Forwarded-Proto: https` arrives
    /// through a trusted proxy.
    #[arg(long, env = "IRONSIGHT_COOKIE_SECURE")]
    pub cookie_secure: bool,
    /// Take the client address from the last `X-Forwarded-For` entry, the one your proxy appends (only behind a
    /// proxy you run, which must append to the header).
    #[arg(long, env = "IRONSIGHT_TRUST_PROXY")]
    pub trust_proxy: bool,
    /// Minutes a session may stay idle before it expires. [default: 720]
    #[arg(long, env = "IRONSIGHT_SESSION_IDLE_MINUTES")]
    pub session_idle_minutes: Option<i64>,
    /// Address the embedded MQTT broker listens on for gateways. [default: 0.0.0.0:1883]
    #[arg(long, env = "IRONSIGHT_MQTT_LISTEN", conflicts_with = "mqtt_url")]
    pub mqtt_listen: Option<SocketAddr>,
    /// Use an external MQTT broker instead of the embedded one: `mqtt://user:password@host:port`. The broker must
    /// authenticate gateways and confine each to its own topics (docs/gateway-protocol.md has a Mosquitto ACL).
    #[arg(long, env = "IRONSIGHT_MQTT_URL", hide_env_values = true)]
    pub mqtt_url: Option<String>,
    /// Base URL of an Open-Meteo compatible forecast service (`{base}/v1/forecast`), e.g.
    /// `https://api.open-meteo.com`, for the pages' weather widgets. Unset: the widgets say the weather service is
    /// not configured (docs/weather.md).
    #[arg(long, env = "IRONSIGHT_WEATHER_URL")]
    pub weather_url: Option<String>,
    /// Base URL of an Open-Meteo compatible geocoding service (`{base}/v1/search`) that locates a county, e.g.
    /// `https://geocoding-api.open-meteo.com`. [default: the weather URL]
    #[arg(long, env = "IRONSIGHT_GEOCODING_URL")]
    pub geocoding_url: Option<String>,
    /// Base URL of the EZVIZ open API (萤石开放平台, `{base}/api/lapp/...`) the pages' EZVIZ video widgets get their
    /// live addresses from, with each organisation's linked key (docs/ezviz.md). [default: https://open.ys7.com]
    #[arg(long, env = "IRONSIGHT_EZVIZ_URL")]
    pub ezviz_url: Option<String>,
    /// The default language, `zh-CN` or `en`: the language of what the server seeds (the demo plant's names).
    /// [default: zh-CN]
    #[arg(long, env = "IRONSIGHT_LANG")]
    pub lang: Option<String>,
    /// The speech engine that speaks alarm texts (docs/alarm-sound.md): a program name looked up on PATH, or a
    /// path. Where it is missing, alarms sound a two-tone alert instead. [default: espeak-ng]
    #[arg(long, env = "IRONSIGHT_ESPEAK")]
    pub espeak: Option<PathBuf>,
    /// Let alarm webhooks point at loopback, link-local and private network addresses (an intranet receiver).
    /// Off by default: a user's webhook could otherwise make the server call inside the plant's network
    /// (docs/security.md, "Alarm notification").
    #[arg(long, env = "IRONSIGHT_NOTIFY_ALLOW_PRIVATE")]
    pub notify_allow_private: bool,
    /// Seconds to wait before each retry of a failed notification, comma-separated; a notification is tried once
    /// more than there are waits. [default: 30,120,600]
    #[arg(long, env = "IRONSIGHT_NOTIFY_RETRY_SECONDS", value_delimiter = ',')]
    pub notify_retry_seconds: Vec<u64>,
    /// SMS provider for verification codes (docs/security.md, "Account security"): a URL template holding
    /// `{phone}` and `{code}`, called with POST (both also in a JSON body). Unset: the deployment has no SMS, and a
    /// phone number is a contact field only.
    #[arg(long, env = "IRONSIGHT_SMS_URL")]
    pub sms_url: Option<String>,
    /// A header sent with every SMS request, `Name: value` (the provider's credentials).
    #[arg(long, env = "IRONSIGHT_SMS_HEADER", hide_env_values = true)]
    pub sms_header: Option<String>,
    /// With `--demo`: days of history the demo plant's model makes at the first start, one reading a minute per
    /// signal, so its reports and charts are full at once (0: none). [default: 30]
    #[arg(long, env = "IRONSIGHT_DEMO_HISTORY_DAYS", value_parser = clap::value_parser!(u32).range(0..=366))]
    pub demo_history_days: Option<u32>,
    /// Log filter, e.g. `info` or `ironsight=debug`. [default: info]
    #[arg(long, env = "IRONSIGHT_LOG")]
    pub log: Option<String>,
    /// FOR TESTS ONLY, never for a deployment: seconds between two verification codes to one address instead of the
    /// 60 the security rules set, so a browser test that sends a second code need not wait out a minute
    /// (docs/testing.md). Hidden from `--help`; not read from the configuration file.
    #[arg(long, env = "IRONSIGHT_TEST_ONLY_CODE_RESEND_SECONDS", hide = true)]
    pub test_only_code_resend_seconds: Option<u32>,
    #[command(subcommand)]
    pub command: Option<Command>,
}

/// One-off tasks instead of serving.
#[derive(clap::Subcommand, Debug)]
pub enum Command {
    /// Write generated files the web app reads (the error catalogue, the widget types) into DIR.
    Generate {
        /// Target directory, normally web/src/generated.
        dir: PathBuf,
    },
    /// Print the OpenAPI description of the HTTP API.
    Openapi,
    /// Set an organisation's console theme (title and favicon) in the configured database.
    Theme {
        /// Organisation name (`default` for the first administrator's, `demo` for the demo's).
        #[arg(long)]
        org: String,
        /// Title shown in the header, the login page and the browser tab.
        #[arg(long)]
        title: String,
        /// Favicon URL or data URL; empty keeps the console's own.
        #[arg(long, default_value = "")]
        favicon: String,
    },
}

/// The TOML file: the same options as the flags.
#[derive(Deserialize, Debug, Default)]
#[serde(deny_unknown_fields)]
struct FileConfig {
    listen: Option<SocketAddr>,
    data_dir: Option<PathBuf>,
    database_url: Option<String>,
    demo: Option<bool>,
    no_captcha: Option<bool>,
    allowed_origins: Option<Vec<String>>,
    cookie_secure: Option<bool>,
    trust_proxy: Option<bool>,
    session_idle_minutes: Option<i64>,
    mqtt_listen: Option<SocketAddr>,
    mqtt_url: Option<String>,
    weather_url: Option<String>,
    geocoding_url: Option<String>,
    ezviz_url: Option<String>,
    lang: Option<String>,
    espeak: Option<PathBuf>,
    notify_allow_private: Option<bool>,
    notify_retry_seconds: Option<Vec<u64>>,
    sms_url: Option<String>,
    sms_header: Option<String>,
    log: Option<String>,
}

/// Where the gateways' MQTT broker is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Mqtt {
    /// The server runs its own broker on this address.
    Embedded { listen: SocketAddr },
    /// An external broker; the server connects as a client.
    External(MqttUrl),
}

/// `mqtt://[user[:password]@]host[:port]`, parsed.
#[derive(Clone, PartialEq, Eq)]
pub struct MqttUrl {
    pub host: String,
    pub port: u16,
    pub user: Option<String>,
    pub password: Option<String>,
}

impl std::fmt::Debug for MqttUrl {
    // Never prints the password.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "mqtt://{}@{}:{}", self.user.as_deref().unwrap_or(""), self.host, self.port)
    }
}

impl MqttUrl {
    pub fn parse(text: &str) -> anyhow::Result<MqttUrl> {
        let rest = text
            .strip_prefix("mqtt://")
            .ok_or_else(|| anyhow::anyhow!("--mqtt-url must start with mqtt:// (TLS is not supported yet)"))?;
        let rest = rest.trim_end_matches('/');
        let (credentials, address) = match rest.rsplit_once('@') {
            Some((c, a)) => (Some(c), a),
            None => (None, rest),
        };
        let (user, password) = match credentials {
            Some(c) => match c.split_once(':') {
                Some((u, p)) => (Some(decode(u)), Some(decode(p))),
                None => (Some(decode(c)), None),
            },
            None => (None, None),
        };
        let (host, port) = match address.rsplit_once(':') {
            Some((h, p)) => {
                (h, p.parse::<u16>().map_err(|_| anyhow::anyhow!("--mqtt-url: port {p:?} is not a number"))?)
            }
            None => (address, 1883),
        };
        anyhow::ensure!(!host.is_empty(), "--mqtt-url has no host");
        Ok(MqttUrl { host: host.to_owned(), port, user, password })
    }
}

/// `--notify-allow-private` and `--notify-retry-seconds` (each wait at most a day: a retry is for a receiver that
/// is down a while, not a queue of its own).
fn notify_config(
    cli: &Cli,
    file_allow: Option<bool>,
    file_retries: Option<Vec<u64>>,
) -> anyhow::Result<crate::notify::NotifyConfig> {
    let retries =
        if cli.notify_retry_seconds.is_empty() { file_retries } else { Some(cli.notify_retry_seconds.clone()) };
    let retry_delays = match retries {
        None => crate::notify::DEFAULT_RETRY_DELAYS.to_vec(),
        Some(seconds) => {
            anyhow::ensure!(seconds.len() <= 10, "--notify-retry-seconds takes at most 10 waits");
            anyhow::ensure!(seconds.iter().all(|s| *s <= 86_400), "--notify-retry-seconds: each wait at most 86400");
            seconds.into_iter().map(std::time::Duration::from_secs).collect()
        }
    };
    Ok(crate::notify::NotifyConfig {
        allow_private: cli.notify_allow_private || file_allow.unwrap_or(false),
        retry_delays,
    })
}

/// `--lang`: `zh-CN` (also `zh`, any case) or `en`.
fn language(given: Option<String>) -> anyhow::Result<Lang> {
    match given.as_deref().map(str::trim) {
        None | Some("") => Ok(Lang::Zh),
        Some(tag) if tag.eq_ignore_ascii_case("zh-CN") || tag.eq_ignore_ascii_case("zh") => Ok(Lang::Zh),
        Some(tag) if tag.eq_ignore_ascii_case("en") => Ok(Lang::En),
        Some(tag) => anyhow::bail!("--lang must be zh-CN or en (got {tag:?})"),
    }
}

/// EZVIZ's own open API, where the EZVIZ video widgets' live addresses come from unless `--ezviz-url` says.
pub const DEFAULT_EZVIZ_URL: &str = "https://open.ys7.com";

/// An http(s) base URL without its trailing `/`; empty is unset.
fn base_url(option: &str, given: Option<String>) -> anyhow::Result<Option<String>> {
    let Some(url) = given.map(|u| u.trim().trim_end_matches('/').to_owned()).filter(|u| !u.is_empty()) else {
        return Ok(None);
    };
    anyhow::ensure!(
        url.starts_with("http://") || url.starts_with("https://"),
        "{option} must start with http:// or https:// (got {url:?})"
    );
    Ok(Some(url))
}

fn decode(text: &str) -> String {
    percent_encoding::percent_decode_str(text).decode_utf8_lossy().into_owned()
}

/// The resolved configuration the server runs with.
#[derive(Clone, Debug)]
pub struct Config {
    pub listen: SocketAddr,
    pub data_dir: PathBuf,
    /// `None` means the embedded SQLite under `data_dir`.
    pub database_url: Option<String>,
    pub demo: bool,
    pub captcha: bool,
    /// Origins (scheme://host[:port]) allowed besides the request's own.
    pub allowed_origins: Vec<String>,
    pub cookie_secure: bool,
    pub trust_proxy: bool,
    pub session_idle_ms: i64,
    pub mqtt: Mqtt,
    /// With `demo`: also run a simulated pump station and a gateway agent in the process, so the demo has live
    /// data. Off in tests, which bring their own devices.
    pub demo_devices: bool,
    /// The periods of the demo plant's events (the pump's fault, the second gateway's dropout); tests shorten them.
    pub demo_schedule: crate::demo::Schedule,
    /// The default language: the language of the names the server seeds (the demo plant).
    pub lang: Lang,
    /// Base URL of the Open-Meteo compatible forecast service; `None`: the weather call answers 1270.
    pub weather_url: Option<String>,
    /// Base URL of the Open-Meteo compatible geocoding service (the weather URL when not given).
    pub geocoding_url: Option<String>,
    /// Base URL of the EZVIZ open API, without its trailing `/` ([`DEFAULT_EZVIZ_URL`] unless configured).
    pub ezviz_url: String,
    /// The speech engine program for alarm speech (`espeak-ng` on PATH unless configured; [`crate::sound`]).
    pub espeak: PathBuf,
    /// Alarm notification by e-mail and webhooks: the private-address rule and the retry delays ([`crate::notify`]).
    pub notify: crate::notify::NotifyConfig,
    /// The SMS provider of verification codes; `None`: no SMS (the console's `nosms` screens).
    pub sms: Option<crate::sms::SmsConfig>,
    /// The wait between two verification codes to one address: [`crate::api::security_codes::RESEND_WAIT_MS`],
    /// shorter only when a test asks for it (`--test-only-code-resend-seconds`).
    pub code_resend_wait_ms: i64,
    pub log: String,
}

impl Config {
    /// Merges flags and environment over the TOML file over defaults.
    pub fn resolve(cli: &Cli) -> anyhow::Result<Config> {
        let file: FileConfig = match &cli.config {
            Some(path) => {
                let text = std::fs::read_to_string(path)
                    .map_err(|e| anyhow::anyhow!("cannot read {}: {e}", path.display()))?;
                toml::from_str(&text).map_err(|e| anyhow::anyhow!("{}: {e}", path.display()))?
            }
            None => FileConfig::default(),
        };
        let idle_minutes = cli.session_idle_minutes.or(file.session_idle_minutes).unwrap_or(720);
        anyhow::ensure!(idle_minutes > 0, "--session-idle-minutes must be positive");
        let mqtt = match cli.mqtt_url.clone().or(file.mqtt_url) {
            Some(url) => Mqtt::External(MqttUrl::parse(&url)?),
            None => Mqtt::Embedded {
                listen: cli
                    .mqtt_listen
                    .or(file.mqtt_listen)
                    .unwrap_or_else(|| "0.0.0.0:1883".parse().expect("valid default")),
            },
        };
        let demo = cli.demo || file.demo.unwrap_or(false);
        let weather_url = base_url("--weather-url", cli.weather_url.clone().or(file.weather_url))?;
        let geocoding_url = base_url("--geocoding-url", cli.geocoding_url.clone().or(file.geocoding_url))?
            .or_else(|| weather_url.clone());
        let ezviz_url = base_url("--ezviz-url", cli.ezviz_url.clone().or(file.ezviz_url))?
            .unwrap_or_else(|| DEFAULT_EZVIZ_URL.to_owned());
        let mut allowed_origins = file.allowed_origins.unwrap_or_default();
        allowed_origins.extend(cli.allowed_origin.iter().cloned());
        Ok(Config {
            listen: cli.listen.or(file.listen).unwrap_or_else(|| "0.0.0.0:8080".parse().expect("valid default")),
            data_dir: cli.data_dir.clone().or(file.data_dir).unwrap_or_else(|| PathBuf::from("./data")),
            database_url: cli.database_url.clone().or(file.database_url),
            demo,
            captcha: !(cli.no_captcha || file.no_captcha.unwrap_or(false)),
            allowed_origins: allowed_origins
                .into_iter()
                .map(|o| o.trim().trim_end_matches('/').to_owned())
                .filter(|o| !o.is_empty())
                .collect(),
            cookie_secure: cli.cookie_secure || file.cookie_secure.unwrap_or(false),
            trust_proxy: cli.trust_proxy || file.trust_proxy.unwrap_or(false),
            session_idle_ms: idle_minutes * 60_000,
            mqtt,
            demo_devices: demo,
            demo_schedule: crate::demo::Schedule {
                history_days: cli.demo_history_days.unwrap_or(crate::demo::HISTORY_DAYS),
                ..Default::default()
            },
            lang: language(cli.lang.clone().or(file.lang))?,
            weather_url,
            geocoding_url,
            ezviz_url,
            espeak: [cli.espeak.clone(), file.espeak]
                .into_iter()
                .flatten()
                .find(|path| !path.as_os_str().is_empty())
                .unwrap_or_else(|| PathBuf::from(crate::sound::DEFAULT_ENGINE)),
            notify: notify_config(cli, file.notify_allow_private, file.notify_retry_seconds)?,
            sms: crate::sms::SmsConfig::parse(
                cli.sms_url.clone().or(file.sms_url),
                cli.sms_header.clone().or(file.sms_header),
            )?,
            code_resend_wait_ms: cli
                .test_only_code_resend_seconds
                .map_or(crate::api::security_codes::RESEND_WAIT_MS, |seconds| i64::from(seconds) * 1000),
            log: cli.log.clone().or(file.log).unwrap_or_else(|| "info".into()),
        })
    }

    /// The database URL in use: the given one, or SQLite in the data directory.
    pub fn database_url(&self) -> String {
        match &self.database_url {
            Some(url) => url.clone(),
            None => format!("sqlite://{}/ironsight.db?mode=rwc", self.data_dir.display()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn defaults_apply_when_nothing_is_given() {
        let config = Config::resolve(&Cli::default()).unwrap();
        assert_eq!(config.listen.to_string(), "0.0.0.0:8080");
        assert!(config.captcha, "captcha is on by default");
        assert!(!config.demo);
        assert_eq!(config.database_url(), "sqlite://./data/ironsight.db?mode=rwc");
        assert_eq!(config.mqtt, Mqtt::Embedded { listen: "0.0.0.0:1883".parse().unwrap() });
        assert_eq!((config.weather_url, config.geocoding_url), (None, None), "no weather service unless given");
        assert_eq!(config.lang, Lang::Zh, "Chinese is the product's default language");
        assert_eq!(config.espeak, PathBuf::from("espeak-ng"), "the speech engine is looked up on PATH");
    }

    #[test]
    fn the_speech_engine_may_be_named() {
        let cli = Cli { espeak: Some(PathBuf::from("/opt/espeak/bin/espeak-ng")), ..Cli::default() };
        assert_eq!(Config::resolve(&cli).unwrap().espeak, PathBuf::from("/opt/espeak/bin/espeak-ng"));
        let empty = Cli { espeak: Some(PathBuf::new()), ..Cli::default() };
        assert_eq!(Config::resolve(&empty).unwrap().espeak, PathBuf::from("espeak-ng"), "empty is the default");
    }

    #[test]
    fn notification_retries_and_the_private_address_rule_are_configurable() {
        let config = Config::resolve(&Cli::default()).unwrap();
        assert!(!config.notify.allow_private, "webhooks may not reach private networks unless allowed");
        assert_eq!(config.notify.retry_delays, crate::notify::DEFAULT_RETRY_DELAYS.to_vec());
        let cli = Cli { notify_allow_private: true, notify_retry_seconds: vec![1, 5], ..Cli::default() };
        let config = Config::resolve(&cli).unwrap();
        assert!(config.notify.allow_private);
        assert_eq!(config.notify.retry_delays, [std::time::Duration::from_secs(1), std::time::Duration::from_secs(5)]);
        let too_long = Cli { notify_retry_seconds: vec![86_401], ..Cli::default() };
        assert!(Config::resolve(&too_long).is_err());
    }

    #[test]
    fn the_code_resend_wait_is_a_minute_unless_a_test_shortens_it() {
        assert_eq!(Config::resolve(&Cli::default()).unwrap().code_resend_wait_ms, 60_000);
        let test = Cli { test_only_code_resend_seconds: Some(2), ..Cli::default() };
        assert_eq!(Config::resolve(&test).unwrap().code_resend_wait_ms, 2_000);
        let help = <Cli as clap::CommandFactory>::command().render_long_help().to_string();
        assert!(!help.contains("test-only"), "a deployment's --help does not offer it");
    }

    #[test]
    fn the_language_is_zh_cn_or_en() {
        let with = |lang: &str| Config::resolve(&Cli { lang: Some(lang.into()), ..Cli::default() }).map(|c| c.lang);
        assert_eq!(with("en").unwrap(), Lang::En);
        assert_eq!(with("zh-CN").unwrap(), Lang::Zh);
        assert_eq!(with("zh-cn").unwrap(), Lang::Zh);
        assert!(with("fr").is_err());
    }

    #[test]
    fn the_geocoding_url_defaults_to_the_weather_url() {
        let cli = Cli { weather_url: Some("https://api.open-meteo.com/".into()), ..Cli::default() };
        let config = Config::resolve(&cli).unwrap();
        assert_eq!(config.weather_url.as_deref(), Some("https://api.open-meteo.com"));
        assert_eq!(config.geocoding_url.as_deref(), Some("https://api.open-meteo.com"));
        let cli = Cli { geocoding_url: Some("http://127.0.0.1:9/".into()), ..cli };
        assert_eq!(Config::resolve(&cli).unwrap().geocoding_url.as_deref(), Some("http://127.0.0.1:9"));
        let bad = Cli { weather_url: Some("ftp://x".into()), ..Cli::default() };
        assert!(Config::resolve(&bad).is_err(), "only http(s)");
    }

    #[test]
    fn the_ezviz_url_defaults_to_ezviz_and_is_http_only() {
        assert_eq!(Config::resolve(&Cli::default()).unwrap().ezviz_url, "https://open.ys7.com");
        let cli = Cli { ezviz_url: Some("http://127.0.0.1:9/".into()), ..Cli::default() };
        assert_eq!(Config::resolve(&cli).unwrap().ezviz_url, "http://127.0.0.1:9");
        for bad in ["ftp://open.ys7.com", "open.ys7.com", "javascript:x"] {
            let cli = Cli { ezviz_url: Some(bad.into()), ..Cli::default() };
            assert!(Config::resolve(&cli).is_err(), "{bad}");
        }
    }

    #[test]
    fn mqtt_urls_parse_with_and_without_credentials() {
        let url = MqttUrl::parse("mqtt://ironsight-server:p%40ss@broker.local:1884").unwrap();
        assert_eq!((url.host.as_str(), url.port), ("broker.local", 1884));
        assert_eq!((url.user.as_deref(), url.password.as_deref()), (Some("ironsight-server"), Some("p@ss")));
        assert!(!format!("{url:?}").contains("p@ss"), "the password never reaches a log");
        let plain = MqttUrl::parse("mqtt://127.0.0.1").unwrap();
        assert_eq!((plain.port, plain.user), (1883, None));
        for bad in ["tcp://x:1", "mqtt://", "mqtt://host:port", "mqtt://h:70000"] {
            assert!(MqttUrl::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn flags_override_the_file() {
        let dir = std::env::temp_dir().join(format!("ironsight-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("ironsight.toml");
        std::fs::write(&path, "listen = \"127.0.0.1:9000\"\ndemo = true\nallowed_origins = [\"https://a.example/\"]\n")
            .unwrap();
        let cli = Cli { config: Some(path.clone()), listen: Some("127.0.0.1:9100".parse().unwrap()), ..Cli::default() };
        let config = Config::resolve(&cli).unwrap();
        assert_eq!(config.listen.to_string(), "127.0.0.1:9100");
        assert!(config.demo);
        assert_eq!(config.allowed_origins, ["https://a.example"]);
        std::fs::write(&path, "lisen = \"x\"\n").unwrap();
        assert!(Config::resolve(&cli).is_err(), "a misspelt key is an error, not silently ignored");
    }
}
