//! Read planning: the signals of one device grouped into as few Modbus read requests as their addresses allow.
//!
//! Only contiguous addresses are merged. Reading across a gap would be fewer requests, but a strict device
//! answers the whole request with exception 02 when any address in it is unmapped (ours does, and so do many
//! PLCs), and one unmapped address would then make every signal in the request bad. A request never exceeds the
//! protocol's limits: 125 registers or 2000 bits.

use crate::codec::width;
use ironsight_protocol::payload::{Area, SignalDef};

/// Most registers one read may ask for (function codes 03 and 04).
pub const MAX_REGISTERS: u16 = 125;
/// Most bits one read may ask for (function codes 01 and 02).
pub const MAX_BITS: u16 = 2000;

/// One read request and the signals it serves.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ReadRequest {
    pub area: Area,
    pub start: u16,
    pub count: u16,
    /// Indexes into the signal list given to [`plan`], each with its offset from `start`.
    pub signals: Vec<(usize, u16)>,
}

fn limit(area: Area) -> u16 {
    match area {
        Area::Coil | Area::DiscreteInput => MAX_BITS,
        Area::HoldingRegister | Area::InputRegister => MAX_REGISTERS,
    }
}

/// Groups `signals` into read requests, per area, in address order. Signals sharing addresses (two views of
/// the same register) share a request.
pub fn plan(signals: &[SignalDef]) -> Vec<ReadRequest> {
    let mut order: Vec<usize> = (0..signals.len()).collect();
    order.sort_by_key(|&i| (area_rank(signals[i].area), signals[i].address));
    let mut requests: Vec<ReadRequest> = Vec::new();
    for i in order {
        let s = &signals[i];
        let size = width(s.data_type);
        let end = u32::from(s.address) + size;
        if let Some(last) = requests.last_mut()
            && last.area == s.area
            && u32::from(s.address) <= u32::from(last.start) + u32::from(last.count)
            && end - u32::from(last.start) <= u32::from(limit(s.area))
        {
            let new_end = end.max(u32::from(last.start) + u32::from(last.count));
            last.count = (new_end - u32::from(last.start)) as u16;
            last.signals.push((i, s.address - last.start));
            continue;
        }
        requests.push(ReadRequest { area: s.area, start: s.address, count: size as u16, signals: vec![(i, 0)] });
    }
    requests
}

fn area_rank(area: Area) -> u8 {
    match area {
        Area::Coil => 0,
        Area::DiscreteInput => 1,
        Area::HoldingRegister => 2,
        Area::InputRegister => 3,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ironsight_protocol::payload::DataType;

    fn sig(area: Area, address: u16, data_type: DataType) -> SignalDef {
        SignalDef::new("s", area, address, data_type)
    }

    #[test]
    fn contiguous_signals_share_one_request() {
        let signals = [
            sig(Area::HoldingRegister, 2, DataType::Uint16),
            sig(Area::HoldingRegister, 0, DataType::Float32),
            sig(Area::HoldingRegister, 3, DataType::Uint32),
        ];
        let requests = plan(&signals);
        assert_eq!(requests.len(), 1);
        assert_eq!((requests[0].start, requests[0].count), (0, 5));
        assert_eq!(requests[0].signals, [(1, 0), (0, 2), (2, 3)]);
    }

    #[test]
    fn gaps_and_areas_split_requests() {
        let signals = [
            sig(Area::HoldingRegister, 0, DataType::Uint16),
            sig(Area::HoldingRegister, 2, DataType::Uint16),
            sig(Area::InputRegister, 1, DataType::Uint16),
            sig(Area::Coil, 0, DataType::Bool),
            sig(Area::Coil, 1, DataType::Bool),
        ];
        let requests = plan(&signals);
        let shape: Vec<_> = requests.iter().map(|r| (r.area, r.start, r.count)).collect();
        assert_eq!(
            shape,
            [
                (Area::Coil, 0, 2),
                (Area::HoldingRegister, 0, 1),
                (Area::HoldingRegister, 2, 1),
                (Area::InputRegister, 1, 1)
            ]
        );
    }

    #[test]
    fn requests_respect_protocol_limits() {
        let registers: Vec<_> = (0..300).map(|a| sig(Area::InputRegister, a, DataType::Uint16)).collect();
        let counts: Vec<_> = plan(&registers).iter().map(|r| r.count).collect();
        assert_eq!(counts, [125, 125, 50]);
        let bits: Vec<_> = (0..4500).map(|a| sig(Area::DiscreteInput, a, DataType::Bool)).collect();
        let counts: Vec<_> = plan(&bits).iter().map(|r| r.count).collect();
        assert_eq!(counts, [2000, 2000, 500]);
        // A float32 that would straddle the limit starts the next request instead.
        let mut straddle: Vec<_> = (0..124).map(|a| sig(Area::HoldingRegister, a, DataType::Uint16)).collect();
        straddle.push(sig(Area::HoldingRegister, 124, DataType::Float32));
        let shape: Vec<_> = plan(&straddle).iter().map(|r| (r.start, r.count)).collect();
        assert_eq!(shape, [(0, 124), (124, 2)]);
    }

    #[test]
    fn overlapping_views_share_a_request_and_every_signal_is_planned_once() {
        let signals =
            [sig(Area::HoldingRegister, 10, DataType::Float32), sig(Area::HoldingRegister, 11, DataType::Uint16)];
        let requests = plan(&signals);
        assert_eq!((requests.len(), requests[0].count), (1, 2));
        let mut planned: Vec<usize> = requests.iter().flat_map(|r| r.signals.iter().map(|(i, _)| *i)).collect();
        planned.sort();
        assert_eq!(planned, [0, 1]);
        assert!(plan(&[]).is_empty());
    }
}
