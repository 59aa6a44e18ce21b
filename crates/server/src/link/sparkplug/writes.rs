//! Writes to an adopted device's metric: an NCMD (the node's own metrics) or DCMD carrying the value in the
//! metric's datatype, by the alias of the device's current birth (`ironsight_sparkplug::command::write`).
//!
//! Sparkplug has no answer to a command: the write succeeded when the device reports the written value. So each
//! write waits here, in memory, until an NDATA / DDATA of its device carries exactly that value for its metric
//! (then the command is a success, with that reading), and the link's command sweep times out the ones never
//! confirmed, as it does a gateway's (1301). Only the server that sent a write confirms it: another server on
//! the same database lets it time out.

use crate::answers::live::{CommandReadings, LiveValue};
use crate::link::Link;
use ironsight_protocol::payload::COMMAND_DEADLINE_MS;
use ironsight_sparkplug::command::{self, Outgoing, Write};
use ironsight_sparkplug::session::{MetricUpdate, Sample};
use ironsight_sparkplug::{DataType, MetricValue, NodeId};
use ironsight_store::commands::CommandStatus;
use ironsight_store::signals::GmMetricRef;
use std::sync::Mutex;

/// Why a write is not sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Refusal {
    /// The node or device has no current birth (offline, or not born since the server started).
    Offline,
    /// The value does not fit the metric's datatype (not a whole number for an integer, out of its range).
    OutOfRange,
    /// The metric's datatype cannot be written from a number (a text).
    ReadOnly,
}

/// A write that is ready to go.
pub struct Prepared {
    source_id: i64,
    device: String,
    metric: String,
    value: MetricValue,
    message: Outgoing,
}

/// A write sent and not confirmed yet.
struct Pending {
    uuid: String,
    source_id: i64,
    device: String,
    metric: String,
    value: MetricValue,
    sent_ms: i64,
}

/// The writes waiting for their value.
#[derive(Default)]
pub struct PendingWrites(Mutex<Vec<Pending>>);

/// `number` as a value of `datatype`, exactly or not at all.
pub fn value_of(datatype: DataType, number: f64) -> Result<MetricValue, Refusal> {
    use DataType as D;
    if !number.is_finite() {
        return Err(Refusal::OutOfRange);
    }
    let whole = || if number.fract() == 0.0 { Ok(number) } else { Err(Refusal::OutOfRange) };
    let fit = |min: f64, max: f64| {
        whole().and_then(|n| if (min..=max).contains(&n) { Ok(n) } else { Err(Refusal::OutOfRange) })
    };
    Ok(match datatype {
        D::Boolean if number == 0.0 || number == 1.0 => MetricValue::Boolean(number == 1.0),
        D::Boolean => return Err(Refusal::OutOfRange),
        D::Int8 => MetricValue::Int8(fit(i8::MIN.into(), i8::MAX.into())? as i8),
        D::Int16 => MetricValue::Int16(fit(i16::MIN.into(), i16::MAX.into())? as i16),
        D::Int32 => MetricValue::Int32(fit(i32::MIN.into(), i32::MAX.into())? as i32),
        // Beyond 2⁵³ a double is not every integer; the bounds below stay within what converts exactly.
        D::Int64 => MetricValue::Int64(fit(-9_007_199_254_740_992.0, 9_007_199_254_740_992.0)? as i64),
        D::UInt8 => MetricValue::UInt8(fit(0.0, u8::MAX.into())? as u8),
        D::UInt16 => MetricValue::UInt16(fit(0.0, u16::MAX.into())? as u16),
        D::UInt32 => MetricValue::UInt32(fit(0.0, u32::MAX.into())? as u32),
        D::UInt64 => MetricValue::UInt64(fit(0.0, 9_007_199_254_740_992.0)? as u64),
        D::Float if number.abs() <= f64::from(f32::MAX) => MetricValue::Float(number as f32),
        D::Float => return Err(Refusal::OutOfRange),
        D::Double => MetricValue::Double(number),
        _ => return Err(Refusal::ReadOnly),
    })
}

