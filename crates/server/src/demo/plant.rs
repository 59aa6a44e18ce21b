//! What the demo water plant is, as data: its two gateways, its five units of equipment with their signals
//! (units, decimals, state texts, writable setpoints and commands), alarm rules, groups and map positions, each
//! name in both console languages. The register addresses are those of the simulated devices'
//! maps (`crates/devsim/plant/*.toml`); a test below holds the two together.

use ironsight_devsim::plant::Unit;
use ironsight_domain::Lang;
use ironsight_domain::alarm::Symbol;
use ironsight_domain::rollup::Statistic;
use ironsight_domain::value_map::StateText;
use ironsight_protocol::payload::{Area, DataType, SignalDef};

/// A name in both console languages.
#[derive(Clone, Copy, Debug)]
pub struct Text {
    pub zh: &'static str,
    pub en: &'static str,
}

impl Text {
    pub fn of(self, lang: Lang) -> &'static str {
        match lang {
            Lang::Zh => self.zh,
            Lang::En => self.en,
        }
    }
}

const fn text(zh: &'static str, en: &'static str) -> Text {
    Text { zh, en }
}

/// The gateway that carries the pump station, the reservoir and the dosing room.
pub const PROCESS_GATEWAY: &str = "EG-DEMO-01";
/// The gateway of the utilities (energy meter, compressor); it drops off now and then (see `Schedule`).
pub const UTILITY_GATEWAY: &str = "EG-DEMO-02";

/// A demo gateway.
pub struct GatewaySpec {
    pub sn: &'static str,
    pub name: Text,
}

pub const GATEWAYS: [GatewaySpec; 2] = [
    GatewaySpec { sn: PROCESS_GATEWAY, name: text("制水工艺网关", "Process gateway") },
    GatewaySpec { sn: UTILITY_GATEWAY, name: text("公用工程网关", "Utilities gateway") },
];

/// The site, and the equipment groups of the monitor.
pub const SITE: Text = text("演示水厂", "Demo water plant");
pub const SITE_ADDRESS: Text = text("上海市浦东新区滨江大道 1 号", "1 Riverside Avenue, Pudong, Shanghai");
pub const GROUP_PROCESS: Text = text("制水工艺", "Water treatment");
pub const GROUP_UTILITIES: Text = text("公用工程", "Utilities");
/// The site-overview page of the plant's project.
pub const OVERVIEW_PAGE: Text = text("全厂总览", "Site overview");

/// One state text of a value map.
#[derive(Clone, Copy, Debug)]
pub struct State {
    pub value: f64,
    pub text: Text,
    pub color: &'static str,
}

const fn state(value: f64, zh: &'static str, en: &'static str, color: &'static str) -> State {
    State { value, text: text(zh, en), color }
}

const GREY: &str = "#8c8c8c";
const GREEN: &str = "#52c41a";
const RED: &str = "#f5222d";
const BLUE: &str = "#1677ff";
const ORANGE: &str = "#fa8c16";

const PUMP_STATES: &[State] =
    &[state(0.0, "停止", "Stopped", GREY), state(1.0, "运行", "Running", GREEN), state(2.0, "故障", "Fault", RED)];
const RUN_STOP: &[State] = &[state(0.0, "停止", "Stopped", GREY), state(1.0, "运行", "Running", GREEN)];
const START_STOP: &[State] = &[state(0.0, "停止", "Stop", GREY), state(1.0, "启动", "Start", BLUE)];
const ON_OFF: &[State] = &[state(0.0, "关", "Off", GREY), state(1.0, "开", "On", GREEN)];
const LEVEL_SWITCH: &[State] = &[state(0.0, "正常", "Normal", GREEN), state(1.0, "高液位", "High", ORANGE)];
const COMPRESSOR_MODES: &[State] =
    &[state(0.0, "停机", "Stopped", GREY), state(1.0, "加载", "Loaded", GREEN), state(2.0, "卸载", "Unloaded", BLUE)];

