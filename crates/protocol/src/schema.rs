//! The drivers' settings described as data, so the console renders the driver form from the server's answer
//! instead of knowing each driver: field names (as on the wire), kinds, limits, defaults and labels in both
//! languages. [`crate::validate::driver`] enforces the same limits; a test below checks every limit of this table
//! against it, so the form and the validation cannot drift apart.

use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

/// What a field holds and what it accepts.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum FieldKind {
    /// Free text up to `max_len` bytes.
    Text { max_len: usize },
    /// A whole number in `[min, max]`.
    Integer { min: i64, max: i64 },
    /// One of the listed texts.
    Choice { options: &'static [&'static str] },
    /// One of the listed numbers.
    NumberChoice { options: &'static [u32] },
}

/// One setting of a driver.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct FieldSchema {
    /// The key in the driver's JSON (`DriverConfig`).
    pub name: &'static str,
    #[serde(flatten)]
    pub kind: FieldKind,
    pub label_zh: &'static str,
    pub label_en: &'static str,
    /// A unit shown beside the input, if any.
    pub unit: &'static str,
    /// Given in a new form; `null` when the person must fill it in.
    pub default: Option<DefaultValue>,
}

/// A field's default, kept `const`-friendly (`serde_json::Value` is not).
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(untagged)]
pub enum DefaultValue {
    Int(i64),
    Text(&'static str),
}

/// One driver's form.
#[derive(Clone, Copy, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct DriverSchema {
    /// `DriverConfig`'s `kind`.
    pub kind: &'static str,
    pub label_zh: &'static str,
    pub label_en: &'static str,
    pub fields: &'static [FieldSchema],
}

/// Serial line speeds the RTU driver accepts.
pub const BAUD_RATES: &[u32] = &[1200, 2400, 4800, 9600, 19200, 38400, 57600, 115200];
/// Limits shared by both drivers and the validation.
pub const TIMEOUT_MS: (i64, i64) = (100, 60_000);
pub const POLL_INTERVAL_MS: (i64, i64) = (100, 3_600_000);
pub const HOST_MAX_LEN: usize = 253;
pub const PATH_MAX_LEN: usize = 255;

const fn integer(
    name: &'static str,
    (min, max): (i64, i64),
    label_zh: &'static str,
    label_en: &'static str,
    unit: &'static str,
    default: i64,
) -> FieldSchema {
    FieldSchema {
        name,
        kind: FieldKind::Integer { min, max },
        label_zh,
        label_en,
        unit,
        default: Some(DefaultValue::Int(default)),
    }
}

const TIMEOUT: FieldSchema = integer("timeoutMs", TIMEOUT_MS, "响应超时", "Response timeout", "ms", 1000);
const POLL: FieldSchema = integer("pollIntervalMs", POLL_INTERVAL_MS, "采集周期", "Poll interval", "ms", 1000);

/// Every driver the agent has.
pub const DRIVERS: &[DriverSchema] = &[
    DriverSchema {
        kind: "modbus_tcp",
        label_zh: "Modbus TCP",
        label_en: "Modbus TCP",
        fields: &[
            FieldSchema {
                name: "host",
                kind: FieldKind::Text { max_len: HOST_MAX_LEN },
                label_zh: "设备地址",
                label_en: "Device address",
                unit: "",
                default: None,
            },
            integer("port", (1, 65535), "端口", "Port", "", 502),
            integer("unitId", (0, 255), "从站地址", "Unit id", "", 1),
            TIMEOUT,
            POLL,
        ],
    },
    DriverSchema {
        kind: "modbus_rtu",
        label_zh: "Modbus RTU（串口）",
        label_en: "Modbus RTU (serial)",
        fields: &[
            FieldSchema {
                name: "path",
                kind: FieldKind::Text { max_len: PATH_MAX_LEN },
                label_zh: "串口",
                label_en: "Serial port",
                unit: "",
                default: Some(DefaultValue::Text("/dev/ttyUSB0")),
            },
            FieldSchema {
                name: "baudRate",
                kind: FieldKind::NumberChoice { options: BAUD_RATES },
                label_zh: "波特率",
                label_en: "Baud rate",
                unit: "bit/s",
                default: Some(DefaultValue::Int(9600)),
            },
            FieldSchema {
                name: "parity",
                kind: FieldKind::Choice { options: &["none", "even", "odd"] },
                label_zh: "校验位",
                label_en: "Parity",
                unit: "",
                default: Some(DefaultValue::Text("none")),
            },
            integer("dataBits", (7, 8), "数据位", "Data bits", "", 8),
            integer("stopBits", (1, 2), "停止位", "Stop bits", "", 1),
            integer("unitId", (1, 247), "从站地址", "Unit id", "", 1),
            TIMEOUT,
            POLL,
        ],
    },
];

