//! The demo water plant's process model: how the measurements of an intake pump station, a clear water reservoir,
//! a chlorine dosing room, an energy meter and an air compressor move together.
//!
//! Generators ([`crate::generator`]) give each point a life of its own; a plant needs couplings instead: the
//! reservoir fills while the pump runs and drains with the town's demand, the pressures and the flow follow the
//! pump, the residual chlorine follows the dosing pump, the energy counter adds up the power drawn. This module
//! is those couplings as a plain state machine: [`WaterPlant::step`] takes the elapsed time, the time step and
//! the commands read from the devices ([`Inputs`]) and answers the values the devices show ([`Outputs`]). It
//! never sleeps or reads a clock, so tests drive hours of plant time in microseconds and know every value.
//!
//! The reservoir is small (a few square metres) on purpose: a fill and drain cycle takes minutes, so a visitor
//! sees the pump start and stop while looking at the demo.

use std::{f64::consts::TAU, time::Duration};

/// The plant's tunable constants, with the demo's values as [`Default`].
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Params {
    /// The pump faults (state 2, stopped) once in each period of this length…
    pub fault_every: Duration,
    /// …for this long, at the end of the period (so a fresh start begins healthy).
    pub fault_for: Duration,
    /// Flow at the rated speed, m³/h.
    pub rated_flow: f64,
    /// The pump's rated speed, rpm: flow scales with speed, pressure with its square, power with its cube.
    pub rated_speed: f64,
    /// Electrical power at the rated speed, kW.
    pub rated_power: f64,
    /// The reservoir's surface, m²: level change = (inflow − demand) / area.
    pub reservoir_area_m2: f64,
    /// The reservoir's depth, m (the level stays within 0 and this).
    pub reservoir_depth_m: f64,
    /// The town's mean demand, m³/h, swinging by `demand_swing` over `demand_period`.
    pub demand_mean: f64,
    pub demand_swing: f64,
    pub demand_period: Duration,
    /// The counters the plant starts from: a restart goes on from what its meters last said, never back (a
    /// report would read the drop as a meter reset).
    pub counters: Counters,
}

/// The plant's meters, which only count up.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Counters {
    /// The pump's energy, kWh.
    pub pump_energy_kwh: f64,
    /// The pump's running hours.
    pub run_hours: f64,
    /// The plant's energy meter, kWh.
    pub plant_energy_kwh: f64,
}

impl Default for Counters {
    /// A pump in its second year.
    fn default() -> Self {
        Self { pump_energy_kwh: 125_000.0, run_hours: 8_760.0, plant_energy_kwh: 352_180.0 }
    }
}

impl Default for Params {
    fn default() -> Self {
        Self {
            fault_every: Duration::from_secs(5 * 60),
            fault_for: Duration::from_secs(40),
            rated_flow: 320.0,
            rated_speed: 1450.0,
            rated_power: 45.0,
            reservoir_area_m2: 4.0,
            reservoir_depth_m: 5.0,
            demand_mean: 180.0,
            demand_swing: 50.0,
            demand_period: Duration::from_secs(10 * 60),
            counters: Counters::default(),
        }
    }
}

/// What the devices' writable points say (operators and the plant's automatic mode write them).
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Inputs {
    /// The pump's start coil.
    pub pump_start: bool,
    /// The pump's speed setpoint, rpm.
    pub speed_setpoint: f64,
    /// The reservoir level below which the automatic mode starts the pump, m.
    pub start_level: f64,
    /// The reservoir level above which the automatic mode stops the pump, m.
    pub stop_level: f64,
    /// The dosing pump's on/off coil.
    pub dosing_on: bool,
    /// The residual chlorine the dosing aims at, mg/L.
    pub chlorine_setpoint: f64,
    /// The compressor's start coil.
    pub compressor_start: bool,
    /// The compressor loads below this pressure, bar…
    pub load_pressure: f64,
    /// …and unloads above this one.
    pub unload_pressure: f64,
}

impl Default for Inputs {
    fn default() -> Self {
        Self {
            pump_start: true,
            speed_setpoint: 1450.0,
            start_level: 1.5,
            stop_level: 4.0,
            dosing_on: true,
            chlorine_setpoint: 0.8,
            compressor_start: true,
            load_pressure: 7.0,
            unload_pressure: 8.0,
        }
    }
}

