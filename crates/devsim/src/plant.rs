//! The demo water plant as running devices: five Modbus TCP simulators (one per unit of equipment, register maps
//! in `plant/*.toml`) and a task that steps the [`crate::process`] model and writes its values into them.
//!
//! Each step reads the commands from the devices (what operators wrote through a gateway: the start coils, the
//! setpoints), moves the model on by the real time since the last step, and sets the measurements with
//! [`crate::Running::set_value`], the device's own logic, so a client reads them like any other register. When the
//! model's automatic mode wants the pump started or stopped it sets the start coil the same way, and a client
//! reading the coil sees the change.

use std::{
    sync::Arc,
    time::{Duration, Instant},
};

use crate::{
    Config, Running,
    process::{Inputs, Outputs, Params, WaterPlant},
};

/// The five units of the plant, each a device of its own.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Unit {
    PumpStation,
    Reservoir,
    Dosing,
    EnergyMeter,
    Compressor,
}

impl Unit {
    /// Every unit, in the order [`RunningPlant`] keeps them.
    pub const ALL: [Unit; 5] = [Unit::PumpStation, Unit::Reservoir, Unit::Dosing, Unit::EnergyMeter, Unit::Compressor];

    /// The unit's register map (TOML, documented in the file).
    pub fn register_map(self) -> &'static str {
        match self {
            Unit::PumpStation => include_str!("../plant/pump_station.toml"),
            Unit::Reservoir => include_str!("../plant/reservoir.toml"),
            Unit::Dosing => include_str!("../plant/dosing.toml"),
            Unit::EnergyMeter => include_str!("../plant/energy_meter.toml"),
            Unit::Compressor => include_str!("../plant/compressor.toml"),
        }
    }

    /// The unit's configuration, listening on `listen`.
    pub fn config(self, listen: &str) -> Result<Config, crate::ConfigError> {
        let mut config = Config::from_toml_str(self.register_map())?;
        listen.clone_into(&mut config.listen);
        Ok(config)
    }
}

/// The devices, shared by the stepping task and the owner.
#[derive(Debug)]
struct Devices([Running; 5]);

impl Devices {
    fn get(&self, unit: Unit) -> &Running {
        &self.0[Unit::ALL.iter().position(|u| *u == unit).unwrap_or(0)]
    }

    /// A command point's value, or `default` when it cannot be read (it always can: the names are the maps').
    fn read(&self, unit: Unit, point: &str, default: f64) -> f64 {
        self.get(unit).value(point).filter(|v| v.is_finite()).unwrap_or(default)
    }

    fn inputs(&self) -> Inputs {
        let d = Inputs::default();
        let on = |unit, point, default: bool| self.read(unit, point, f64::from(u8::from(default))) != 0.0;
        Inputs {
            pump_start: on(Unit::PumpStation, "pump_start", d.pump_start),
            speed_setpoint: self.read(Unit::PumpStation, "speed_setpoint", d.speed_setpoint),
            start_level: self.read(Unit::Reservoir, "start_level", d.start_level),
            stop_level: self.read(Unit::Reservoir, "stop_level", d.stop_level),
            dosing_on: on(Unit::Dosing, "dosing_on", d.dosing_on),
            chlorine_setpoint: self.read(Unit::Dosing, "residual_setpoint", d.chlorine_setpoint),
            compressor_start: on(Unit::Compressor, "compressor_start", d.compressor_start),
            load_pressure: self.read(Unit::Compressor, "load_pressure", d.load_pressure),
            unload_pressure: self.read(Unit::Compressor, "unload_pressure", d.unload_pressure),
        }
    }

    fn show(&self, o: &Outputs) {
        for (unit, point, value) in point_values(o) {
            self.get(unit).set_value(point, value);
        }
        if let Some(start) = o.pump_start_command {
            self.get(Unit::PumpStation).set_value("pump_start", f64::from(u8::from(start)));
        }
    }
}

