//! The TOML configuration: parsing and validation.
//!
//! Every rule is checked when the file is loaded, so a bad register map fails at start-up with the point's name in
//! the message instead of surfacing later as a puzzling Modbus exception in a test or in the demo.

use std::{
    collections::HashSet,
    fmt,
    path::{Path, PathBuf},
};

use serde::{Deserialize, Deserializer};

/// Where the simulator listens when neither the file nor `--listen` says otherwise. Port 5020 rather than 502 so
/// it runs without privileges.
pub const DEFAULT_LISTEN: &str = "127.0.0.1:5020";

/// The pump-station demo shipped with the crate (`demo.toml`), compiled in so the binary and embedders can run it
/// without a file on disk.
pub const DEMO_TOML: &str = include_str!("../demo.toml");

/// A whole simulator: where it listens, how it misbehaves, and its register map.
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Config {
    /// Address to bind, `host:port` (a host name is resolved; port 0 picks a free port).
    #[serde(default = "default_listen")]
    pub listen: String,
    /// The only unit id answered; requests for other unit ids get no reply, like a serial device that is not
    /// addressed. `None` answers every unit id.
    #[serde(default)]
    pub unit_id: Option<u8>,
    /// Every reply is held back this long, to simulate a slow device or link.
    #[serde(default)]
    pub reply_delay_ms: u64,
    /// Every Nth request (counted over all connections) is processed but not answered, so the client times out;
    /// 0 never drops.
    #[serde(default)]
    pub drop_every: u64,
    /// The register map, `[[point]]` tables in the file.
    #[serde(default, rename = "point")]
    pub points: Vec<PointConfig>,
}

impl Default for Config {
    fn default() -> Self {
        Self { listen: default_listen(), unit_id: None, reply_delay_ms: 0, drop_every: 0, points: Vec::new() }
    }
}

fn default_listen() -> String {
    DEFAULT_LISTEN.to_owned()
}

impl Config {
    /// Parses and validates a TOML document.
    pub fn from_toml_str(text: &str) -> Result<Self, ConfigError> {
        let config: Self = toml::from_str(text)?;
        config.validate()?;
        Ok(config)
    }

    /// Reads, parses and validates a TOML file.
    pub fn load(path: impl AsRef<Path>) -> Result<Self, ConfigError> {
        let path = path.as_ref();
        let text =
            std::fs::read_to_string(path).map_err(|source| ConfigError::Read { path: path.to_owned(), source })?;
        Self::from_toml_str(&text)
    }

    /// The built-in pump-station demo ([`DEMO_TOML`]).
    pub fn demo() -> Result<Self, ConfigError> {
        Self::from_toml_str(DEMO_TOML)
    }

    /// Checks every rule of the register map. [`Config::from_toml_str`] and [`Config::load`] call it; call it
    /// yourself after building or editing a `Config` in code ([`crate::spawn`] does).
    pub fn validate(&self) -> Result<(), ConfigError> {
        let mut names = HashSet::new();
        for (index, point) in self.points.iter().enumerate() {
            if point.name.trim().is_empty() {
                return Err(ConfigError::EmptyName { index });
            }
            if !names.insert(point.name.as_str()) {
                return Err(ConfigError::DuplicateName { name: point.name.clone() });
            }
            point.validate()?;
        }
        self.check_overlaps()
    }

    /// Two points may not share an address in the same area: a read would not know whose value to return.
    fn check_overlaps(&self) -> Result<(), ConfigError> {
        let mut spans: Vec<(Area, u32, u32, &str)> =
            self.points.iter().map(|p| (p.area, u32::from(p.address), p.end(), p.name.as_str())).collect();
        spans.sort_unstable();
        for pair in spans.windows(2) {
            let [(area_a, _, end_a, name_a), (area_b, start_b, _, name_b)] = pair else {
                continue;
            };
            if area_a == area_b && *start_b < *end_a {
                return Err(ConfigError::Overlap {
                    first: (*name_a).to_owned(),
                    second: (*name_b).to_owned(),
                    area: *area_a,
                    address: *start_b,
                });
            }
        }
        Ok(())
    }
}