/// The pump's state as its controller reports it (the demo's value map: 停止 / 运行 / 故障).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PumpState {
    Stopped = 0,
    Running = 1,
    Fault = 2,
}

/// The compressor's mode (停机 / 加载 / 卸载).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CompressorMode {
    Stopped = 0,
    Loaded = 1,
    Unloaded = 2,
}

/// Everything the devices show after a step.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Outputs {
    pub pump_state: PumpState,
    /// What the automatic mode wants the start coil to be, when it wants a change (the reservoir left its band).
    pub pump_start_command: Option<bool>,
    pub flow: f64,
    pub inlet_pressure: f64,
    pub outlet_pressure: f64,
    pub motor_temperature: f64,
    pub motor_current: f64,
    /// The intake well's level, %.
    pub well_level: f64,
    pub pump_energy_kwh: f64,
    pub run_hours: f64,
    pub reservoir_level: f64,
    pub demand: f64,
    pub chlorine_residual: f64,
    /// Dosing flow, L/h (0 while the dosing pump is off).
    pub dosing_flow: f64,
    pub dosing_running: bool,
    /// The hypochlorite tank's level, %.
    pub hypochlorite_level: f64,
    pub compressor_mode: CompressorMode,
    pub compressor_pressure: f64,
    pub compressor_temperature: f64,
    /// Where the (towed, mobile) compressor is: it tours the site, so the demo has a track to play (docs/track.md).
    pub compressor_latitude: f64,
    pub compressor_longitude: f64,
    /// The whole plant's active power, kW, and its energy counter, kWh.
    pub plant_power: f64,
    pub plant_energy_kwh: f64,
    pub voltage: f64,
    pub current: f64,
    pub power_factor: f64,
}

/// The plant's state between steps.
#[derive(Debug, Clone, PartialEq)]
pub struct WaterPlant {
    params: Params,
    flow: f64,
    outlet_pressure: f64,
    motor_temperature: f64,
    well_level: f64,
    pump_energy_kwh: f64,
    run_hours: f64,
    reservoir_level: f64,
    chlorine_residual: f64,
    hypochlorite_level: f64,
    compressor_loaded: bool,
    compressor_pressure: f64,
    compressor_temperature: f64,
    plant_energy_kwh: f64,
}

impl WaterPlant {
    /// A plant at rest on a typical morning: reservoir half full, pump stopped and cool, its meters at
    /// `params.counters`.
    pub fn new(params: Params) -> Self {
        Self {
            params,
            flow: 0.0,
            outlet_pressure: STATIC_HEAD_BAR,
            motor_temperature: 24.0,
            well_level: 72.0,
            pump_energy_kwh: params.counters.pump_energy_kwh,
            run_hours: params.counters.run_hours,
            reservoir_level: 2.6,
            chlorine_residual: 0.75,
            hypochlorite_level: 68.0,
            compressor_loaded: true,
            compressor_pressure: 7.2,
            compressor_temperature: 60.0,
            plant_energy_kwh: params.counters.plant_energy_kwh,
        }
    }

    /// The constants the plant runs with.
    pub fn params(&self) -> &Params {
        &self.params
    }

    /// Whether the pump is in its scheduled fault at `elapsed` since start: the last `fault_for` of every
    /// `fault_every` period.
    pub fn pump_faulted(&self, elapsed: Duration) -> bool {
        let every = self.params.fault_every.as_millis().max(1);
        let fault = self.params.fault_for.as_millis().min(every);
        elapsed.as_millis() % every >= every - fault
    }