/// One signal: `key` names it in this module and in the pages (it is the device's point name).
#[derive(Clone, Copy, Debug)]
pub struct SignalSpec {
    pub key: &'static str,
    pub name: Text,
    pub area: Area,
    pub address: u16,
    pub data_type: DataType,
    pub scale: f64,
    pub unit: &'static str,
    pub decimals: u8,
    /// `Some((min, max))` for a writable signal (coils: `(0, 1)`).
    pub writable: Option<(f64, f64)>,
    pub states: &'static [State],
}

impl SignalSpec {
    /// The signal as the store and the gateway know it, named in `lang`.
    pub fn def(&self, lang: Lang) -> SignalDef {
        let is_bit = self.data_type == DataType::Bool;
        SignalDef {
            scale: self.scale,
            unit: self.unit.to_owned(),
            decimals: self.decimals,
            writable: self.writable.is_some(),
            min: self.writable.filter(|_| !is_bit).map(|(min, _)| min),
            max: self.writable.filter(|_| !is_bit).map(|(_, max)| max),
            value_map: self
                .states
                .iter()
                .map(|s| StateText {
                    value: s.value,
                    zh: s.text.zh.to_owned(),
                    en: s.text.en.to_owned(),
                    color: s.color.to_owned(),
                })
                .collect(),
            ..SignalDef::new(self.name.of(lang), self.area, self.address, self.data_type)
        }
    }
}

/// A measured value in an input register.
const fn measured(
    key: &'static str,
    name: Text,
    address: u16,
    data_type: DataType,
    scale: f64,
    unit: &'static str,
    decimals: u8,
) -> SignalSpec {
    SignalSpec {
        key,
        name,
        area: Area::InputRegister,
        address,
        data_type,
        scale,
        unit,
        decimals,
        writable: None,
        states: &[],
    }
}

/// A value with state texts (a state register, a discrete input or a coil).
const fn stated(key: &'static str, name: Text, area: Area, address: u16, states: &'static [State]) -> SignalSpec {
    let data_type = match area {
        Area::Coil | Area::DiscreteInput => DataType::Bool,
        _ => DataType::Uint16,
    };
    let writable = match area {
        Area::Coil => Some((0.0, 1.0)),
        _ => None,
    };
    SignalSpec { key, name, area, address, data_type, scale: 1.0, unit: "", decimals: 0, writable, states }
}

/// A writable setpoint in a holding register.
const fn setpoint(
    key: &'static str,
    name: Text,
    address: u16,
    scale: f64,
    unit: &'static str,
    decimals: u8,
    range: (f64, f64),
) -> SignalSpec {
    SignalSpec {
        key,
        name,
        area: Area::HoldingRegister,
        address,
        data_type: DataType::Uint16,
        scale,
        unit,
        decimals,
        writable: Some(range),
        states: &[],
    }
}

/// An alarm rule on one signal (by key). An empty message lets the alarm say the state the value went to.
#[derive(Clone, Copy, Debug)]
pub struct RuleSpec {
    pub signal: &'static str,
    pub symbol: Symbol,
    pub threshold: f64,
    pub deadband: f64,
    pub level: i64,
    pub message: Text,
}

const fn rule(
    signal: &'static str,
    symbol: Symbol,
    threshold: f64,
    deadband: f64,
    level: i64,
    message: Text,
) -> RuleSpec {
    RuleSpec { signal, symbol, threshold, deadband, level, message }
}

/// One unit of equipment.
pub struct EquipmentSpec {
    pub unit: Unit,
    pub name: Text,
    /// The title of its configuration page.
    pub page_title: Text,
    pub model: &'static str,
    pub manufacturer: &'static str,
    pub gateway: &'static str,
    pub group: Text,
    pub latitude: f64,
    pub longitude: f64,
    /// Whether the demo's limited sub-account may see and operate it.
    pub operator_granted: bool,
    pub signals: Vec<SignalSpec>,
    pub rules: Vec<RuleSpec>,
    pub reports: Vec<ReportSpec>,
}

