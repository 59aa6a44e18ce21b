//! The live register map: which point answers which address, and each point's current words.
//!
//! Knows nothing of function codes or protocol limits (that is [`crate::service`]); it answers "read these cells"
//! and "write these cells" for one area, with the Modbus exception a real device would give when an address is
//! not mapped or a point refuses writes.
//!
//! Both bit areas and register areas are handled as cells of `u16`: a bit is a cell holding 0 or 1. That keeps
//! one code path for all four areas.
//!
//! # Writes and generators
//! A write to a point stops its generator: from then on the point holds the written words until the simulator
//! restarts. A write that covers only some registers of a multi-register point keeps the point's other
//! registers as they were at the moment of the write. This rule is simple to reason about in tests (write,
//! read back, get the written value) and matches a setpoint that a device keeps until told otherwise.

use std::time::Duration;

use tokio_modbus::ExceptionCode;

use crate::{
    config::{Area, Config, ConfigError, PointConfig, ReadOnlyException},
    encoding::Encoding,
    generator::{Generator, seed_from_name},
};

/// One configured point and its live state.
#[derive(Debug, Clone)]
pub struct Point {
    /// Unique name from the configuration.
    name: String,
    /// Data area.
    area: Area,
    /// First address.
    address: u16,
    /// Wire representation.
    encoding: Encoding,
    /// Engineering = raw × scale + offset.
    scale: f64,
    /// See `scale`.
    offset: f64,
    /// Whether writes are accepted.
    writable: bool,
    /// What a refused write answers.
    read_only_exception: ExceptionCode,
    /// The value source until the first write.
    generator: Generator,
    /// The words a client wrote; once set, the generator is no longer consulted.
    written: Option<Vec<u16>>,
}

impl Point {
    fn new(config: &PointConfig) -> Self {
        let generator = config
            .generator
            .as_ref()
            .map_or_else(|| Generator::constant(0.0), |g| Generator::new(g, seed_from_name(&config.name)));
        Self {
            name: config.name.clone(),
            area: config.area,
            address: config.address,
            encoding: Encoding {
                data_type: config.data_type(),
                word_order: config.word_order,
                byte_order: config.byte_order,
            },
            scale: config.scale,
            offset: config.offset,
            writable: config.is_writable(),
            read_only_exception: match config.read_only_exception {
                ReadOnlyException::IllegalDataAddress => ExceptionCode::IllegalDataAddress,
                ReadOnlyException::IllegalDataValue => ExceptionCode::IllegalDataValue,
            },
            generator,
            written: None,
        }
    }

    /// The point's name.
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The point's area.
    pub fn area(&self) -> Area {
        self.area
    }

    /// The point's first address.
    pub fn address(&self) -> u16 {
        self.address
    }

    /// Whether a client has written the point (its generator is stopped).
    pub fn is_written(&self) -> bool {
        self.written.is_some()
    }

    /// One past the last address.
    fn end(&self) -> u32 {
        u32::from(self.address) + u32::from(self.encoding.data_type.width())
    }

    /// The cells the point shows at `now`.
    fn words_at(&mut self, now: Duration) -> Vec<u16> {
        match &self.written {
            Some(words) => words.clone(),
            None => {
                let value = self.generator.value_at(now);
                self.encoding.encode((value - self.offset) / self.scale)
            }
        }
    }

    /// The device's own logic sets the point (a process model updating a measurement, or a controller switching
    /// a command): from now on it shows `value` until a client writes it or the logic sets it again. Unlike a
    /// client's write this also takes back an earlier client write, as a device's automatic mode would.
    pub fn set_value(&mut self, value: f64) {
        self.generator = Generator::constant(value);
        self.written = None;
    }

    /// The engineering value the point shows at `now`, decoded from its words as a client would.
    pub fn value_at(&mut self, now: Duration) -> f64 {
        let words = self.words_at(now);
        let raw = self.encoding.decode(&words).unwrap_or(f64::NAN);
        raw * self.scale + self.offset
    }
}

/// The part of one point a request touches: cells `from..to` of point number `point`.
#[derive(Debug, Clone, Copy)]
struct Segment {
    point: usize,
    from: usize,
    to: usize,
}

/// All points, with an address index per area.
#[derive(Debug, Clone)]
pub struct RegisterMap {
    /// Points in configuration order.
    points: Vec<Point>,
    /// Per area (in [`Area::ALL`] order), indices into `points` sorted by address. Points of one area never
    /// overlap (validated), so their end addresses are sorted too.
    index: [Vec<usize>; 4],
}

fn slot(area: Area) -> usize {
    match area {
        Area::Coil => 0,
        Area::DiscreteInput => 1,
        Area::HoldingRegister => 2,
        Area::InputRegister => 3,
    }
}

