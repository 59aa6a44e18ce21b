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
mod tests;