/// Checks driver settings as sent (JSON, before the typed decode) against the schema, so a wrong value is
/// reported against its field (`port`: out of range 1–65535) rather than as an undecodable whole. Fields the
/// schema does not know are refused too. Passing here does not replace [`crate::validate::driver`].
pub fn check_fields(settings: &serde_json::Map<String, Value>) -> Result<(), crate::validate::FieldError> {
    use crate::validate::FieldError;
    use ironsight_domain::Reason;
    let refuse = |field: &str, reason| Err(FieldError { field: field.to_owned(), reason });
    let Some(schema) = settings.get("kind").and_then(Value::as_str).and_then(|k| DRIVERS.iter().find(|d| d.kind == k))
    else {
        return refuse("kind", Reason::NotAllowed);
    };
    if let Some(unknown) = settings.keys().find(|k| *k != "kind" && !schema.fields.iter().any(|f| f.name == k.as_str()))
    {
        return refuse(unknown, Reason::NotAllowed);
    }
    for f in schema.fields {
        let Some(value) = settings.get(f.name).filter(|v| !v.is_null()) else {
            return refuse(f.name, Reason::Required);
        };
        match f.kind {
            FieldKind::Text { max_len } => match value.as_str() {
                None => return refuse(f.name, Reason::NotText),
                Some(t) if t.trim().is_empty() => return refuse(f.name, Reason::Required),
                Some(t) if t.len() > max_len => return refuse(f.name, Reason::TooLong { max: max_len }),
                Some(_) => {}
            },
            FieldKind::Integer { min, max } => match value.as_i64() {
                None => return refuse(f.name, Reason::NotInteger),
                Some(n) if n < min || n > max => return refuse(f.name, Reason::OutOfRange { min, max }),
                Some(_) => {}
            },
            FieldKind::Choice { options } => {
                if !value.as_str().is_some_and(|t| options.contains(&t)) {
                    return refuse(f.name, Reason::NotAllowed);
                }
            }
            FieldKind::NumberChoice { options } => {
                if !value.as_u64().is_some_and(|n| options.iter().any(|o| u64::from(*o) == n)) {
                    return refuse(f.name, Reason::NotAllowed);
                }
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::payload::DriverConfig;
    use serde_json::json;

    /// A driver built from the schema's defaults, with `host` filled in where it has no default.
    fn defaults(schema: &DriverSchema) -> Value {
        let mut v = json!({ "kind": schema.kind });
        for f in schema.fields {
            v[f.name] = f.default.map_or(json!("10.0.0.5"), |d| serde_json::to_value(d).unwrap());
        }
        v
    }

    fn accepted(v: &Value) -> bool {
        serde_json::from_value::<DriverConfig>(v.clone()).is_ok_and(|d| crate::validate::driver(&d).is_ok())
    }

    #[test]
    fn defaults_make_a_valid_driver() {
        for schema in DRIVERS {
            assert!(accepted(&defaults(schema)), "{}", schema.kind);
        }
    }

    #[test]
    fn every_limit_in_the_schema_is_the_validations_limit() {
        for schema in DRIVERS {
            for f in schema.fields {
                let with = |value: Value| {
                    let mut v = defaults(schema);
                    v[f.name] = value;
                    accepted(&v)
                };
                match f.kind {
                    FieldKind::Integer { min, max } => {
                        assert!(with(json!(min)) && with(json!(max)), "{}.{} bounds accepted", schema.kind, f.name);
                        assert!(
                            !with(json!(min - 1)) && !with(json!(max + 1)),
                            "{}.{} beyond refused",
                            schema.kind,
                            f.name
                        );
                    }
                    FieldKind::Text { max_len } => {
                        assert!(!with(json!("")), "{}.{} required", schema.kind, f.name);
                        assert!(!with(json!("a".repeat(max_len + 1))), "{}.{} too long", schema.kind, f.name);
                    }
                    FieldKind::Choice { options } => {
                        assert!(options.iter().all(|o| with(json!(o))));
                        assert!(!with(json!("other")));
                    }
                    FieldKind::NumberChoice { options } => {
                        assert!(options.iter().all(|o| with(json!(o))));
                        assert!(!with(json!(1234)));
                    }
                }
            }
        }
    }

    #[test]
    fn field_checks_name_the_field() {
        let mut tcp = defaults(&DRIVERS[0]);
        let check = |v: &Value| check_fields(v.as_object().unwrap()).map_err(|e| e.field);
        assert_eq!(check(&tcp), Ok(()));
        tcp["port"] = json!(65536);
        assert_eq!(check(&tcp), Err("port".to_owned()));
        tcp["port"] = json!(502);
        tcp["colour"] = json!("red");
        assert_eq!(check(&tcp), Err("colour".to_owned()));
        assert_eq!(check(&json!({"kind": "profibus"})), Err("kind".to_owned()));
        assert_eq!(check(&json!({"kind": "modbus_rtu"})), Err("path".to_owned()));
    }

    #[test]
    fn every_label_has_both_languages() {
        for schema in DRIVERS {
            assert!(!schema.label_zh.is_empty() && !schema.label_en.is_empty());
            for f in schema.fields {
                assert!(!f.label_zh.is_empty() && !f.label_en.is_empty(), "{}", f.name);
            }
        }
        // As the console receives it (`driver/schema`): the kind's fields flat beside the name, the default a
        // plain value, null where the person must fill it in.
        let sent = serde_json::to_value(DRIVERS).unwrap();
        assert_eq!(sent[0]["fields"][1]["default"], 502);
        assert_eq!(sent[0]["fields"][0]["default"], Value::Null);
        assert_eq!(sent[0]["fields"][0]["max_len"], 253);
        assert_eq!(sent[0]["labelZh"], "Modbus TCP");
        assert_eq!(sent[1]["fields"][1]["type"], "number_choice");
    }
}