    /// Moves the plant on by `dt`, ending at `elapsed` since start, with the devices' commands `inputs`.
    pub fn step(&mut self, elapsed: Duration, dt: Duration, inputs: &Inputs) -> Outputs {
        let p = self.params;
        let dt_s = dt.as_secs_f64();
        let t = elapsed.as_secs_f64();
        let faulted = self.pump_faulted(elapsed);
        let running = inputs.pump_start && !faulted;
        let pump_state = match (faulted, running) {
            (true, _) => PumpState::Fault,
            (false, true) => PumpState::Running,
            (false, false) => PumpState::Stopped,
        };
        let ratio = if running { (inputs.speed_setpoint / p.rated_speed).clamp(0.0, 1.2) } else { 0.0 };

        // The pump: flow and pressure spin up in seconds, the motor warms in minutes.
        self.flow = approach(self.flow, p.rated_flow * ratio, dt_s, 3.0);
        let spin = self.flow / p.rated_flow;
        let head = STATIC_HEAD_BAR + 3.6 * spin * spin + 0.05 * wave(t, 37.0) * spin;
        self.outlet_pressure = approach(self.outlet_pressure, head, dt_s, 2.0);
        self.motor_temperature = approach(
            self.motor_temperature,
            if running { 66.0 } else { 24.0 },
            dt_s,
            if running { 90.0 } else { 240.0 },
        );
        self.well_level = approach(self.well_level, if running { 48.0 } else { 82.0 }, dt_s, 150.0);
        let inlet_pressure = 0.3 + self.well_level * 0.012 - 0.12 * spin;
        let pump_power = p.rated_power * ratio.powi(3);
        self.pump_energy_kwh += pump_power * dt_s / 3600.0;
        if running {
            self.run_hours += dt_s / 3600.0;
        }

        // The reservoir, and the automatic mode that keeps it between its two levels.
        let demand = p.demand_mean + p.demand_swing * wave(t, p.demand_period.as_secs_f64());
        let net = (self.flow - demand) / 3600.0 / p.reservoir_area_m2;
        self.reservoir_level = (self.reservoir_level + net * dt_s).clamp(0.0, p.reservoir_depth_m);
        let pump_start_command = if self.reservoir_level < inputs.start_level && !inputs.pump_start {
            Some(true)
        } else if self.reservoir_level > inputs.stop_level && inputs.pump_start {
            Some(false)
        } else {
            None
        };

        // Dosing: the residual settles on the setpoint while the dosing pump runs and decays without it.
        let dosing_running = inputs.dosing_on;
        let chlorine_target = if dosing_running { inputs.chlorine_setpoint + 0.03 * wave(t, 53.0) } else { 0.05 };
        self.chlorine_residual = approach(self.chlorine_residual, chlorine_target, dt_s, 60.0).max(0.0);
        let dosing_flow = if dosing_running { 3.0 * inputs.chlorine_setpoint } else { 0.0 };
        self.hypochlorite_level -= dosing_flow * dt_s / 3600.0 * 2.0;
        if self.hypochlorite_level < 15.0 {
            self.hypochlorite_level = 95.0; // a delivery refills the tank
        }

        // The compressor loads and unloads between its two pressures.
        if !inputs.compressor_start {
            self.compressor_loaded = false;
        } else if self.compressor_pressure < inputs.load_pressure {
            self.compressor_loaded = true;
        } else if self.compressor_pressure > inputs.unload_pressure {
            self.compressor_loaded = false;
        }
        let compressor_mode = match (inputs.compressor_start, self.compressor_loaded) {
            (false, _) => CompressorMode::Stopped,
            (true, true) => CompressorMode::Loaded,
            (true, false) => CompressorMode::Unloaded,
        };
        let (pressure_rate, temperature, compressor_power) = match compressor_mode {
            CompressorMode::Loaded => (0.04, 86.0, 22.0),
            CompressorMode::Unloaded => (-0.02, 72.0, 7.5),
            CompressorMode::Stopped => (-0.02, 24.0, 0.0),
        };
        self.compressor_pressure = (self.compressor_pressure + pressure_rate * dt_s).clamp(0.0, 10.0);
        self.compressor_temperature = approach(self.compressor_temperature, temperature, dt_s, 45.0);

        // The meter at the plant's incomer adds everything up.
        let plant_power = 6.0 + pump_power + compressor_power + if dosing_running { 0.6 } else { 0.0 };
        self.plant_energy_kwh += plant_power * dt_s / 3600.0;
        let voltage = 380.0 + 3.0 * wave(t, 71.0);
        let power_factor = if running { 0.86 } else { 0.93 };
        let current = plant_power * 1000.0 / (3f64.sqrt() * voltage * power_factor);

        Outputs {
            pump_state,
            pump_start_command,
            flow: self.flow,
            inlet_pressure,
            outlet_pressure: self.outlet_pressure,
            motor_temperature: self.motor_temperature,
            motor_current: 82.0 * ratio.powi(2) * (1.0 + 0.01 * wave(t, 13.0)),
            well_level: self.well_level,
            pump_energy_kwh: self.pump_energy_kwh,
            run_hours: self.run_hours,
            reservoir_level: self.reservoir_level,
            demand,
            chlorine_residual: self.chlorine_residual,
            dosing_flow,
            dosing_running,
            hypochlorite_level: self.hypochlorite_level,
            compressor_mode,
            compressor_pressure: self.compressor_pressure,
            compressor_temperature: self.compressor_temperature,
            compressor_latitude: tour_position(t).0,
            compressor_longitude: tour_position(t).1,
            plant_power,
            plant_energy_kwh: self.plant_energy_kwh,
            voltage,
            current,
            power_factor,
        }
    }
}

