//! The device configuration the server sends on the retained `config` topic: reading it (never panicking on
//! what arrives), checking it as the console does ([`ironsight_protocol::validate`]) plus what the agent needs
//! (signal ids unique across the gateway), and keeping the last applied one in `buffer_dir` so the agent polls
//! after a restart even before the broker is reachable.

use ironsight_domain::Lang;
use ironsight_protocol::payload::GatewayConfig;
use ironsight_protocol::validate;
use std::collections::HashSet;
use std::io;
use std::path::{Path, PathBuf};

/// Why a configuration was refused: the version if it could be read (0 otherwise), and the text for the ack.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub version: u64,
    pub error: String,
}

/// Reads and checks a `config` payload.
pub fn parse(payload: &[u8]) -> Result<GatewayConfig, Refusal> {
    let config: GatewayConfig = serde_json::from_slice(payload).map_err(|e| Refusal {
        version: readable_version(payload).unwrap_or(0),
        error: format!("not a configuration: {e}"),
    })?;
    check(&config).map_err(|error| Refusal { version: config.version, error })?;
    Ok(config)
}

/// The `version` of a payload that is JSON but not a valid configuration, so the refusal can name it.
fn readable_version(payload: &[u8]) -> Option<u64> {
    serde_json::from_slice::<serde_json::Value>(payload).ok()?.get("version")?.as_u64()
}

/// Driver settings and signals of every device, and ids unique across the gateway (a command names a signal by
/// id alone). The error names the field as `devices.{i}.{field}`.
pub fn check(config: &GatewayConfig) -> Result<(), String> {
    let mut ids = HashSet::new();
    for (i, device) in config.devices.iter().enumerate() {
        validate::driver(&device.driver)
            .map_err(|e| format!("devices.{i}.driver.{}: {}", e.field, e.reason.text(Lang::En)))?;
        validate::signals(&device.signals)
            .map_err(|e| format!("devices.{i}.{}: {}", e.field, e.reason.text(Lang::En)))?;
        for (j, signal) in device.signals.iter().enumerate() {
            if !ids.insert(signal.id) {
                return Err(format!("devices.{i}.signals.{j}.id: signal {} appears twice", signal.id));
            }
        }
    }
    Ok(())
}

/// Where the last applied configuration is kept.
pub fn path(buffer_dir: &Path) -> PathBuf {
    buffer_dir.join("config.json")
}

/// Saves the applied configuration (temporary file then rename: a crash leaves the old one or the new one).
pub fn save(buffer_dir: &Path, config: &GatewayConfig) -> io::Result<()> {
    let tmp = buffer_dir.join("config.json.tmp");
    std::fs::write(&tmp, serde_json::to_vec(config).map_err(io::Error::other)?)?;
    std::fs::rename(&tmp, path(buffer_dir))
}

/// The configuration applied before the last stop, if there is a usable one.
pub fn load(buffer_dir: &Path) -> Option<GatewayConfig> {
    let bytes = match std::fs::read(path(buffer_dir)) {
        Ok(bytes) => bytes,
        Err(e) if e.kind() == io::ErrorKind::NotFound => return None,
        Err(e) => {
            tracing::warn!(error = %e, "cannot read the saved configuration");
            return None;
        }
    };
    match parse(&bytes) {
        Ok(config) => Some(config),
        Err(refusal) => {
            tracing::warn!(error = %refusal.error, "saved configuration unusable; waiting for the server's");
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn device(id: i64, address: u16) -> serde_json::Value {
        json!({"equipment": 1, "driver": {"kind": "modbus_tcp", "host": "127.0.0.1", "port": 502, "unitId": 1,
            "timeoutMs": 1000, "pollIntervalMs": 1000},
            "signals": [{"id": id, "name": "P", "area": "holding_register", "address": address, "dataType": "uint16"}]})
    }

    fn payload(devices: Vec<serde_json::Value>) -> Vec<u8> {
        json!({"version": 7, "sampleIntervalMs": 60000, "devices": devices}).to_string().into_bytes()
    }

    #[test]
    fn a_sound_configuration_is_accepted() {
        let config = parse(&payload(vec![device(1, 0), device(2, 0)])).unwrap();
        assert_eq!((config.version, config.devices.len()), (7, 2));
    }

    #[test]
    fn refusals_carry_the_version_and_name_the_field() {
        assert_eq!(parse(b"{").unwrap_err().version, 0, "no version in broken JSON");
        let refusal = parse(br#"{"version": 9, "devices": "x"}"#).unwrap_err();
        assert_eq!(refusal.version, 9);
        assert!(refusal.error.starts_with("not a configuration"), "{}", refusal.error);
        let twice = parse(&payload(vec![device(1, 0), device(1, 4)])).unwrap_err();
        assert_eq!(twice.error, "devices.1.signals.0.id: signal 1 appears twice");
        let mut bad = device(1, 0);
        bad["driver"]["port"] = json!(0);
        let refusal = parse(&payload(vec![bad])).unwrap_err();
        assert!(refusal.error.starts_with("devices.0.driver.port:"), "{}", refusal.error);
        let mut bad = device(1, 0);
        bad["signals"][0]["dataType"] = json!("bool");
        let refusal = parse(&payload(vec![bad])).unwrap_err();
        assert!(refusal.error.starts_with("devices.0.signals.0.dataType:"), "{}", refusal.error);
    }

    #[test]
    fn saved_and_loaded() {
        let dir = std::env::temp_dir().join(format!("ironsight-devconfig-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        assert!(load(&dir).is_none());
        let config = parse(&payload(vec![device(1, 0)])).unwrap();
        save(&dir, &config).unwrap();
        assert_eq!(load(&dir), Some(config));
        std::fs::write(path(&dir), b"garbage").unwrap();
        assert!(load(&dir).is_none());
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
