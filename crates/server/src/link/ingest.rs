//! What arrives from gateways: status, configuration acknowledgements, readings and command results (and, handed
//! on, what Sparkplug edge nodes and JSON devices publish: [`super::sparkplug`], [`super::json_devices`]).
//!
//! Readings are checked against the gateway's own configuration (a gateway can only report signals of the
//! equipment bound to it), go into the in-memory latest-value cache and out to live watchers at once, and reach
//! the database through the batch writer. A payload that does not parse is logged and dropped; nothing a gateway
//! sends can make the server panic or fail for other gateways.

use super::Link;
use super::writer::Receipt;
use crate::answers::live::{CommandReadings, EgFrame, LiveValue};
use ironsight_protocol::payload::{CommandResult, ConfigAck, DataReport, Quality, Status};
use ironsight_protocol::topics::{self, Channel};
use ironsight_store::commands::CommandStatus;
use ironsight_store::readings::FUTURE_TOLERANCE_MS;
use ironsight_store::readings::StoredReading;
use std::collections::HashMap;

/// Handles one MQTT publish from a gateway.
pub async fn handle(link: &Link, topic: &str, payload: &[u8]) {
    if topic.starts_with("spBv1.0/") {
        return super::sparkplug::handle(link, topic, payload).await;
    }
    let Some((sn, channel)) = topics::parse(topic) else {
        // Registration keeps JSON devices' prefixes out of the gateways' tree.
        if !super::json_devices::handle(link, topic, payload).await {
            tracing::debug!(topic, "message on a topic outside the protocol");
        }
        return;
    };
    let result = match channel {
        Channel::Status => on_status(link, sn, payload).await,
        Channel::ConfigAck => on_config_ack(link, sn, payload).await,
        Channel::Data => on_data(link, sn, payload).await,
        Channel::CommandResult => on_command_result(link, sn, payload).await,
        // The server's own messages, echoed by a broker that delivers to every subscriber.
        Channel::Config | Channel::Monitor | Channel::Command | Channel::DataStored => Ok(()),
    };
    if let Err(e) = result {
        tracing::warn!(sn, ?channel, "gateway message not handled: {e:#}");
    }
}

fn parse<T: serde::de::DeserializeOwned>(payload: &[u8]) -> anyhow::Result<T> {
    serde_json::from_slice(payload).map_err(|e| anyhow::anyhow!("payload does not parse: {e}"))
}

async fn on_status(link: &Link, sn: &str, payload: &[u8]) -> anyhow::Result<()> {
    if payload.is_empty() {
        return Ok(()); // a cleared retained status
    }
    let status: Status = parse(payload)?;
    link.store().set_gateway_status(sn, &status).await?;
    if status.online {
        link.gateway_came_online(sn, status.config_version);
    }
    Ok(())
}

async fn on_config_ack(link: &Link, sn: &str, payload: &[u8]) -> anyhow::Result<()> {
    let ack: ConfigAck = parse(payload)?;
    let version = i64::try_from(ack.version).unwrap_or(i64::MAX);
    let error = if ack.ok { None } else { Some(ack.error.unwrap_or_else(|| "refused".to_owned())) };
    if let Some(error) = &error {
        tracing::warn!(sn, version, error, "gateway refused its configuration");
    }
    link.store().set_config_applied(sn, version, error.as_deref()).await
}

/// A report's readings go to the writer with a receipt: once they are stored the gateway hears so
/// (`…/data/stored`) and may forget them. A report that does not parse is confirmed too when its `run` and `seq`
/// can be read (it would otherwise be sent again for ever); readings of signals the gateway may not report are
/// dropped, and the report still confirmed.
async fn on_data(link: &Link, sn: &str, payload: &[u8]) -> anyhow::Result<()> {
    let report: DataReport = match parse(payload) {
        Ok(report) => report,
        Err(e) => {
            if let Ok(numbers) = serde_json::from_slice::<ReportNumbers>(payload) {
                link.write(Vec::new(), Some(Receipt::new(sn, numbers.run, numbers.seq))).await;
            }
            return Err(e);
        }
    };
    let receipt = Some(Receipt::new(sn, report.run, report.seq));
    let routes = link.routes_of(sn);
    let mut rows = Vec::with_capacity(report.readings.len());
    let mut foreign = 0usize;
    let (now, mut future, mut most_ahead) = (ironsight_store::now_ms(), 0i64, 0i64);
    for reading in &report.readings {
        let Some(&equipment_id) = routes.get(&reading.signal) else {
            foreign += 1;
            continue;
        };
        let error_code = report
            .errors
            .get(&reading.signal.to_string())
            .map(|e| e.code().stored())
            .filter(|_| reading.q == Quality::Bad);
        let (t, ahead) = arrival_time(reading.t, now);
        if let Some(ahead) = ahead {
            future += 1;
            most_ahead = most_ahead.max(ahead);
        }
        rows.push(StoredReading {
            signal_id: reading.signal,
            equipment_id,
            t,
            v: reading.v.filter(|v| v.is_finite()),
            good: reading.q == Quality::Good,
            error_code,
        });
    }
    if foreign > 0 {
        tracing::warn!(sn, foreign, "readings for signals not configured on this gateway dropped");
    }
    if future > 0 {
        tracing::warn!(
            sn,
            future,
            ahead_ms = most_ahead,
            "readings dated ahead of the server's clock stored at arrival"
        );
        if let Err(e) = link.store().note_future_readings(sn, future, most_ahead).await {
            tracing::error!(sn, "cannot count readings from the future: {e:#}");
        }
    }
    accept(link, rows, receipt).await;
    Ok(())
}