/// A report on one unit: its name and columns, each a signal (by key) and a statistic.
pub struct ReportSpec {
    pub name: Text,
    pub columns: &'static [(&'static str, Statistic)],
}

impl EquipmentSpec {
    pub fn signal(&self, key: &str) -> Option<&SignalSpec> {
        self.signals.iter().find(|s| s.key == key)
    }
}

/// The plant, pump station first.
pub fn equipment() -> Vec<EquipmentSpec> {
    use Area::{Coil, DiscreteInput, InputRegister};
    use DataType::{Float32, Float64, Int16, Uint16, Uint32};
    vec![
        EquipmentSpec {
            unit: Unit::PumpStation,
            // The English name is the earlier demo's, so a database it seeded keeps its pump station (see mod.rs).
            name: text("1#取水泵站", "1# Pump station"),
            page_title: text("泵站", "Pump station"),
            model: "PS-3",
            manufacturer: "Ironsight",
            gateway: PROCESS_GATEWAY,
            group: GROUP_PROCESS,
            latitude: 31.2291,
            longitude: 121.4915,
            operator_granted: true,
            signals: vec![
                measured("inlet_pressure", text("进水压力", "Inlet pressure"), 0, Float32, 1.0, "bar", 2),
                measured("outlet_pressure", text("出水压力", "Outlet pressure"), 2, Float32, 1.0, "bar", 2),
                measured("flow", text("瞬时流量", "Flow"), 4, Float32, 1.0, "m³/h", 1),
                measured("tank_level", text("吸水井液位", "Tank level"), 6, Uint16, 0.1, "%", 1),
                measured("motor_temperature", text("电机温度", "Motor temperature"), 7, Int16, 0.1, "°C", 1),
                measured("motor_current", text("电机电流", "Motor current"), 17, Float32, 1.0, "A", 1),
                measured("energy_total", text("累计电量", "Energy total"), 8, Uint32, 1.0, "kWh", 0),
                measured("run_hours", text("累计运行时间", "Run hours"), 12, Float64, 1.0, "h", 1),
                stated("pump_state", text("泵运行状态", "Pump state"), InputRegister, 16, PUMP_STATES),
                stated("pump_running", text("泵运行", "Pump running"), DiscreteInput, 0, RUN_STOP),
                stated("pump_start", text("泵启停", "Pump start"), Coil, 0, START_STOP),
                setpoint("speed_setpoint", text("转速设定", "Speed setpoint"), 0, 1.0, "rpm", 0, (0.0, 2900.0)),
                SignalSpec {
                    area: Area::HoldingRegister,
                    ..measured("rated_speed", text("额定转速", "Rated speed"), 2, Uint16, 1.0, "rpm", 0)
                },
                SignalSpec {
                    area: Area::HoldingRegister,
                    ..measured("firmware_version", text("固件版本", "Firmware version"), 1, Uint16, 0.01, "", 2)
                },
            ],
            rules: vec![
                rule("pump_state", Symbol::Eq, 2.0, 0.0, 1, text("", "")),
                rule("motor_temperature", Symbol::Gt, 80.0, 2.0, 3, text("电机温度过高", "Motor temperature high")),
            ],
            reports: vec![ReportSpec {
                name: text("泵站运行报表", "Pump station operation"),
                columns: &[
                    ("energy_total", Statistic::Difference),
                    ("pump_running", Statistic::OnHours),
                    ("flow", Statistic::Avg),
                    ("flow", Statistic::Max),
                    ("outlet_pressure", Statistic::Avg),
                    ("motor_temperature", Statistic::Max),
                ],
            }],
        },
        EquipmentSpec {
            unit: Unit::Reservoir,
            name: text("清水池", "Clear water reservoir"),
            page_title: text("清水池", "Reservoir"),
            model: "CWR-2000",
            manufacturer: "Ironsight",
            gateway: PROCESS_GATEWAY,
            group: GROUP_PROCESS,
            latitude: 31.2266,
            longitude: 121.4962,
            operator_granted: true,
            signals: vec![
                measured("level", text("液位", "Level"), 0, Float32, 1.0, "m", 2),
                measured("inflow", text("进水流量", "Inflow"), 2, Float32, 1.0, "m³/h", 1),
                measured("outflow", text("出水流量", "Outflow"), 4, Float32, 1.0, "m³/h", 1),
                measured("water_temperature", text("水温", "Water temperature"), 6, Int16, 0.1, "°C", 1),
                stated("high_level_switch", text("高液位开关", "High level switch"), DiscreteInput, 0, LEVEL_SWITCH),
                setpoint("start_level", text("启泵液位", "Pump start level"), 0, 0.01, "m", 2, (0.5, 4.5)),
                setpoint("stop_level", text("停泵液位", "Pump stop level"), 1, 0.01, "m", 2, (1.0, 4.8)),
            ],
            rules: vec![
                rule("level", Symbol::Gt, 4.5, 0.05, 2, text("清水池液位过高", "Reservoir level high")),
                rule("level", Symbol::Lt, 1.0, 0.05, 2, text("清水池液位过低", "Reservoir level low")),
            ],
            reports: vec![ReportSpec {
                name: text("清水池水量报表", "Reservoir flows"),
                columns: &[
                    ("inflow", Statistic::Avg),
                    ("outflow", Statistic::Avg),
                    ("level", Statistic::Min),
                    ("level", Statistic::Max),
                ],
            }],
        },
        EquipmentSpec {
            unit: Unit::Dosing,
            name: text("加氯间", "Chlorine dosing room"),
            page_title: text("加氯", "Dosing"),
            model: "CL-40",
            manufacturer: "Ironsight",
            gateway: PROCESS_GATEWAY,
            group: GROUP_PROCESS,
            latitude: 31.2259,
            longitude: 121.4981,
            operator_granted: false,
            signals: vec![
                measured("residual_chlorine", text("余氯", "Residual chlorine"), 0, Float32, 1.0, "mg/L", 2),
                measured("dosing_flow", text("投加流量", "Dosing flow"), 2, Float32, 1.0, "L/h", 2),
                measured("tank_level", text("药罐液位", "Hypochlorite tank level"), 4, Uint16, 0.1, "%", 1),
                stated("dosing_running", text("加药泵状态", "Dosing pump state"), DiscreteInput, 0, RUN_STOP),
                stated("dosing_on", text("加药泵开关", "Dosing pump on/off"), Coil, 0, ON_OFF),
                setpoint("residual_setpoint", text("余氯设定", "Residual setpoint"), 0, 0.01, "mg/L", 2, (0.2, 2.0)),
            ],
            rules: vec![
                rule("residual_chlorine", Symbol::Lt, 0.3, 0.05, 2, text("余氯过低", "Residual chlorine low")),
                rule("residual_chlorine", Symbol::Gt, 2.0, 0.1, 3, text("余氯过高", "Residual chlorine high")),
            ],
            reports: vec![],
        },
        EquipmentSpec {
            unit: Unit::EnergyMeter,
            name: text("电能表", "Energy meter"),
            page_title: text("电能", "Energy"),
            model: "EM-3P",
            manufacturer: "Ironsight",
            gateway: UTILITY_GATEWAY,
            group: GROUP_UTILITIES,
            latitude: 31.2252,
            longitude: 121.4970,
            operator_granted: false,
            signals: vec![
                measured("active_power", text("有功功率", "Active power"), 0, Float32, 1.0, "kW", 1),
                measured("energy_total", text("正向有功电能", "Active energy"), 2, Uint32, 0.1, "kWh", 1),
                measured("voltage", text("线电压", "Line voltage"), 4, Float32, 1.0, "V", 1),
                measured("current", text("电流", "Current"), 6, Float32, 1.0, "A", 1),
                measured("power_factor", text("功率因数", "Power factor"), 8, Uint16, 0.001, "", 3),
            ],
            rules: vec![rule("active_power", Symbol::Gt, 90.0, 5.0, 3, text("有功功率过高", "Active power high"))],
            reports: vec![ReportSpec {
                name: text("电能日报", "Daily energy"),
                columns: &[
                    ("energy_total", Statistic::Difference),
                    ("active_power", Statistic::Max),
                    ("active_power", Statistic::Avg),
                    ("power_factor", Statistic::Avg),
                ],
            }],
        },
        EquipmentSpec {
            unit: Unit::Compressor,
            name: text("空压机", "Air compressor"),
            page_title: text("空压机", "Compressor"),
            model: "AC-22",
            manufacturer: "Ironsight",
            gateway: UTILITY_GATEWAY,
            group: GROUP_UTILITIES,
            latitude: 31.2248,
            longitude: 121.4987,
            operator_granted: false,
            signals: vec![
                measured("pressure", text("排气压力", "Discharge pressure"), 0, Float32, 1.0, "bar", 2),
                measured("temperature", text("排气温度", "Discharge temperature"), 2, Int16, 0.1, "°C", 1),
                stated("mode", text("运行模式", "Mode"), InputRegister, 3, COMPRESSOR_MODES),
                // Named so track playback finds them (docs/track.md): the compressor is towed around the site.
                measured("gps_latitude", text("GPS 纬度", "GPS latitude"), 4, Float64, 1.0, "°", 6),
                measured("gps_longitude", text("GPS 经度", "GPS longitude"), 8, Float64, 1.0, "°", 6),
                stated("compressor_start", text("空压机启停", "Compressor start"), Coil, 0, START_STOP),
                setpoint("load_pressure", text("加载压力", "Load pressure"), 0, 0.01, "bar", 2, (5.0, 8.5)),
                setpoint("unload_pressure", text("卸载压力", "Unload pressure"), 1, 0.01, "bar", 2, (6.0, 9.5)),
            ],
            rules: vec![rule("pressure", Symbol::Gt, 8.6, 0.2, 1, text("排气压力过高", "Discharge pressure high"))],
            reports: vec![],
        },
    ]
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every signal reads a point of its unit's simulated device with the same area, address, type and scale, and
    /// passes the checks a signal saved through the API passes.
    #[test]
    fn every_signal_matches_its_device_point_and_is_valid() {
        for spec in equipment() {
            let device = spec.unit.config("127.0.0.1:0").unwrap();
            for lang in [Lang::Zh, Lang::En] {
                let defs: Vec<SignalDef> = spec.signals.iter().map(|s| s.def(lang)).collect();
                ironsight_protocol::validate::signals(&defs).unwrap_or_else(|e| panic!("{}: {e:?}", spec.name.en));
            }
            for signal in &spec.signals {
                let point = device.points.iter().find(|p| p.name == signal.key).unwrap_or_else(|| {
                    panic!("{}: no point {}", spec.name.en, signal.key);
                });
                assert_eq!(point.address, signal.address, "{}", signal.key);
                assert_eq!(point.area.name(), serde_json::to_value(signal.area).unwrap(), "{}", signal.key);
                assert_eq!(point.data_type().name(), serde_json::to_value(signal.data_type).unwrap(), "{}", signal.key);
                assert!((point.scale - signal.scale).abs() < 1e-12, "{}", signal.key);
                assert_eq!(point.is_writable(), signal.writable.is_some(), "{}", signal.key);
            }
            for rule in &spec.rules {
                assert!(spec.signal(rule.signal).is_some(), "{}: rule on {}", spec.name.en, rule.signal);
            }
            for (key, _) in spec.reports.iter().flat_map(|r| r.columns) {
                assert!(spec.signal(key).is_some(), "{}: report column of {key}", spec.name.en);
            }
        }
    }

    #[test]
    fn names_are_unique_in_each_language() {
        for lang in [Lang::Zh, Lang::En] {
            let names: std::collections::HashSet<&str> = equipment().iter().map(|e| e.name.of(lang)).collect();
            assert_eq!(names.len(), 5);
        }
    }
}
