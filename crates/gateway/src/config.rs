//! The agent's own settings: which broker, who it is, where it keeps its buffer, what it says about itself.
//!
//! They come from a TOML file ([`AgentConfig::load`]) for the binary, or are built in code ([`AgentConfig::new`])
//! by the server's demo mode and the tests. The file refuses unknown keys, so a misspelt `secret_flie` is an
//! error naming the key instead of a silently missing secret. The device configuration is not here: the server
//! sends it over MQTT (`config` topic) and the agent keeps the last one in `buffer_dir`.
//!
//! [`Timing`] holds the periods the agent uses besides those of the device configuration. It is not read from the
//! file (field only settable in code): production wants the defaults; tests want short ones.

use ironsight_protocol::topics::valid_sn;
use serde::Deserialize;
use std::fmt;
use std::path::{Path, PathBuf};
use std::time::Duration;

/// Readings the disk buffer holds before it drops the oldest.
pub const DEFAULT_BUFFER_MAX_READINGS: u64 = 1_000_000;
/// MQTT keep-alive when the file does not say.
pub const DEFAULT_KEEP_ALIVE_SECS: u64 = 10;

/// Where the broker is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BrokerAddr {
    pub host: String,
    pub port: u16,
}

impl BrokerAddr {
    /// Parses `mqtt://host:port` (port 1883 when absent; IPv6 hosts in brackets). Other schemes are refused: the
    /// agent speaks plain MQTT over TCP only.
    pub fn parse(url: &str) -> Result<BrokerAddr, String> {
        let rest = url.trim().strip_prefix("mqtt://").ok_or("must start with mqtt://")?;
        let rest = rest.strip_suffix('/').unwrap_or(rest);
        if rest.contains(['/', '@', '?', '#']) {
            return Err("must be mqtt://host:port, without a path or user".into());
        }
        let (host, port) = if let Some(bracketed) = rest.strip_prefix('[') {
            let (host, after) = bracketed.split_once(']').ok_or("has an unclosed [")?;
            (host, after.strip_prefix(':'))
        } else {
            match rest.rsplit_once(':') {
                Some((host, port)) => (host, Some(port)),
                None => (rest, None),
            }
        };
        if host.is_empty() {
            return Err("has no host".into());
        }
        let port = match port {
            None => 1883,
            Some(port) => match port.parse::<u16>() {
                Ok(port) if port != 0 => port,
                _ => return Err(format!("has a bad port {port:?}")),
            },
        };
        Ok(BrokerAddr { host: host.to_owned(), port })
    }
}

impl fmt::Display for BrokerAddr {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.host.contains(':') {
            write!(f, "mqtt://[{}]:{}", self.host, self.port)
        } else {
            write!(f, "mqtt://{}:{}", self.host, self.port)
        }
    }
}

/// The gateway's MQTT password. Its `Debug` and `Display` never show it, so logging a config cannot leak it.
#[derive(Clone, PartialEq, Eq)]
pub struct Secret(String);

impl Secret {
    pub fn new(secret: impl Into<String>) -> Secret {
        Secret(secret.into())
    }

    /// The secret itself, for the MQTT CONNECT only.
    pub fn expose(&self) -> &str {
        &self.0
    }
}

impl fmt::Debug for Secret {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("Secret(***)")
    }
}

/// Periods that are not part of the device configuration. Defaults suit production; tests shorten them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Timing {
    /// First wait before reconnecting to the broker; doubles after each failure up to `reconnect_max`.
    pub reconnect_min: Duration,
    pub reconnect_max: Duration,
    /// How often the retained status is republished while connected (buffer counters, signal strength change).
    pub status_interval: Duration,
    /// The history sample period when the configuration gives 0.
    pub default_sample_interval: Duration,
    /// How long [`crate::agent::RunningAgent::shutdown`] waits for the broker to acknowledge what is in flight
    /// and the offline status.
    pub shutdown_grace: Duration,
    /// How long a data report the broker acknowledged may wait for the server's word that it is stored
    /// (`…/data/stored`) before it is sent again from the disk buffer: the server may have been killed with the
    /// report in memory while the broker (an external one) stayed up.
    pub stored_timeout: Duration,
}