/// Readings placed on their signals, from a gateway's report or a Sparkplug edge node's values: the latest-value
/// cache and the alarm engine judge the fresh ones and live watchers see them at once; the batch writer stores
/// them all (and confirms the receipt, if any, once they are).
pub(crate) async fn accept(link: &Link, rows: Vec<StoredReading>, receipt: Option<Receipt>) {
    if !rows.is_empty() {
        let fresh = link.update_latest(&rows);
        link.alarms().on_readings(&fresh).await;
        publish_live(link, &fresh);
    }
    link.write(rows, receipt).await;
}

/// What can be read of a report that does not parse as a whole.
#[derive(serde::Deserialize)]
struct ReportNumbers {
    #[serde(default)]
    run: u64,
    seq: u64,
}

/// The time a reading is stored at: its own, unless it is dated more than [`FUTURE_TOLERANCE_MS`] after `now` (the
/// gateway's clock runs ahead), then `now`, with how far ahead it was. A reading from the future would otherwise
/// stay its signal's latest value, hiding every true one, until that time came.
pub fn arrival_time(t: i64, now: i64) -> (i64, Option<i64>) {
    let ahead = t.saturating_sub(now);
    if ahead > FUTURE_TOLERANCE_MS { (now, Some(ahead)) } else { (t, None) }
}

/// Pushes the readings that became the latest value to whoever watches their equipment.
fn publish_live(link: &Link, fresh: &[StoredReading]) {
    let mut frames: HashMap<i64, EgFrame> = HashMap::new();
    for r in fresh {
        if !link.live().is_watched(r.equipment_id) {
            continue;
        }
        frames.entry(r.equipment_id).or_default().signal_val.insert(r.signal_id.to_string(), live_value(r));
    }
    for (equipment_id, mut frame) in frames {
        link.alarms().fill_frame(equipment_id, &mut frame);
        link.live().publish_equipment(equipment_id, &frame);
    }
}

pub fn live_value(r: &StoredReading) -> LiveValue {
    LiveValue::stored(r.v, r.t, r.good, r.error_code)
}

async fn on_command_result(link: &Link, sn: &str, payload: &[u8]) -> anyhow::Result<()> {
    let result: CommandResult = parse(payload)?;
    let readings: Vec<LiveValue> =
        result.readings.iter().map(|r| LiveValue::stored(r.v, r.t, r.q == Quality::Good, None)).collect();
    let (status, code, data) = if result.ok {
        let value = readings.first().and_then(|r| r.value);
        (CommandStatus::Success, None, serde_json::to_string(&CommandReadings { value, readings })?)
    } else {
        let error = result.error.unwrap_or(ironsight_protocol::errors::DeviceError::Coding);
        (CommandStatus::Failure, Some(error.code().stored()), serde_json::json!({ "error": error }).to_string())
    };
    let updated = link.store().set_command_status(&result.uuid, status, code, Some(&data)).await?;
    if !updated {
        tracing::info!(sn, uuid = result.uuid, "result for a command already finished or unknown");
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::{FUTURE_TOLERANCE_MS, arrival_time, live_value};
    use ironsight_store::readings::StoredReading;

    #[test]
    fn readings_from_a_clock_running_ahead_are_stored_at_arrival() {
        let now = 1_800_000_000_000;
        assert_eq!(arrival_time(now - 5_000, now), (now - 5_000, None), "the past is kept");
        assert_eq!(arrival_time(now + FUTURE_TOLERANCE_MS, now), (now + FUTURE_TOLERANCE_MS, None), "within tolerance");
        assert_eq!(arrival_time(now + 86_400_000, now), (now, Some(86_400_000)));
        assert_eq!(arrival_time(i64::MAX, now), (now, Some(i64::MAX - now)), "no overflow");
    }

    #[test]
    fn a_bad_value_says_which_device_error_made_it_bad() {
        let bad = StoredReading { signal_id: 1, equipment_id: 2, t: 3, v: None, good: false, error_code: Some(1715) };
        let pushed = serde_json::to_value(live_value(&bad)).unwrap();
        assert_eq!(pushed, serde_json::json!({"value": null, "time": 3, "quality": "bad", "code": "1715"}));
        let good = StoredReading { v: Some(4.5), good: true, error_code: None, ..bad };
        let pushed = serde_json::to_value(live_value(&good)).unwrap();
        assert_eq!(pushed, serde_json::json!({"value": 4.5, "time": 3, "quality": "good"}));
    }
}
