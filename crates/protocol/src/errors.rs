//! Device and link failures, kept apart all the way to the user: "the device answered with an error" (a Modbus
//! exception) is never confused with "the device did not answer" (timeout, unreachable) or "we refused before
//! asking" (read-only, out of range). One table maps each to the catalogue code the console shows and to the
//! gateway protocol error text of spec section 8.

use ironsight_domain::{Code, Lang};
use serde::{Deserialize, Serialize};

/// Why a read or write of a device failed.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum DeviceError {
    /// The device answered with Modbus exception `code` (01 illegal function, 02 illegal data address, …).
    Exception { code: u8 },
    /// The device did not answer in time (master-side timeout).
    Timeout,
    /// The answer could not be decoded (wrong length, CRC, wrong function in the reply).
    Coding,
    /// The device could not be reached (connection refused, serial port missing).
    Unreachable,
    /// The agent refused to write a read-only signal.
    ReadOnly,
    /// The agent refused a value outside the signal's min/max.
    OutOfRange,
    /// The command named a signal the gateway's configuration does not have.
    NoSuchSignal,
}

/// One row of the mapping table.
pub struct Mapping {
    pub error: DeviceError,
    pub code: Code,
    pub zh: &'static str,
    pub en: &'static str,
}

const fn row(error: DeviceError, code: Code, zh: &'static str, en: &'static str) -> Mapping {
    Mapping { error, code, zh, en }
}

const fn exception(code: u8) -> DeviceError {
    DeviceError::Exception { code }
}

/// The table. Modbus exception codes: 01 illegal function, 02 illegal data address, 03 illegal data value,
/// 04 slave device failure, 06 slave busy, 08 memory parity error, 0A gateway path unavailable, 0B gateway target
/// failed to respond.
pub const TABLE: &[Mapping] = &[
    row(exception(0x01), Code::DataTypeError, "非法功能", "Illegal function"),
    row(exception(0x02), Code::VariableAddressNotExist, "非法地址", "Illegal address"),
    row(exception(0x03), Code::WriteOverLimit, "非法数据值", "Illegal data value"),
    row(exception(0x04), Code::LowerDeviceFault, "从站故障", "Slave failed"),
    row(exception(0x06), Code::LowerDeviceBusy, "从站忙", "Slave busy"),
    row(exception(0x08), Code::DataCheckError, "存储奇偶校验错误", "Storage parity error"),
    row(exception(0x0A), Code::LowerDeviceCommFault, "网关路径不可用", "Unavailable gateway path"),
    row(exception(0x0B), Code::ResponseTimeout, "目标设备未响应", "Target device failed to respond"),
    row(DeviceError::Timeout, Code::GatewayResponseTimeout, "超时", "Timeout"),
    row(DeviceError::Coding, Code::DataReadIncomplete, "编码错误", "Coding error"),
    row(DeviceError::Unreachable, Code::LowerDeviceCommFault, "下位机通信故障", "Lower device communication fault"),
    row(DeviceError::ReadOnly, Code::VariableReadOnly, "变量只读", "Variable read-only"),
    row(DeviceError::OutOfRange, Code::VariableOverLimit, "变量超出限制", "Variable over limit"),
    row(DeviceError::NoSuchSignal, Code::GatewayVariableNotExist, "变量不存在", "Variable does not exist"),
];

impl DeviceError {
    /// The row for this error; exception codes outside the table share the "slave failed" row's code with
    /// their own number in the text.
    fn mapping(self) -> Option<&'static Mapping> {
        TABLE.iter().find(|m| m.error == self)
    }

    /// The catalogue code the console shows.
    pub fn code(self) -> Code {
        self.mapping().map(|m| m.code).unwrap_or(Code::LowerDeviceFault)
    }

    /// The gateway protocol error text.
    pub fn text(self, lang: Lang) -> String {
        match (self.mapping(), self) {
            (Some(m), _) => (if lang == Lang::Zh { m.zh } else { m.en }).to_owned(),
            (None, DeviceError::Exception { code }) => match lang {
                Lang::Zh => format!("设备异常码 {code:02X}"),
                Lang::En => format!("Device exception {code:02X}"),
            },
            (None, _) => Code::Unknown.template(lang).to_owned(),
        }
    }

    /// True when the device itself answered (the link works); false when it did not answer or was not asked.
    pub fn device_answered(self) -> bool {
        matches!(self, DeviceError::Exception { .. })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_modbus_exception_of_the_spec_has_a_row() {
        for code in [0x01, 0x02, 0x03, 0x04, 0x06, 0x08, 0x0A, 0x0B] {
            assert!(exception(code).mapping().is_some(), "exception {code:02X}");
        }
    }

    #[test]
    fn rows_are_unique_and_bilingual() {
        for (i, m) in TABLE.iter().enumerate() {
            assert!(TABLE[i + 1..].iter().all(|o| o.error != m.error), "{:?} twice", m.error);
            assert!(!m.zh.is_empty() && !m.en.is_empty());
        }
    }

    #[test]
    fn answered_errors_are_not_link_errors() {
        assert_eq!(exception(0x02).code(), Code::VariableAddressNotExist);
        assert!(exception(0x02).device_answered());
        assert_eq!(DeviceError::Timeout.code(), Code::GatewayResponseTimeout);
        assert!(!DeviceError::Timeout.device_answered());
        assert_eq!(DeviceError::ReadOnly.code().as_str(), "2004");
    }

    #[test]
    fn unknown_exceptions_keep_their_number() {
        assert_eq!(exception(0x19).text(Lang::En), "Device exception 19");
        assert_eq!(exception(0x19).code(), Code::LowerDeviceFault);
    }

    #[test]
    fn wire_form_is_tagged() {
        assert_eq!(serde_json::to_string(&exception(2)).unwrap(), r#"{"kind":"exception","code":2}"#);
        assert_eq!(serde_json::to_string(&DeviceError::Timeout).unwrap(), r#"{"kind":"timeout"}"#);
    }
}