impl RegisterMap {
    /// Builds the map from a configuration, validating it first.
    pub fn new(config: &Config) -> Result<Self, ConfigError> {
        config.validate()?;
        let points: Vec<Point> = config.points.iter().map(Point::new).collect();
        let mut index: [Vec<usize>; 4] = Default::default();
        for (i, point) in points.iter().enumerate() {
            index[slot(point.area)].push(i);
        }
        for list in &mut index {
            list.sort_by_key(|&i| points[i].address);
        }
        Ok(Self { points, index })
    }

    /// The named point, if any.
    pub fn point_mut(&mut self, name: &str) -> Option<&mut Point> {
        self.points.iter_mut().find(|p| p.name == name)
    }

    /// All points in configuration order.
    pub fn points(&self) -> &[Point] {
        &self.points
    }

    /// The points covering `quantity` cells from `address`, or exception 02 if any of those addresses is not
    /// mapped (or the range runs past 65535): a strict device, not one that reads zeros from thin air.
    fn segments(&self, area: Area, address: u16, quantity: usize) -> Result<Vec<Segment>, ExceptionCode> {
        let end = u32::from(address) + u32::try_from(quantity).unwrap_or(u32::MAX);
        if end > 65536 {
            return Err(ExceptionCode::IllegalDataAddress);
        }
        let index = &self.index[slot(area)];
        let mut at = u32::from(address);
        let mut next = index.partition_point(|&i| self.points[i].end() <= at);
        let mut segments = Vec::new();
        while at < end {
            let Some(&i) = index.get(next) else {
                return Err(ExceptionCode::IllegalDataAddress);
            };
            let point = &self.points[i];
            let start = u32::from(point.address);
            if start > at {
                return Err(ExceptionCode::IllegalDataAddress);
            }
            let stop = end.min(point.end());
            segments.push(Segment { point: i, from: (at - start) as usize, to: (stop - start) as usize });
            at = stop;
            next += 1;
        }
        Ok(segments)
    }

    /// Reads `quantity` cells from `address` at time `now`. All points are sampled at the same `now`, so the
    /// registers of one multi-register value are always consistent.
    pub fn read(
        &mut self,
        area: Area,
        address: u16,
        quantity: usize,
        now: Duration,
    ) -> Result<Vec<u16>, ExceptionCode> {
        let segments = self.segments(area, address, quantity)?;
        let mut cells = Vec::with_capacity(quantity);
        for Segment { point, from, to } in segments {
            let words = self.points[point].words_at(now);
            let part = words.get(from..to).ok_or(ExceptionCode::ServerDeviceFailure)?;
            cells.extend_from_slice(part);
        }
        Ok(cells)
    }

