//! The project signal socket's frames (docs/project-monitor.md): one socket watches every equipment a project
//! page binds, so its frames are the EG frames of those equipment, merged, each with its equipment's id.
//!
//! Each equipment keeps its one broadcast channel (`LiveHub::watch_equipment`), shared with the EG sockets; a
//! small task per equipment forwards its frames into the socket's own bounded queue. A socket whose queue is
//! full stops its forwarders, whose broadcast receivers then fall behind: the socket hears `Lagged` and closes,
//! as an EG socket that cannot keep up does. The forwarders end with the socket (the task set aborts them on
//! drop), so no equipment stays watched by a closed socket.

use super::hub::{CLIENT_BUFFER, LiveHub};
use std::sync::Arc;
use tokio::sync::{broadcast, mpsc};
use tokio::task::JoinSet;

type Frame = Arc<str>;

/// The merged frames of a project page's equipment.
pub struct ProjectFrames {
    queue: mpsc::Receiver<Result<Frame, broadcast::error::RecvError>>,
    _forwarders: JoinSet<()>,
}

impl ProjectFrames {
    /// Watches each of `equipment` on `hub`; the frames carry their equipment's id.
    pub fn watch(hub: &LiveHub, equipment: &[i64]) -> ProjectFrames {
        let (sender, queue) = mpsc::channel(CLIENT_BUFFER);
        let mut forwarders = JoinSet::new();
        for &equipment_id in equipment {
            let mut frames = hub.watch_equipment(equipment_id);
            let sender = sender.clone();
            forwarders.spawn(async move {
                loop {
                    let next = frames.recv().await.map(|text| project_frame(equipment_id, &text));
                    let ended = matches!(next, Err(broadcast::error::RecvError::Closed));
                    if sender.send(next).await.is_err() || ended {
                        return;
                    }
                }
            });
        }
        ProjectFrames { queue, _forwarders: forwarders }
    }

    /// The next frame of any of the equipment, in the order they came; `Lagged` when the socket fell behind.
    pub async fn recv(&mut self) -> Result<Frame, broadcast::error::RecvError> {
        self.queue.recv().await.unwrap_or(Err(broadcast::error::RecvError::Closed))
    }
}

/// An EG frame's text (`{"signalVal":…}`) with `"equipmentId"` first: the `ProjectFrame` shape.
pub fn project_frame(equipment_id: i64, eg_frame: &str) -> Frame {
    match eg_frame.strip_prefix('{') {
        Some(rest) if rest.trim_start().starts_with('}') => Arc::from(format!("{{\"equipmentId\":{equipment_id}}}")),
        Some(rest) => Arc::from(format!("{{\"equipmentId\":{equipment_id},{rest}")),
        // The hub sends objects only; anything else goes out as it came.
        None => Arc::from(eg_frame),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::answers::live::{EgFrame, LiveValue, ProjectFrame};
    use crate::answers::monitor::Quality;

    #[test]
    fn a_spliced_frame_is_the_project_frame_serialised() {
        let mut frame = EgFrame { gateway_alarm: 2, ..EgFrame::default() };
        let value = LiveValue { value: Some(1.5), time: 7, quality: Quality::Good, code: None };
        frame.signal_val.insert("11".into(), value);
        frame.signal_alarm.insert("11".into(), 1);
        let spliced = project_frame(42, &serde_json::to_string(&frame).unwrap());
        let expected = serde_json::to_value(ProjectFrame { equipment_id: 42, frame }).unwrap();
        assert_eq!(serde_json::from_str::<serde_json::Value>(&spliced).unwrap(), expected);
        assert_eq!(&*project_frame(3, "{}"), r#"{"equipmentId":3}"#);
    }

    #[tokio::test]
    async fn frames_of_the_watched_equipment_arrive_with_their_id_and_no_others() {
        let hub = LiveHub::default();
        let mut frames = ProjectFrames::watch(&hub, &[1, 2]);
        // The forwarders subscribe as they are spawned: wait until both listen before publishing.
        while !(hub.is_watched(1) && hub.is_watched(2)) {
            tokio::task::yield_now().await;
        }
        let eg = |alarms| EgFrame { gateway_alarm: alarms, ..EgFrame::default() };
        hub.publish_equipment(3, &eg(30));
        hub.publish_equipment(2, &eg(20));
        let got: serde_json::Value = serde_json::from_str(&frames.recv().await.unwrap()).unwrap();
        assert_eq!((got["equipmentId"].as_i64(), got["gatewayAlarm"].as_i64()), (Some(2), Some(20)));
        drop(frames);
        // The forwarders end with the socket: nobody watches the equipment any more.
        while hub.is_watched(1) || hub.is_watched(2) {
            tokio::task::yield_now().await;
        }
    }
}
