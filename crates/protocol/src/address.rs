//! Where a driver reaches its device, compared between equipment of one gateway.
//!
//! Two equipment on one gateway whose drivers name the same device address poll and write the same device. The
//! server uses this to stop a sub-account limited to some equipment from pointing its own equipment's driver at the
//! device of one it was never granted (docs/security.md).

use crate::payload::DriverConfig;
use std::net::IpAddr;

/// A device address in one comparable form.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum DeviceAddress {
    /// Modbus TCP: the host as an IP address when it is one (any spelling of it), else the name in lower case.
    Tcp { host: TcpHost, port: u16, unit_id: u8 },
    /// Modbus RTU: the serial port (of that gateway) and the unit on its bus.
    Rtu { path: String, unit_id: u8 },
}

/// A TCP host: an IP address, or a name only the gateway can resolve.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TcpHost {
    Ip(IpAddr),
    Name(String),
}

impl TcpHost {
    fn parse(text: &str) -> TcpHost {
        let text = text.trim().trim_start_matches('[').trim_end_matches(']');
        match text.parse::<IpAddr>() {
            Ok(IpAddr::V6(v6)) => TcpHost::Ip(v6.to_ipv4_mapped().map_or(IpAddr::V6(v6), IpAddr::V4)),
            Ok(ip) => TcpHost::Ip(ip),
            Err(_) => TcpHost::Name(text.trim_end_matches('.').to_ascii_lowercase()),
        }
    }
}

impl DriverConfig {
    /// The device this driver reaches.
    pub fn device_address(&self) -> DeviceAddress {
        match self {
            DriverConfig::ModbusTcp { host, port, unit_id, .. } => {
                DeviceAddress::Tcp { host: TcpHost::parse(host), port: *port, unit_id: *unit_id }
            }
            DriverConfig::ModbusRtu { path, unit_id, .. } => {
                DeviceAddress::Rtu { path: path.trim().to_owned(), unit_id: *unit_id }
            }
        }
    }
}

impl DeviceAddress {
    /// True when the host is a name rather than an IP address: what it reaches is decided at the edge.
    pub fn is_host_name(&self) -> bool {
        matches!(self, DeviceAddress::Tcp { host: TcpHost::Name(_), .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn tcp(host: &str, port: u16, unit_id: u8) -> DriverConfig {
        DriverConfig::ModbusTcp { host: host.into(), port, unit_id, timeout_ms: 1000, poll_interval_ms: 1000 }
    }

    fn rtu(path: &str, unit_id: u8) -> DriverConfig {
        DriverConfig::ModbusRtu {
            path: path.into(),
            baud_rate: 9600,
            parity: "none".into(),
            data_bits: 8,
            stop_bits: 1,
            unit_id,
            timeout_ms: 1000,
            poll_interval_ms: 1000,
        }
    }

    #[test]
    fn every_spelling_of_one_ip_address_is_one_device() {
        let a = tcp("192.168.1.10", 502, 1).device_address();
        assert_eq!(a, tcp(" 192.168.1.10 ", 502, 1).device_address());
        assert_eq!(a, tcp("::ffff:192.168.1.10", 502, 1).device_address());
        assert_eq!(a, tcp("[::ffff:192.168.1.10]", 502, 1).device_address());
        assert_eq!(tcp("fe80::1", 502, 1).device_address(), tcp("FE80:0:0::1", 502, 1).device_address());
        assert!(!a.is_host_name());
    }

    #[test]
    fn port_and_unit_tell_devices_apart() {
        let a = tcp("10.0.0.5", 502, 1).device_address();
        assert_ne!(a, tcp("10.0.0.5", 503, 1).device_address());
        assert_ne!(a, tcp("10.0.0.5", 502, 2).device_address());
        assert_ne!(a, tcp("10.0.0.6", 502, 1).device_address());
    }

    #[test]
    fn names_compare_without_case_and_say_they_are_names() {
        let a = tcp("PLC-1.plant.local.", 502, 1).device_address();
        assert_eq!(a, tcp("plc-1.plant.local", 502, 1).device_address());
        assert!(a.is_host_name());
    }

    #[test]
    fn serial_devices_are_port_and_unit() {
        assert_eq!(rtu("/dev/ttyUSB0", 3).device_address(), rtu(" /dev/ttyUSB0", 3).device_address());
        assert_ne!(rtu("/dev/ttyUSB0", 3).device_address(), rtu("/dev/ttyUSB0", 4).device_address());
        assert_ne!(rtu("/dev/ttyUSB0", 3).device_address(), rtu("/dev/ttyUSB1", 3).device_address());
        assert!(!rtu("/dev/ttyUSB0", 3).device_address().is_host_name());
    }
}