/// The four Modbus data areas.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Area {
    /// Read/write bits (function codes 01, 05, 15).
    Coil,
    /// Read-only bits (function code 02).
    DiscreteInput,
    /// Read/write registers (function codes 03, 06, 16).
    HoldingRegister,
    /// Read-only registers (function code 04).
    InputRegister,
}

impl Area {
    /// All areas, in a fixed order (the register map keeps one index per area).
    pub const ALL: [Area; 4] = [Area::Coil, Area::DiscreteInput, Area::HoldingRegister, Area::InputRegister];

    /// Whether the area holds single bits rather than 16-bit registers.
    pub fn is_bit(self) -> bool {
        matches!(self, Area::Coil | Area::DiscreteInput)
    }

    /// Whether any Modbus function can write the area at all.
    pub fn is_writable_by_protocol(self) -> bool {
        matches!(self, Area::Coil | Area::HoldingRegister)
    }

    /// The name used in the configuration file.
    pub fn name(self) -> &'static str {
        match self {
            Area::Coil => "coil",
            Area::DiscreteInput => "discrete_input",
            Area::HoldingRegister => "holding_register",
            Area::InputRegister => "input_register",
        }
    }
}

impl fmt::Display for Area {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// How a point's value is represented on the wire.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum DataType {
    /// One coil or discrete input.
    Bool,
    /// One register, two's complement.
    Int16,
    /// One register.
    Uint16,
    /// Two registers, two's complement.
    Int32,
    /// Two registers.
    Uint32,
    /// Two registers, IEEE 754 single precision.
    Float32,
    /// Four registers, IEEE 754 double precision.
    Float64,
}

impl DataType {
    /// How many consecutive addresses (bits or registers) the type occupies.
    pub fn width(self) -> u16 {
        match self {
            DataType::Bool | DataType::Int16 | DataType::Uint16 => 1,
            DataType::Int32 | DataType::Uint32 | DataType::Float32 => 2,
            DataType::Float64 => 4,
        }
    }

    /// The name used in the configuration file.
    pub fn name(self) -> &'static str {
        match self {
            DataType::Bool => "bool",
            DataType::Int16 => "int16",
            DataType::Uint16 => "uint16",
            DataType::Int32 => "int32",
            DataType::Uint32 => "uint32",
            DataType::Float32 => "float32",
            DataType::Float64 => "float64",
        }
    }
}

impl fmt::Display for DataType {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// Order of the registers of a multi-register value.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum WordOrder {
    /// Most significant register first (the Modbus convention, "ABCD").
    #[default]
    Big,
    /// Least significant register first ("CDAB" for 32-bit values).
    Little,
}

/// Order of the two bytes inside each register.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ByteOrder {
    /// High byte first, as Modbus sends every register.
    #[default]
    Big,
    /// Bytes swapped inside each register ("BADC" for 32-bit values), as some devices do.
    Little,
}

/// The exception a refused write answers with.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReadOnlyException {
    /// Exception 02: what most devices answer for a read-only address.
    #[default]
    IllegalDataAddress,
    /// Exception 03: what some devices answer instead.
    IllegalDataValue,
}