impl Default for Timing {
    fn default() -> Timing {
        Timing {
            reconnect_min: Duration::from_secs(1),
            reconnect_max: Duration::from_secs(10),
            status_interval: Duration::from_secs(60),
            default_sample_interval: Duration::from_secs(60),
            shutdown_grace: Duration::from_secs(3),
            stored_timeout: Duration::from_secs(60),
        }
    }
}

/// Everything the agent needs to start.
#[derive(Clone, Debug)]
pub struct AgentConfig {
    pub broker: BrokerAddr,
    /// Serial number: MQTT client id and user name, and the topic level of the gateway's subtree.
    pub sn: String,
    pub secret: Secret,
    /// Holds the disk buffer and the last applied device configuration; created if missing.
    pub buffer_dir: PathBuf,
    /// Readings the disk buffer keeps while the broker is unreachable before dropping the oldest.
    pub buffer_max_readings: u64,
    /// Reported in the status.
    pub model: String,
    pub firmware: String,
    pub vpn: bool,
    /// A file holding the modem's signal strength 0–100, read each time the status is published.
    pub signal_strength_file: Option<PathBuf>,
    pub keep_alive_secs: u64,
    pub timing: Timing,
}

/// Why a configuration was refused; names the field.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    #[error("cannot read {path}: {source}")]
    Read { path: PathBuf, source: std::io::Error },
    #[error("{path}: {message}")]
    Syntax { path: PathBuf, message: String },
    #[error("{field}: {message}")]
    Field { field: &'static str, message: String },
}

fn field(field: &'static str, message: impl Into<String>) -> ConfigError {
    ConfigError::Field { field, message: message.into() }
}

/// The file as written; turned into an [`AgentConfig`] by [`AgentConfig::from_toml_str`].
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct ConfigFile {
    broker: String,
    sn: String,
    secret: Option<String>,
    secret_file: Option<PathBuf>,
    buffer_dir: PathBuf,
    #[serde(default = "default_buffer_max_readings")]
    buffer_max_readings: u64,
    #[serde(default)]
    model: String,
    #[serde(default)]
    firmware: String,
    #[serde(default)]
    vpn: bool,
    signal_strength_file: Option<PathBuf>,
    #[serde(default = "default_keep_alive_secs")]
    keep_alive_secs: u64,
}

fn default_buffer_max_readings() -> u64 {
    DEFAULT_BUFFER_MAX_READINGS
}

fn default_keep_alive_secs() -> u64 {
    DEFAULT_KEEP_ALIVE_SECS
}

impl AgentConfig {
    /// A configuration with the defaults for everything not given.
    pub fn new(
        broker: &str,
        sn: &str,
        secret: &str,
        buffer_dir: impl Into<PathBuf>,
    ) -> Result<AgentConfig, ConfigError> {
        let config = AgentConfig {
            broker: BrokerAddr::parse(broker).map_err(|e| field("broker", e))?,
            sn: sn.to_owned(),
            secret: Secret::new(secret),
            buffer_dir: buffer_dir.into(),
            buffer_max_readings: DEFAULT_BUFFER_MAX_READINGS,
            model: String::new(),
            firmware: String::new(),
            vpn: false,
            signal_strength_file: None,
            keep_alive_secs: DEFAULT_KEEP_ALIVE_SECS,
            timing: Timing::default(),
        };
        config.check()?;
        Ok(config)
    }

    /// Reads and checks the TOML file at `path`. Relative paths in it (`secret_file`, `buffer_dir`,
    /// `signal_strength_file`) are relative to the file's folder, not to wherever the agent was started from.
    pub fn load(path: &Path) -> Result<AgentConfig, ConfigError> {
        let text =
            std::fs::read_to_string(path).map_err(|source| ConfigError::Read { path: path.to_owned(), source })?;
        let base = path.parent().unwrap_or(Path::new("."));
        AgentConfig::from_toml_str(&text, base).map_err(|e| match e {
            ConfigError::Syntax { message, .. } => ConfigError::Syntax { path: path.to_owned(), message },
            other => other,
        })
    }