/// What each device's measured points show for the model's outputs: `(unit, point, value)`.
pub fn point_values(o: &Outputs) -> [(Unit, &'static str, f64); 28] {
    let bit = |b: bool| f64::from(u8::from(b));
    [
        (Unit::PumpStation, "inlet_pressure", o.inlet_pressure),
        (Unit::PumpStation, "outlet_pressure", o.outlet_pressure),
        (Unit::PumpStation, "flow", o.flow),
        (Unit::PumpStation, "tank_level", o.well_level),
        (Unit::PumpStation, "motor_temperature", o.motor_temperature),
        (Unit::PumpStation, "energy_total", o.pump_energy_kwh.floor()),
        (Unit::PumpStation, "run_hours", o.run_hours),
        (Unit::PumpStation, "pump_state", o.pump_state as u8 as f64),
        (Unit::PumpStation, "motor_current", o.motor_current),
        (Unit::PumpStation, "pump_running", bit(o.pump_state == crate::process::PumpState::Running)),
        (Unit::Reservoir, "level", o.reservoir_level),
        (Unit::Reservoir, "inflow", o.flow),
        (Unit::Reservoir, "outflow", o.demand),
        (Unit::Reservoir, "high_level_switch", bit(o.reservoir_level > 4.6)),
        (Unit::Dosing, "residual_chlorine", o.chlorine_residual),
        (Unit::Dosing, "dosing_flow", o.dosing_flow),
        (Unit::Dosing, "tank_level", o.hypochlorite_level),
        (Unit::Dosing, "dosing_running", bit(o.dosing_running)),
        (Unit::EnergyMeter, "active_power", o.plant_power),
        (Unit::EnergyMeter, "energy_total", (o.plant_energy_kwh * 10.0).floor() / 10.0),
        (Unit::EnergyMeter, "voltage", o.voltage),
        (Unit::EnergyMeter, "current", o.current),
        (Unit::EnergyMeter, "power_factor", o.power_factor),
        (Unit::Compressor, "pressure", o.compressor_pressure),
        (Unit::Compressor, "temperature", o.compressor_temperature),
        (Unit::Compressor, "gps_latitude", o.compressor_latitude),
        (Unit::Compressor, "gps_longitude", o.compressor_longitude),
        (Unit::Compressor, "mode", o.compressor_mode as u8 as f64),
    ]
}

/// The plant run offline for `span`, with nobody touching it (the automatic mode starts and stops the pump):
/// `sample` gets the points' values every `every`, with the time since the start. The model steps every 10 s
/// whatever `every` is, as it does live, so a month of history is the plant's own behaviour, made in well under a
/// second.
pub fn run_offline(params: Params, span: Duration, every: Duration, mut sample: impl FnMut(Duration, &Outputs)) {
    const STEP: Duration = Duration::from_secs(10);
    let mut plant = WaterPlant::new(params);
    let mut inputs = Inputs::default();
    let mut next_sample = Duration::ZERO;
    let mut elapsed = Duration::ZERO;
    let mut outputs = plant.step(Duration::ZERO, Duration::ZERO, &inputs);
    while elapsed <= span {
        if elapsed >= next_sample {
            sample(elapsed, &outputs);
            next_sample += every.max(STEP);
        }
        elapsed += STEP;
        outputs = plant.step(elapsed, STEP, &inputs);
        if let Some(start) = outputs.pump_start_command {
            inputs.pump_start = start;
        }
    }
}

/// The plant running in the background; dropping it stops the devices and the model.
#[derive(Debug)]
pub struct RunningPlant {
    devices: Arc<Devices>,
    task: tokio::task::JoinHandle<()>,
}

impl RunningPlant {
    /// The address of a unit's device.
    pub fn local_addr(&self, unit: Unit) -> std::net::SocketAddr {
        self.devices.get(unit).local_addr()
    }

    /// The engineering value a unit's point shows now (as a client would read it).
    pub fn value(&self, unit: Unit, point: &str) -> Option<f64> {
        self.devices.get(unit).value(point)
    }

    /// Stops the model, then the devices (each stops when its last holder, the model's task or this, lets go).
    pub async fn shutdown(mut self) {
        self.task.abort();
        let _ = (&mut self.task).await;
    }
}

impl Drop for RunningPlant {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// Starts the five devices on free ports of `host` and the model stepping every `step`.
pub async fn spawn(host: &str, params: Params, step: Duration) -> anyhow::Result<RunningPlant> {
    let mut running = Vec::with_capacity(Unit::ALL.len());
    for unit in Unit::ALL {
        running.push(crate::spawn(unit.config(&format!("{host}:0"))?).await?);
    }
    let devices: [Running; 5] = running.try_into().map_err(|_| anyhow::anyhow!("five devices"))?;
    let devices = Arc::new(Devices(devices));
    let mut plant = WaterPlant::new(params);
    // The first values are in place before any client can connect to read them.
    let started = Instant::now();
    devices.show(&plant.step(Duration::ZERO, Duration::ZERO, &devices.inputs()));
    let stepping = Arc::clone(&devices);
    let task = tokio::spawn(async move {
        let mut ticks = tokio::time::interval(step.max(Duration::from_millis(10)));
        ticks.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        let mut last = started.elapsed();
        loop {
            ticks.tick().await;
            let now = started.elapsed();
            let outputs = plant.step(now, now.saturating_sub(last), &stepping.inputs());
            stepping.show(&outputs);
            last = now;
        }
    });
    Ok(RunningPlant { devices, task })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_register_map_loads() {
        for unit in Unit::ALL {
            unit.config("127.0.0.1:0").unwrap_or_else(|e| panic!("{unit:?}: {e}"));
        }
    }

    #[tokio::test]
    async fn the_model_sets_the_points_it_names() {
        let plant = spawn("127.0.0.1", Params::default(), Duration::from_secs(3600)).await.unwrap();
        // The first step ran at spawn: the reservoir shows the model's starting level, the switch is off.
        let level = plant.value(Unit::Reservoir, "level").unwrap();
        assert!((level - 2.6).abs() < 0.01, "{level}");
        assert_eq!(plant.value(Unit::Compressor, "mode"), Some(1.0));
        assert!(plant.value(Unit::EnergyMeter, "energy_total").unwrap() > 352_000.0);
        plant.shutdown().await;
    }
}

#[cfg(test)]
mod offline_tests {
    use super::*;

    #[test]
    fn a_day_offline_counts_energy_up_and_runs_the_pump_in_cycles() {
        let (mut samples, mut starts, mut running_before) = (0, 0, None);
        let mut energy = Vec::new();
        run_offline(Params::default(), Duration::from_secs(86_400), Duration::from_secs(60), |_, o| {
            samples += 1;
            let running = o.pump_state == crate::process::PumpState::Running;
            if running_before == Some(false) && running {
                starts += 1;
            }
            running_before = Some(running);
            energy.push(o.plant_energy_kwh);
        });
        assert_eq!(samples, 1441);
        assert!(energy.windows(2).all(|w| w[1] >= w[0]), "energy only counts up");
        assert!(energy[1440] > energy[0]);
        assert!(starts >= 1, "the automatic mode restarts the pump: {starts}");
    }
}