/// One named value in the register map (a `[[point]]` table).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct PointConfig {
    /// Unique name, used in errors and by [`crate::Running::value`].
    pub name: String,
    /// The data area the point lives in.
    pub area: Area,
    /// First protocol address (0-based, as sent on the wire; not the 40001-style "register number").
    pub address: u16,
    /// Wire type; `None` means `bool` in bit areas and `uint16` in register areas.
    #[serde(default, rename = "type")]
    pub data_type: Option<DataType>,
    /// Register order for multi-register types.
    #[serde(default)]
    pub word_order: WordOrder,
    /// Byte order inside each register.
    #[serde(default)]
    pub byte_order: ByteOrder,
    /// Engineering value = raw × scale + offset, as in the gateway's signal configuration; e.g. 0.1 for a
    /// register counting tenths of a degree.
    #[serde(default = "one")]
    pub scale: f64,
    /// See `scale`.
    #[serde(default)]
    pub offset: f64,
    /// Whether writes are accepted; `None` means yes for coils and holding registers, no for the input areas.
    #[serde(default)]
    pub writable: Option<bool>,
    /// The exception a write to this point answers when it is not writable.
    #[serde(default)]
    pub read_only_exception: ReadOnlyException,
    /// Where the value comes from; `None` holds 0 (or false) until written.
    #[serde(default)]
    pub generator: Option<GeneratorConfig>,
}

fn one() -> f64 {
    1.0
}

impl PointConfig {
    /// The wire type, with the area's default applied.
    pub fn data_type(&self) -> DataType {
        self.data_type.unwrap_or(if self.area.is_bit() { DataType::Bool } else { DataType::Uint16 })
    }

    /// Whether writes are accepted, with the area's default applied.
    pub fn is_writable(&self) -> bool {
        self.writable.unwrap_or_else(|| self.area.is_writable_by_protocol())
    }

    /// One past the last address the point occupies (may be 65536).
    pub fn end(&self) -> u32 {
        u32::from(self.address) + u32::from(self.data_type().width())
    }

    fn validate(&self) -> Result<(), ConfigError> {
        let data_type = self.data_type();
        let point = || self.name.clone();
        if self.area.is_bit() != (data_type == DataType::Bool) {
            return Err(ConfigError::TypeNotAllowed { point: point(), data_type, area: self.area });
        }
        if self.end() > 65536 {
            return Err(ConfigError::PastEnd { point: point(), address: self.address, data_type });
        }
        if self.writable == Some(true) && !self.area.is_writable_by_protocol() {
            return Err(ConfigError::WritableInput { point: point(), area: self.area });
        }
        if !self.scale.is_finite() || self.scale == 0.0 || !self.offset.is_finite() {
            return Err(ConfigError::Scale { point: point() });
        }
        if let Some(generator) = &self.generator {
            generator.validate().map_err(|reason| ConfigError::Generator {
                point: point(),
                kind: generator.kind(),
                reason,
            })?;
        }
        Ok(())
    }
}

/// Where a point's value comes from. Values are engineering values (before `scale`/`offset`).
#[derive(Debug, Clone, PartialEq, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum GeneratorConfig {
    /// A fixed value; `true`/`false` are accepted as 1/0.
    Constant {
        /// The value.
        #[serde(deserialize_with = "number_or_bool")]
        value: f64,
    },
    /// `from`, `from + step`, … every `every_ms`, wrapping to `from` instead of passing `to`.
    Ramp {
        /// First value.
        from: f64,
        /// Last value (reached only if `to - from` is a multiple of `step`).
        to: f64,
        /// Increment per tick; negative for a falling ramp.
        step: f64,
        /// Tick length in milliseconds.
        every_ms: u64,
    },
    /// `offset + amplitude × sin(2π t / period)`.
    Sine {
        /// Centre line.
        offset: f64,
        /// Peak deviation from the centre line.
        amplitude: f64,
        /// Period in milliseconds.
        period_ms: u64,
    },
    /// Starts at `start`; every `every_ms` moves by a random amount in `[-step, step]`, clamped to `[min, max]`.
    RandomWalk {
        /// Initial value.
        start: f64,
        /// Largest move per tick.
        step: f64,
        /// Lower bound.
        min: f64,
        /// Upper bound.
        max: f64,
        /// Tick length in milliseconds.
        every_ms: u64,
        /// Seed of the pseudo-random sequence; by default derived from the point's name, so runs repeat.
        #[serde(default)]
        seed: Option<u64>,
    },
    /// 0 (false), then 1 (true), switching every `every_ms`.
    Toggle {
        /// Half period in milliseconds.
        every_ms: u64,
    },
}