    /// Parses and checks a TOML text; `base` resolves relative paths.
    pub fn from_toml_str(text: &str, base: &Path) -> Result<AgentConfig, ConfigError> {
        let file: ConfigFile = toml::from_str(text)
            .map_err(|e| ConfigError::Syntax { path: PathBuf::from("<config>"), message: e.to_string() })?;
        let secret = match (file.secret, file.secret_file) {
            (Some(_), Some(_)) => return Err(field("secret", "give secret or secret_file, not both")),
            (None, None) => return Err(field("secret", "missing: give secret or secret_file")),
            (Some(secret), None) => secret,
            (None, Some(secret_file)) => {
                let path = base.join(secret_file);
                let text = std::fs::read_to_string(&path)
                    .map_err(|e| field("secret_file", format!("cannot read {}: {e}", path.display())))?;
                text.trim_end_matches(['\r', '\n']).to_owned()
            }
        };
        let config = AgentConfig {
            broker: BrokerAddr::parse(&file.broker).map_err(|e| field("broker", e))?,
            sn: file.sn,
            secret: Secret::new(secret),
            buffer_dir: if file.buffer_dir.as_os_str().is_empty() {
                PathBuf::new()
            } else {
                base.join(file.buffer_dir)
            },
            buffer_max_readings: file.buffer_max_readings,
            model: file.model,
            firmware: file.firmware,
            vpn: file.vpn,
            signal_strength_file: file.signal_strength_file.map(|path| base.join(path)),
            keep_alive_secs: file.keep_alive_secs,
            timing: Timing::default(),
        };
        config.check()?;
        Ok(config)
    }