/// The mobile compressor's tour: a loop around the site (about 440 m by 570 m) once every [`TOUR_PERIOD_S`], with a
/// little wander, as (latitude, longitude) in degrees after `t` seconds.
pub fn tour_position(t: f64) -> (f64, f64) {
    let a = TAU * t / TOUR_PERIOD_S;
    let wander = 0.00008 * wave(t, 47.0);
    (TOUR_CENTRE.0 + 0.002 * a.sin() + wander, TOUR_CENTRE.1 + 0.003 * (a.cos() + 0.3 * (2.0 * a).sin()) + wander)
}

/// The middle of the compressor's tour (the site, near the plant's other equipment).
pub const TOUR_CENTRE: (f64, f64) = (31.2262, 121.4950);
/// One lap of the compressor's tour, in seconds.
pub const TOUR_PERIOD_S: f64 = 600.0;

/// The outlet pressure with the pump stopped (the reservoir's static head), bar.
const STATIC_HEAD_BAR: f64 = 0.6;

/// First-order lag: `current` moves towards `target` with time constant `tau` seconds.
fn approach(current: f64, target: f64, dt_s: f64, tau: f64) -> f64 {
    target + (current - target) * (-dt_s / tau).exp()
}

/// A slow swing between −1 and 1 with the given period in seconds (small wobbles make values look measured).
fn wave(t: f64, period_s: f64) -> f64 {
    (TAU * t / period_s.max(1.0)).sin()
}

#[cfg(test)]
mod tests {
    use super::*;

    const SECOND: Duration = Duration::from_secs(1);

    /// Runs `plant` second by second from `from` for `seconds`, feeding back the automatic mode's start commands
    /// as the device would; answers the last outputs and the inputs as they ended.
    fn run(plant: &mut WaterPlant, from: u64, seconds: u64, mut inputs: Inputs) -> (Outputs, Inputs) {
        let mut last = None;
        for s in from + 1..=from + seconds {
            let out = plant.step(Duration::from_secs(s), SECOND, &inputs);
            if let Some(start) = out.pump_start_command {
                inputs.pump_start = start;
            }
            last = Some(out);
        }
        (last.expect("at least one step"), inputs)
    }

    fn quiet() -> Params {
        Params { fault_every: Duration::from_secs(100_000), fault_for: Duration::from_secs(1), ..Params::default() }
    }

    #[test]
    fn the_reservoir_rises_while_the_pump_runs_and_falls_with_demand() {
        let mut plant = WaterPlant::new(quiet());
        let start = plant.reservoir_level;
        let running = Inputs { pump_start: true, stop_level: 5.0, ..Inputs::default() };
        let (out, _) = run(&mut plant, 0, 60, running);
        assert!(out.reservoir_level > start, "{} > {start}", out.reservoir_level);
        assert!(out.flow > 300.0 && out.outlet_pressure > 3.5, "{out:?}");
        assert_eq!(out.pump_state, PumpState::Running);
        let high = out.reservoir_level;
        let stopped = Inputs { pump_start: false, start_level: 0.0, ..Inputs::default() };
        let (out, _) = run(&mut plant, 60, 60, stopped);
        assert!(out.reservoir_level < high, "{} < {high}", out.reservoir_level);
        assert!(out.flow < 1.0 && out.outlet_pressure < 1.0, "flow and pressure follow the pump: {out:?}");
        assert_eq!(out.pump_state, PumpState::Stopped);
    }