impl GeneratorConfig {
    /// The `kind` name used in the file.
    pub fn kind(&self) -> &'static str {
        match self {
            GeneratorConfig::Constant { .. } => "constant",
            GeneratorConfig::Ramp { .. } => "ramp",
            GeneratorConfig::Sine { .. } => "sine",
            GeneratorConfig::RandomWalk { .. } => "random_walk",
            GeneratorConfig::Toggle { .. } => "toggle",
        }
    }

    fn validate(&self) -> Result<(), String> {
        fn finite(pairs: &[(&str, f64)]) -> Result<(), String> {
            match pairs.iter().find(|(_, v)| !v.is_finite()) {
                Some((name, _)) => Err(format!("{name} must be a finite number")),
                None => Ok(()),
            }
        }
        fn positive(name: &str, ms: u64) -> Result<(), String> {
            if ms == 0 { Err(format!("{name} must be at least 1")) } else { Ok(()) }
        }
        match *self {
            GeneratorConfig::Constant { value } => finite(&[("value", value)]),
            GeneratorConfig::Ramp { from, to, step, every_ms } => {
                finite(&[("from", from), ("to", to), ("step", step)])?;
                positive("every_ms", every_ms)?;
                if step == 0.0 {
                    return Err("step must not be 0".into());
                }
                if from == to {
                    return Err("from and to must differ (use a constant)".into());
                }
                if (to - from).signum() != step.signum() {
                    return Err(format!(
                        "step {step} moves away from `to` ({from} → {to}); use a {} step",
                        if to > from { "positive" } else { "negative" }
                    ));
                }
                Ok(())
            }
            GeneratorConfig::Sine { offset, amplitude, period_ms } => {
                finite(&[("offset", offset), ("amplitude", amplitude)])?;
                positive("period_ms", period_ms)
            }
            GeneratorConfig::RandomWalk { start, step, min, max, every_ms, seed: _ } => {
                finite(&[("start", start), ("step", step), ("min", min), ("max", max)])?;
                positive("every_ms", every_ms)?;
                if step <= 0.0 {
                    return Err("step must be greater than 0".into());
                }
                if min > max {
                    return Err(format!("min ({min}) is greater than max ({max})"));
                }
                if start < min || start > max {
                    return Err(format!("start ({start}) is outside [min, max] = [{min}, {max}]"));
                }
                Ok(())
            }
            GeneratorConfig::Toggle { every_ms } => positive("every_ms", every_ms),
        }
    }
}

/// Accepts `value = 12.5`, `value = 3` or `value = true` alike.
fn number_or_bool<'de, D: Deserializer<'de>>(deserializer: D) -> Result<f64, D::Error> {
    #[derive(Deserialize)]
    #[serde(untagged)]
    enum NumberOrBool {
        Bool(bool),
        Number(f64),
    }
    Ok(match NumberOrBool::deserialize(deserializer)? {
        NumberOrBool::Bool(b) => f64::from(u8::from(b)),
        NumberOrBool::Number(n) => n,
    })
}

