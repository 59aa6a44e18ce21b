//! The gateway's retained status: who it is, which configuration is in force, how full its buffer is. Built
//! afresh each time it is published (at every connection, after a configuration is applied, periodically), so
//! the signal strength and the counters are current.

use crate::now_ms;
use ironsight_protocol::payload::Status;
use std::path::PathBuf;
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, Ordering};

/// What the status is made of; shared by the tasks that change it.
pub(crate) struct StatusSource {
    pub model: String,
    pub firmware: String,
    pub vpn: bool,
    pub signal_strength_file: Option<PathBuf>,
    config_version: Mutex<Option<u64>>,
    buffered: AtomicU64,
    dropped: AtomicU64,
}

impl StatusSource {
    pub fn new(model: &str, firmware: &str, vpn: bool, signal_strength_file: Option<PathBuf>) -> StatusSource {
        StatusSource {
            model: model.to_owned(),
            firmware: firmware.to_owned(),
            vpn,
            signal_strength_file,
            config_version: Mutex::new(None),
            buffered: AtomicU64::new(0),
            dropped: AtomicU64::new(0),
        }
    }

    pub fn set_config_version(&self, version: Option<u64>) {
        *self.config_version.lock().unwrap_or_else(|e| e.into_inner()) = version;
    }

    pub fn config_version(&self) -> Option<u64> {
        *self.config_version.lock().unwrap_or_else(|e| e.into_inner())
    }

    pub fn set_buffer(&self, buffered: u64, dropped: u64) {
        self.buffered.store(buffered, Ordering::Relaxed);
        self.dropped.store(dropped, Ordering::Relaxed);
    }

    /// The status while connected.
    pub fn online(&self) -> Status {
        Status {
            online: true,
            t: now_ms(),
            model: self.model.clone(),
            firmware: self.firmware.clone(),
            vpn: self.vpn,
            signal_strength: self.signal_strength_file.as_deref().and_then(|path| {
                let text = std::fs::read_to_string(path).ok()?;
                read_signal_strength(&text)
            }),
            config_version: self.config_version(),
            buffered: self.buffered.load(Ordering::Relaxed),
            dropped: self.dropped.load(Ordering::Relaxed),
        }
    }
}

/// The status announcing the gateway is gone, `{"online": false, "t": …}`: the last will, and what a clean
/// shutdown publishes. Only these two fields, as the protocol's will example has it; the server keeps the rest
/// from the last online status.
pub(crate) fn offline() -> Vec<u8> {
    serde_json::json!({"online": false, "t": now_ms()}).to_string().into_bytes()
}

/// The modem's signal strength from its file: a whole number 0–100 (surrounding blanks allowed); anything else
/// is "unknown".
pub fn read_signal_strength(text: &str) -> Option<u8> {
    text.trim().parse::<u8>().ok().filter(|v| *v <= 100)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn signal_strength_file_content() {
        assert_eq!(read_signal_strength("78\n"), Some(78));
        assert_eq!(read_signal_strength(" 0 "), Some(0));
        for bad in ["", "101", "-1", "78%", "abc", "7 8"] {
            assert_eq!(read_signal_strength(bad), None, "{bad:?}");
        }
    }

    #[test]
    fn online_status_reads_the_file_each_time() {
        let path = std::env::temp_dir().join(format!("ironsight-signal-{}", std::process::id()));
        let source = StatusSource::new("EG-200", "1.0", false, Some(path.clone()));
        assert_eq!(source.online().signal_strength, None, "no file yet");
        std::fs::write(&path, "55").unwrap();
        source.set_config_version(Some(4));
        source.set_buffer(7, 2);
        let status = source.online();
        assert_eq!((status.signal_strength, status.config_version), (Some(55), Some(4)));
        assert_eq!((status.buffered, status.dropped, status.online), (7, 2, true));
        std::fs::remove_file(&path).unwrap();
        let will: Status = serde_json::from_slice(&offline()).unwrap();
        assert!(!will.online && will.t > 0);
    }
}