    #[test]
    fn the_automatic_mode_keeps_the_reservoir_between_its_levels() {
        let mut plant = WaterPlant::new(quiet());
        let (mut starts, mut stops) = (0, 0);
        let mut inputs = Inputs::default();
        for s in 1..=3 * 3600 {
            let out = plant.step(Duration::from_secs(s), SECOND, &inputs);
            match out.pump_start_command {
                Some(true) => starts += 1,
                Some(false) => stops += 1,
                None => {}
            }
            if let Some(start) = out.pump_start_command {
                inputs.pump_start = start;
            }
            assert!((1.0..=4.5).contains(&out.reservoir_level), "at {s} s: {}", out.reservoir_level);
        }
        assert!(starts >= 3 && stops >= 3, "the pump cycles: {starts} starts, {stops} stops in three hours");
    }

    #[test]
    fn the_pump_faults_on_schedule_and_recovers() {
        let params = Params { fault_every: Duration::from_secs(60), fault_for: Duration::from_secs(10), ..quiet() };
        let mut plant = WaterPlant::new(params);
        let inputs = Inputs { stop_level: 5.0, ..Inputs::default() };
        assert!(!plant.pump_faulted(Duration::from_secs(49)));
        assert!(plant.pump_faulted(Duration::from_secs(50)) && plant.pump_faulted(Duration::from_secs(59)));
        assert!(!plant.pump_faulted(Duration::from_secs(60)));
        let (out, _) = run(&mut plant, 0, 55, inputs);
        assert_eq!(out.pump_state, PumpState::Fault);
        assert!(out.flow < 50.0, "a faulted pump stops pumping: {}", out.flow);
        let (out, _) = run(&mut plant, 55, 10, inputs);
        assert_eq!(out.pump_state, PumpState::Running, "the start command still stands after the fault");
    }

    #[test]
    fn the_residual_chlorine_follows_the_dosing_pump() {
        let mut plant = WaterPlant::new(quiet());
        let (out, _) = run(&mut plant, 0, 600, Inputs { chlorine_setpoint: 1.2, ..Inputs::default() });
        assert!((out.chlorine_residual - 1.2).abs() < 0.1, "{}", out.chlorine_residual);
        assert!(out.dosing_running && out.dosing_flow > 0.0);
        let (out, _) = run(&mut plant, 600, 600, Inputs { dosing_on: false, ..Inputs::default() });
        assert!(out.chlorine_residual < 0.3, "without dosing the residual decays: {}", out.chlorine_residual);
        assert_eq!(out.dosing_flow, 0.0);
    }

    #[test]
    fn the_energy_counters_only_go_up_and_faster_with_the_pump() {
        let mut plant = WaterPlant::new(quiet());
        let hold = Inputs { start_level: 0.0, stop_level: 5.0, ..Inputs::default() };
        let (before, _) = run(&mut plant, 0, 1, hold);
        let (running, _) = run(&mut plant, 1, 600, hold);
        let (stopped, _) = run(&mut plant, 601, 600, Inputs { pump_start: false, ..hold });
        let while_running = running.plant_energy_kwh - before.plant_energy_kwh;
        let while_stopped = stopped.plant_energy_kwh - running.plant_energy_kwh;
        assert!(while_stopped > 0.0 && while_running > 2.0 * while_stopped, "{while_running} vs {while_stopped}");
        assert!(running.pump_energy_kwh > before.pump_energy_kwh);
        assert!(running.plant_power > stopped.plant_power);
        assert!(running.run_hours > before.run_hours && stopped.run_hours == running.run_hours);
    }

    #[test]
    fn the_compressor_loads_and_unloads_between_its_pressures() {
        let mut plant = WaterPlant::new(quiet());
        let mut modes = std::collections::HashSet::new();
        for s in 1..=600 {
            let out = plant.step(Duration::from_secs(s), SECOND, &Inputs::default());
            modes.insert(out.compressor_mode as u8);
            assert!((6.9..=8.1).contains(&out.compressor_pressure), "at {s} s: {}", out.compressor_pressure);
        }
        assert_eq!(modes.len(), 2, "loaded and unloaded both happen: {modes:?}");
        let (out, _) = run(&mut plant, 600, 5, Inputs { compressor_start: false, ..Inputs::default() });
        assert_eq!(out.compressor_mode, CompressorMode::Stopped);
    }

    #[test]
    fn a_step_is_a_function_of_state_time_and_inputs() {
        let mut a = WaterPlant::new(Params::default());
        let mut b = a.clone();
        let inputs = Inputs::default();
        let t = Duration::from_secs(3);
        assert_eq!(a.step(t, SECOND, &inputs), b.step(t, SECOND, &inputs));
    }
}