/// Why a configuration was refused. Each message names the point at fault.
#[derive(Debug, thiserror::Error)]
pub enum ConfigError {
    /// The file could not be read.
    #[error("cannot read {}: {source}", path.display())]
    Read {
        /// The file.
        path: PathBuf,
        /// What the OS said.
        source: std::io::Error,
    },
    /// The text is not valid TOML or does not match the schema (unknown keys included).
    #[error("invalid configuration: {0}")]
    Parse(#[from] toml::de::Error),
    /// A point has an empty name.
    #[error("point #{} has an empty name", index + 1)]
    EmptyName {
        /// 0-based position in the file.
        index: usize,
    },
    /// Two points share a name.
    #[error("point {name:?} is defined twice")]
    DuplicateName {
        /// The name.
        name: String,
    },
    /// `bool` outside a bit area, or a register type in a bit area.
    #[error(
        "point {point:?}: type {data_type} is not allowed in the {area} area (bool is for coils and discrete inputs only, and they hold nothing else)"
    )]
    TypeNotAllowed {
        /// The point.
        point: String,
        /// Its type.
        data_type: DataType,
        /// Its area.
        area: Area,
    },
    /// A multi-register point starting too close to 65535.
    #[error("point {point:?}: a {data_type} at address {address} needs {} registers and runs past address 65535", data_type.width())]
    PastEnd {
        /// The point.
        point: String,
        /// Its first address.
        address: u16,
        /// Its type.
        data_type: DataType,
    },
    /// Two points share an address in the same area.
    #[error("points {first:?} and {second:?} overlap at {area} address {address}")]
    Overlap {
        /// The point with the lower address.
        first: String,
        /// The point that starts inside it.
        second: String,
        /// The area.
        area: Area,
        /// The first shared address.
        address: u32,
    },
    /// `writable = true` on an input area, which no Modbus function can write.
    #[error(
        "point {point:?}: the {area} area cannot be written by any Modbus function, so writable = true is meaningless"
    )]
    WritableInput {
        /// The point.
        point: String,
        /// Its area.
        area: Area,
    },
    /// `scale` is 0 or not finite, or `offset` is not finite.
    #[error("point {point:?}: scale must be a finite non-zero number and offset a finite number")]
    Scale {
        /// The point.
        point: String,
    },
    /// A generator parameter is out of range.
    #[error("point {point:?}: {kind} generator: {reason}")]
    Generator {
        /// The point.
        point: String,
        /// The generator's `kind`.
        kind: &'static str,
        /// What is wrong.
        reason: String,
    },
}

#[cfg(test)]
mod tests {
    use super::*;

    fn with_points(points: &str) -> Result<Config, ConfigError> {
        Config::from_toml_str(points)
    }

    #[test]
    fn defaults_apply_when_keys_are_absent() {
        let config = with_points(
            r#"
            [[point]]
            name = "a"
            area = "holding_register"
            address = 0
            [[point]]
            name = "b"
            area = "discrete_input"
            address = 0
            "#,
        )
        .unwrap();
        assert_eq!(config.listen, DEFAULT_LISTEN);
        assert_eq!(config.unit_id, None);
        assert_eq!(config.reply_delay_ms, 0);
        assert_eq!(config.drop_every, 0);
        let [a, b] = &config.points[..] else { panic!("two points") };
        assert_eq!(a.data_type(), DataType::Uint16);
        assert!(a.is_writable());
        assert_eq!(a.word_order, WordOrder::Big);
        assert_eq!(a.byte_order, ByteOrder::Big);
        assert_eq!(a.read_only_exception, ReadOnlyException::IllegalDataAddress);
        assert_eq!(b.data_type(), DataType::Bool);
        assert!(!b.is_writable());
    }

    #[test]
    fn every_generator_kind_parses() {
        let config = with_points(
            r#"
            [[point]]
            name = "c"
            area = "coil"
            address = 0
            generator = { kind = "constant", value = true }
            [[point]]
            name = "r"
            area = "input_register"
            address = 0
            generator = { kind = "ramp", from = 0, to = 10, step = 2, every_ms = 100 }
            [[point]]
            name = "s"
            area = "input_register"
            address = 1
            type = "float32"
            generator = { kind = "sine", offset = 1.5, amplitude = 0.5, period_ms = 1000 }
            [[point]]
            name = "w"
            area = "input_register"
            address = 3
            generator = { kind = "random_walk", start = 5, step = 1, min = 0, max = 10, every_ms = 10, seed = 7 }
            [[point]]
            name = "t"
            area = "discrete_input"
            address = 0
            generator = { kind = "toggle", every_ms = 500 }
            "#,
        )
        .unwrap();
        let kinds: Vec<_> = config.points.iter().map(|p| p.generator.as_ref().unwrap().kind()).collect();
        assert_eq!(kinds, ["constant", "ramp", "sine", "random_walk", "toggle"]);
        assert_eq!(config.points[0].generator, Some(GeneratorConfig::Constant { value: 1.0 }));
    }