    /// The rules a configuration built in code must follow too ([`crate::agent::start`] checks again).
    pub fn check(&self) -> Result<(), ConfigError> {
        if !valid_sn(&self.sn) {
            return Err(field("sn", "must be 1 to 64 of A-Z a-z 0-9 - _ ."));
        }
        if self.secret.expose().is_empty() {
            return Err(field("secret", "is empty"));
        }
        if self.buffer_dir.as_os_str().is_empty() {
            return Err(field("buffer_dir", "is empty"));
        }
        if self.buffer_max_readings == 0 {
            return Err(field("buffer_max_readings", "must be at least 1"));
        }
        if !(1..=65_535).contains(&self.keep_alive_secs) {
            return Err(field("keep_alive_secs", "must be 1 to 65535"));
        }
        let t = &self.timing;
        if t.reconnect_min.is_zero() || t.reconnect_max < t.reconnect_min {
            return Err(field("timing", "reconnect_min must be positive and at most reconnect_max"));
        }
        if t.status_interval.is_zero() || t.default_sample_interval.is_zero() || t.stored_timeout.is_zero() {
            return Err(field("timing", "intervals must be positive"));
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const MINIMAL: &str = r#"
        broker = "mqtt://10.0.0.1:1884"
        sn = "EG-0001"
        secret = "s3cret"
        buffer_dir = "/var/lib/ironsight"
    "#;

    fn parse(text: &str) -> Result<AgentConfig, ConfigError> {
        AgentConfig::from_toml_str(text, Path::new("/etc/ironsight"))
    }

    fn error_of(text: &str) -> String {
        parse(text).unwrap_err().to_string()
    }

    #[test]
    fn a_minimal_file_takes_the_defaults() {
        let config = parse(MINIMAL).unwrap();
        assert_eq!(config.broker, BrokerAddr { host: "10.0.0.1".into(), port: 1884 });
        assert_eq!(config.sn, "EG-0001");
        assert_eq!(config.secret.expose(), "s3cret");
        assert_eq!(config.buffer_max_readings, 1_000_000);
        assert_eq!(config.keep_alive_secs, 10);
        assert!(!config.vpn && config.signal_strength_file.is_none() && config.model.is_empty());
        assert_eq!(config.timing, Timing::default());
    }

    #[test]
    fn every_key() {
        let text = r#"
            broker = "mqtt://gw.example.com"
            sn = "EG-0001"
            secret = "x"
            buffer_dir = "buf"
            buffer_max_readings = 500
            model = "EG-200"
            firmware = "1.4.2"
            vpn = true
            signal_strength_file = "/run/modem/signal"
            keep_alive_secs = 30
        "#;
        let config = parse(text).unwrap();
        assert_eq!(config.broker.port, 1883, "default MQTT port");
        assert_eq!((config.buffer_max_readings, config.keep_alive_secs, config.vpn), (500, 30, true));
        assert_eq!((config.model.as_str(), config.firmware.as_str()), ("EG-200", "1.4.2"));
        assert_eq!(config.signal_strength_file.as_deref(), Some(Path::new("/run/modem/signal")));
        assert_eq!(config.buffer_dir, Path::new("/etc/ironsight/buf"), "relative to the config file");
    }

    #[test]
    fn unknown_keys_are_refused_by_name() {
        let message = error_of(&format!("{MINIMAL}\nsecret_flie = \"x\""));
        assert!(message.contains("secret_flie"), "{message}");
    }

    #[test]
    fn errors_name_the_field() {
        let cases = [
            (MINIMAL.replace("mqtt://10.0.0.1:1884", "http://x"), "broker"),
            (MINIMAL.replace("1884", "99999"), "broker"),
            (MINIMAL.replace("EG-0001", "EG/1"), "sn"),
            (MINIMAL.replace("\"s3cret\"", "\"\""), "secret"),
            (MINIMAL.replace("secret = \"s3cret\"", ""), "secret"),
            (format!("{MINIMAL}\nkeep_alive_secs = 0"), "keep_alive_secs"),
            (format!("{MINIMAL}\nbuffer_max_readings = 0"), "buffer_max_readings"),
            (format!("{MINIMAL}\nsecret_file = \"s\""), "secret"),
        ];
        for (text, name) in cases {
            let message = error_of(&text);
            assert!(message.starts_with(name), "{name}: {message}");
        }
        let message = error_of(&format!("{MINIMAL}\nvpn = \"yes\""));
        assert!(message.contains("vpn"), "{message}");
        let message = error_of(&MINIMAL.replace("sn = \"EG-0001\"", ""));
        assert!(message.contains("sn"), "{message}");
    }

    #[test]
    fn secret_file_is_read_relative_to_the_config_and_never_shown() {
        let dir = std::env::temp_dir().join(format!("ironsight-gw-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        std::fs::write(dir.join("secret"), "from-file\n").unwrap();
        let text = MINIMAL.replace("secret = \"s3cret\"", "secret_file = \"secret\"");
        std::fs::write(dir.join("gateway.toml"), &text).unwrap();
        let config = AgentConfig::load(&dir.join("gateway.toml")).unwrap();
        assert_eq!(config.secret.expose(), "from-file");
        assert!(!format!("{config:?}").contains("from-file"));
        let missing = text.replace("\"secret\"", "\"nope\"");
        let message = AgentConfig::from_toml_str(&missing, &dir).unwrap_err().to_string();
        assert!(message.starts_with("secret_file: cannot read"), "{message}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn broker_urls() {
        assert_eq!(BrokerAddr::parse("mqtt://[::1]:1884").unwrap(), BrokerAddr { host: "::1".into(), port: 1884 });
        assert_eq!(BrokerAddr::parse("mqtt://[::1]:1884").unwrap().to_string(), "mqtt://[::1]:1884");
        assert_eq!(BrokerAddr::parse("mqtt://h/").unwrap().to_string(), "mqtt://h:1883");
        for bad in ["", "mqtt://", "mqtts://h:1", "mqtt://u@h", "mqtt://h:0", "mqtt://h:x", "mqtt://h/path", "h:1"] {
            assert!(BrokerAddr::parse(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn new_checks_too() {
        assert!(AgentConfig::new("mqtt://127.0.0.1:1", "EG-1", "s", "/tmp/x").is_ok());
        assert!(AgentConfig::new("mqtt://127.0.0.1:1", "", "s", "/tmp/x").is_err());
        assert!(AgentConfig::new("tcp://127.0.0.1:1", "EG-1", "s", "/tmp/x").is_err());
    }
}