    /// Writes `cells` from `address`. Either every touched point accepts the write and all of it is applied, or
    /// nothing changes: 02 for an unmapped address, else the first (lowest-address) read-only point's exception.
    pub fn write(&mut self, area: Area, address: u16, cells: &[u16], now: Duration) -> Result<(), ExceptionCode> {
        let segments = self.segments(area, address, cells.len())?;
        if let Some(refused) = segments.iter().map(|s| &self.points[s.point]).find(|p| !p.writable) {
            return Err(refused.read_only_exception);
        }
        let mut offset = 0;
        for Segment { point, from, to } in segments {
            let point = &mut self.points[point];
            let mut words = point.words_at(now);
            let count = to - from;
            let (Some(target), Some(source)) = (words.get_mut(from..to), cells.get(offset..offset + count)) else {
                return Err(ExceptionCode::ServerDeviceFailure);
            };
            target.copy_from_slice(source);
            point.written = Some(words);
            offset += count;
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const T0: Duration = Duration::ZERO;

    fn map() -> RegisterMap {
        RegisterMap::new(
            &Config::from_toml_str(
                r#"
                [[point]]
                name = "float"
                area = "holding_register"
                address = 10
                type = "float32"
                generator = { kind = "constant", value = 12.5 }
                [[point]]
                name = "tenths"
                area = "holding_register"
                address = 12
                type = "int16"
                scale = 0.1
                generator = { kind = "constant", value = -4.56 }
                [[point]]
                name = "firmware"
                area = "holding_register"
                address = 13
                writable = false
                generator = { kind = "constant", value = 102 }
                [[point]]
                name = "locked"
                area = "holding_register"
                address = 14
                writable = false
                read_only_exception = "illegal_data_value"
                [[point]]
                name = "far"
                area = "holding_register"
                address = 20
                [[point]]
                name = "ramp"
                area = "input_register"
                address = 0
                generator = { kind = "ramp", from = 0, to = 5, step = 1, every_ms = 1000 }
                [[point]]
                name = "motor"
                area = "coil"
                address = 0
                [[point]]
                name = "alarm"
                area = "coil"
                address = 1
                writable = false
                generator = { kind = "constant", value = true }
                "#,
            )
            .unwrap(),
        )
        .unwrap()
    }

    #[test]
    fn contiguous_points_read_in_one_request() {
        let mut m = map();
        assert_eq!(m.read(Area::HoldingRegister, 10, 4, T0), Ok(vec![0x4148, 0x0000, (-46i16) as u16, 102]));
        assert_eq!(m.read(Area::Coil, 0, 2, T0), Ok(vec![0, 1]));
    }

    #[test]
    fn part_of_a_multi_register_point_can_be_read() {
        let mut m = map();
        assert_eq!(m.read(Area::HoldingRegister, 11, 1, T0), Ok(vec![0x0000]));
    }

    #[test]
    fn any_unmapped_address_in_the_range_answers_02() {
        let mut m = map();
        for (address, quantity) in [(0, 1), (9, 2), (14, 2), (15, 5), (21, 1), (65535, 1)] {
            assert_eq!(
                m.read(Area::HoldingRegister, address, quantity, T0),
                Err(ExceptionCode::IllegalDataAddress),
                "{address}+{quantity}"
            );
        }
        assert_eq!(m.read(Area::DiscreteInput, 0, 1, T0), Err(ExceptionCode::IllegalDataAddress));
        assert_eq!(m.read(Area::Coil, 65535, 2, T0), Err(ExceptionCode::IllegalDataAddress));
    }

    #[test]
    fn generators_are_sampled_at_the_given_time() {
        let mut m = map();
        assert_eq!(m.read(Area::InputRegister, 0, 1, T0), Ok(vec![0]));
        assert_eq!(m.read(Area::InputRegister, 0, 1, Duration::from_millis(3_500)), Ok(vec![3]));
    }

    #[test]
    fn a_write_holds_its_value_and_stops_the_generator() {
        let mut m = map();
        m.write(Area::HoldingRegister, 10, &[0x4049, 0x0FDB], T0).unwrap();
        let later = Duration::from_secs(3600);
        assert_eq!(m.read(Area::HoldingRegister, 10, 2, later), Ok(vec![0x4049, 0x0FDB]));
        let point = m.point_mut("float").unwrap();
        assert!(point.is_written());
        assert!((point.value_at(later) - std::f64::consts::PI).abs() < 1e-6);
    }

    #[test]
    fn a_partial_write_keeps_the_other_registers() {
        let mut m = map();
        m.write(Area::HoldingRegister, 11, &[0x1234], T0).unwrap();
        assert_eq!(m.read(Area::HoldingRegister, 10, 2, T0), Ok(vec![0x4148, 0x1234]));
    }

    #[test]
    fn scale_applies_both_ways() {
        let mut m = map();
        assert!((m.point_mut("tenths").unwrap().value_at(T0) - (-4.6)).abs() < 1e-9);
        m.write(Area::HoldingRegister, 12, &[215], T0).unwrap();
        assert!((m.point_mut("tenths").unwrap().value_at(T0) - 21.5).abs() < 1e-9);
    }

    #[test]
    fn a_write_touching_a_read_only_point_changes_nothing() {
        let mut m = map();
        let before = m.read(Area::HoldingRegister, 10, 5, T0).unwrap();
        assert_eq!(m.write(Area::HoldingRegister, 12, &[1, 2], T0), Err(ExceptionCode::IllegalDataAddress));
        assert_eq!(m.write(Area::HoldingRegister, 14, &[1], T0), Err(ExceptionCode::IllegalDataValue));
        // The first read-only point in address order decides the exception.
        assert_eq!(m.write(Area::HoldingRegister, 13, &[1, 2], T0), Err(ExceptionCode::IllegalDataAddress));
        assert_eq!(m.write(Area::Coil, 0, &[1, 0], T0), Err(ExceptionCode::IllegalDataAddress));
        assert_eq!(m.read(Area::HoldingRegister, 10, 5, T0).unwrap(), before);
        assert_eq!(m.read(Area::Coil, 0, 1, T0), Ok(vec![0]));
        assert!(m.points().iter().all(|p| !p.is_written()));
    }

    #[test]
    fn the_device_logic_sets_a_point_over_a_client_write() {
        let mut m = map();
        m.write(Area::Coil, 0, &[1], T0).unwrap();
        m.point_mut("motor").unwrap().set_value(0.0);
        assert_eq!(m.read(Area::Coil, 0, 1, T0), Ok(vec![0]));
        assert!(!m.point_mut("motor").unwrap().is_written());
        m.point_mut("tenths").unwrap().set_value(12.34);
        assert_eq!(m.read(Area::HoldingRegister, 12, 1, T0), Ok(vec![123]));
    }

    #[test]
    fn a_write_touching_an_unmapped_address_changes_nothing() {
        let mut m = map();
        assert_eq!(m.write(Area::HoldingRegister, 19, &[1, 2], T0), Err(ExceptionCode::IllegalDataAddress));
        assert_eq!(m.read(Area::HoldingRegister, 20, 1, T0), Ok(vec![0]));
    }
}