    fn point(extra: &str) -> String {
        format!("[[point]]\nname = \"p\"\n{extra}\n")
    }

    #[test]
    fn unknown_keys_are_refused() {
        let err = with_points("lisen = \"127.0.0.1:1\"").unwrap_err();
        assert!(matches!(err, ConfigError::Parse(_)), "{err}");
        let err = with_points(&point("area = \"coil\"\naddress = 0\ncolour = \"red\"")).unwrap_err();
        assert!(err.to_string().contains("colour"), "{err}");
        let err = with_points(&point(
            "area = \"holding_register\"\naddress = 0\ngenerator = { kind = \"constant\", value = 1, speed = 2 }",
        ))
        .unwrap_err();
        assert!(err.to_string().contains("speed"), "{err}");
    }

    #[test]
    fn unknown_enum_values_are_refused() {
        for extra in [
            "area = \"register\"\naddress = 0",
            "area = \"coil\"\naddress = 0\ntype = \"int8\"",
            "area = \"holding_register\"\naddress = 0\nword_order = \"middle\"",
            "area = \"holding_register\"\naddress = 0\nread_only_exception = \"illegal_function\"",
            "area = \"holding_register\"\naddress = 0\ngenerator = { kind = \"square\" }",
            "area = \"holding_register\"\naddress = 70000",
        ] {
            let err = with_points(&point(extra)).unwrap_err();
            assert!(matches!(err, ConfigError::Parse(_)), "{extra}: {err}");
        }
    }

    #[test]
    fn overlapping_points_are_refused() {
        let err = with_points(
            r#"
            [[point]]
            name = "wide"
            area = "holding_register"
            address = 10
            type = "float64"
            [[point]]
            name = "inside"
            area = "holding_register"
            address = 13
            "#,
        )
        .unwrap_err();
        match err {
            ConfigError::Overlap { first, second, area, address } => {
                assert_eq!((first.as_str(), second.as_str()), ("wide", "inside"));
                assert_eq!(area, Area::HoldingRegister);
                assert_eq!(address, 13);
            }
            other => panic!("{other}"),
        }
    }

    #[test]
    fn the_same_address_in_different_areas_is_fine() {
        with_points(
            r#"
            [[point]]
            name = "h"
            area = "holding_register"
            address = 0
            [[point]]
            name = "i"
            area = "input_register"
            address = 0
            [[point]]
            name = "next"
            area = "holding_register"
            address = 1
            "#,
        )
        .unwrap();
    }

    #[test]
    fn bool_in_a_register_area_and_numbers_in_bit_areas_are_refused() {
        let err = with_points(&point("area = \"holding_register\"\naddress = 0\ntype = \"bool\"")).unwrap_err();
        assert!(matches!(err, ConfigError::TypeNotAllowed { .. }), "{err}");
        let err = with_points(&point("area = \"coil\"\naddress = 0\ntype = \"uint16\"")).unwrap_err();
        assert!(matches!(err, ConfigError::TypeNotAllowed { .. }), "{err}");
    }

    #[test]
    fn a_multi_register_point_running_past_65535_is_refused() {
        let last = with_points(&point("area = \"input_register\"\naddress = 65534\ntype = \"float32\"")).unwrap();
        assert_eq!(last.points[0].end(), 65536);
        let err = with_points(&point("area = \"input_register\"\naddress = 65535\ntype = \"uint32\"")).unwrap_err();
        assert!(matches!(err, ConfigError::PastEnd { .. }), "{err}");
        assert!(err.to_string().contains("65535"), "{err}");
    }