impl Link {
    /// The write of `number` to `target`, checked against the metric's current birth.
    pub fn gm_prepare_write(&self, target: &GmMetricRef, number: f64) -> Result<Prepared, Refusal> {
        let node = NodeId::new(&target.group_id, &target.node_id).ok_or(Refusal::Offline)?;
        let device = (!target.device_id.is_empty()).then_some(target.device_id.as_str());
        let session = self.inner.sparkplug.session.lock().expect("session lock");
        let def = session.metric(&node, device, &target.metric).cloned().ok_or(Refusal::Offline)?;
        drop(session);
        let value = value_of(def.datatype, number)?;
        let write = Write { name: def.name, alias: def.alias, value: value.clone() };
        let now = u64::try_from(ironsight_store::now_ms()).unwrap_or(0);
        let message = command::write(&node, device, &[write], now).ok_or(Refusal::Offline)?;
        Ok(Prepared {
            source_id: target.source_id,
            device: target.device_id.clone(),
            metric: target.metric.clone(),
            value,
            message,
        })
    }

    /// Sends a prepared write as command `uuid`; it waits for its value from then on.
    pub async fn gm_send_write(&self, prepared: Prepared, uuid: &str) -> anyhow::Result<()> {
        let Prepared { source_id, device, metric, value, message } = prepared;
        let pending =
            Pending { uuid: uuid.to_owned(), source_id, device, metric, value, sent_ms: ironsight_store::now_ms() };
        // Waiting before it is sent, so that an answer faster than this task is not missed.
        self.inner.sparkplug.writes.0.lock().expect("writes lock").push(pending);
        let sent =
            self.inner.client.publish(message.topic, super::qos(message.qos), message.retain, message.payload).await;
        if let Err(e) = sent {
            self.inner.sparkplug.writes.0.lock().expect("writes lock").retain(|p| p.uuid != uuid);
            anyhow::bail!("MQTT publish failed: {e}");
        }
        Ok(())
    }
}

/// The writes of source `source_id`'s device that `updates` confirm become successes; writes past the command
/// deadline are forgotten (the sweep has timed them out).
pub async fn confirm(link: &Link, source_id: i64, device: Option<&str>, updates: &[MetricUpdate], now: i64) {
    let device = device.unwrap_or_default();
    let confirmed: Vec<(String, &MetricUpdate)> = {
        let mut pending = link.inner.sparkplug.writes.0.lock().expect("writes lock");
        pending.retain(|p| now - p.sent_ms <= COMMAND_DEADLINE_MS);
        let mut confirmed = Vec::new();
        pending.retain(|p| {
            let answer = (p.source_id == source_id && p.device == device).then(|| {
                updates.iter().find(|u| u.name == p.metric && matches!(&u.value, Sample::Value(v) if *v == p.value))
            });
            match answer.flatten() {
                Some(update) => {
                    confirmed.push((p.uuid.clone(), update));
                    false
                }
                None => true,
            }
        });
        confirmed
    };
    for (uuid, update) in confirmed {
        let value = match &update.value {
            Sample::Value(v) => v.as_f64(),
            Sample::Null => None,
        };
        let t = i64::try_from(update.timestamp).unwrap_or(now);
        let readings = CommandReadings { value, readings: vec![LiveValue::stored(value, t, true, None)] };
        let data = serde_json::to_string(&readings).unwrap_or_default();
        if let Err(e) = link.store().set_command_status(&uuid, CommandStatus::Success, None, Some(&data)).await {
            tracing::error!(uuid, "write outcome not stored: {e:#}");
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_number_is_written_only_as_exactly_the_metrics_datatype() {
        assert_eq!(value_of(DataType::Boolean, 1.0), Ok(MetricValue::Boolean(true)));
        assert_eq!(value_of(DataType::Boolean, 2.0), Err(Refusal::OutOfRange));
        assert_eq!(value_of(DataType::Int8, -128.0), Ok(MetricValue::Int8(-128)));
        assert_eq!(value_of(DataType::Int8, 128.0), Err(Refusal::OutOfRange));
        assert_eq!(value_of(DataType::UInt16, 1.5), Err(Refusal::OutOfRange), "not a whole number");
        assert_eq!(value_of(DataType::UInt32, -1.0), Err(Refusal::OutOfRange));
        assert_eq!(value_of(DataType::Float, 4.5), Ok(MetricValue::Float(4.5)));
        assert_eq!(value_of(DataType::Float, 1e300), Err(Refusal::OutOfRange));
        assert_eq!(value_of(DataType::Double, f64::NAN), Err(Refusal::OutOfRange));
        assert_eq!(value_of(DataType::String, 1.0), Err(Refusal::ReadOnly));
    }
}