    #[test]
    fn names_must_be_present_and_unique() {
        let err = with_points("[[point]]\nname = \" \"\narea = \"coil\"\naddress = 0\n").unwrap_err();
        assert!(matches!(err, ConfigError::EmptyName { index: 0 }), "{err}");
        let err = with_points(
            "[[point]]\nname = \"x\"\narea = \"coil\"\naddress = 0\n[[point]]\nname = \"x\"\narea = \"coil\"\naddress = 1\n",
        )
        .unwrap_err();
        assert!(matches!(err, ConfigError::DuplicateName { .. }), "{err}");
    }

    #[test]
    fn input_areas_cannot_be_made_writable() {
        let err = with_points(&point("area = \"input_register\"\naddress = 0\nwritable = true")).unwrap_err();
        assert!(matches!(err, ConfigError::WritableInput { .. }), "{err}");
    }

    #[test]
    fn scale_must_be_finite_and_non_zero() {
        let err = with_points(&point("area = \"input_register\"\naddress = 0\nscale = 0")).unwrap_err();
        assert!(matches!(err, ConfigError::Scale { .. }), "{err}");
        let err = with_points(&point("area = \"input_register\"\naddress = 0\noffset = nan")).unwrap_err();
        assert!(matches!(err, ConfigError::Scale { .. }), "{err}");
    }

    fn generator_error(generator: &str) -> String {
        let err = with_points(&point(&format!("area = \"holding_register\"\naddress = 0\ngenerator = {generator}")))
            .unwrap_err();
        assert!(matches!(err, ConfigError::Generator { .. }), "{err}");
        err.to_string()
    }

    #[test]
    fn generator_parameters_are_checked() {
        let cases = [
            ("{ kind = \"ramp\", from = 0, to = 10, step = 0, every_ms = 1 }", "step must not be 0"),
            ("{ kind = \"ramp\", from = 0, to = 10, step = -1, every_ms = 1 }", "positive step"),
            ("{ kind = \"ramp\", from = 10, to = 0, step = 1, every_ms = 1 }", "negative step"),
            ("{ kind = \"ramp\", from = 3, to = 3, step = 1, every_ms = 1 }", "must differ"),
            ("{ kind = \"ramp\", from = 0, to = 10, step = 1, every_ms = 0 }", "every_ms must be at least 1"),
            (
                "{ kind = \"random_walk\", start = 5, step = 1, min = 10, max = 0, every_ms = 1 }",
                "min (10) is greater than max (0)",
            ),
            ("{ kind = \"random_walk\", start = 50, step = 1, min = 0, max = 10, every_ms = 1 }", "outside [min, max]"),
            (
                "{ kind = \"random_walk\", start = 5, step = 0, min = 0, max = 10, every_ms = 1 }",
                "step must be greater than 0",
            ),
            ("{ kind = \"sine\", offset = 0, amplitude = 1, period_ms = 0 }", "period_ms must be at least 1"),
            ("{ kind = \"sine\", offset = inf, amplitude = 1, period_ms = 10 }", "offset must be a finite number"),
            ("{ kind = \"toggle\", every_ms = 0 }", "every_ms must be at least 1"),
        ];
        for (generator, expected) in cases {
            let message = generator_error(generator);
            assert!(message.contains(expected), "{generator}: {message}");
            assert!(message.contains("point \"p\""), "{message}");
        }
    }

    #[test]
    fn a_missing_file_names_the_path() {
        let err = Config::load("/nonexistent/devsim.toml").unwrap_err();
        assert!(matches!(err, ConfigError::Read { .. }), "{err}");
        assert!(err.to_string().contains("/nonexistent/devsim.toml"), "{err}");
    }

    #[test]
    fn the_demo_is_valid() {
        let demo = Config::demo().unwrap();
        assert!(demo.points.len() >= 10, "{}", demo.points.len());
    }
}
