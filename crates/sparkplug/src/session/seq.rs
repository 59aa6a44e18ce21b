//! An edge node's message sequence (Sparkplug 3.0.0, "Sparkplug Host Application Message Ordering" in the
//! operational behaviour chapter). The NBIRTH's seq (0 to 255) is the start; every later message of the node, its
//! devices' included, carries the next one, 255 wrapping to 0. NDEATH carries none and is not counted.
//!
//! Messages on different topics may overtake each other in the broker, so a seq further ahead than expected opens a
//! gap that the missing messages may still fill within the reorder timeout; a gap still open when it elapses asks
//! for a rebirth. A timeout of 0 asks at once. A seq behind the expected one that no gap awaits (a duplicate, or one
//! older than the window of 127 ahead) asks at once too. Values are delivered in the order they arrive either way.

use super::events::RebirthReason;

/// The sequence state of one edge node.
#[derive(Clone, Debug, Default)]
pub(crate) struct SeqTracker {
    /// The seq the next message should carry; `None` before a baseline (a birth without a valid seq).
    next: Option<u8>,
    /// The seqs skipped by the gap and not yet seen, one bit each.
    missing: [u64; 4],
    /// The open gap: the first seq it skipped, the seq that opened it, and when (ms).
    gap: Option<(u8, u8, u64)>,
}

impl SeqTracker {
    /// Starts again from a birth's seq (`None`: no baseline, the next valid seq becomes it).
    pub(crate) fn reset(&mut self, birth_seq: Option<u64>) {
        *self = SeqTracker::default();
        self.next = birth_seq.and_then(|s| u8::try_from(s).ok()).map(|s| s.wrapping_add(1));
    }

    /// Checks the seq of the message now arriving; `Some` when the node should be asked to rebirth.
    pub(crate) fn observe(&mut self, seq: Option<u64>, now: u64, timeout: u64) -> Option<RebirthReason> {
        let Some(seq) = seq.and_then(|s| u8::try_from(s).ok()) else {
            return Some(RebirthReason::InvalidSeq(seq));
        };
        let Some(next) = self.next else {
            self.next = Some(seq.wrapping_add(1));
            return None;
        };
        if seq == next {
            self.next = Some(next.wrapping_add(1));
        } else if self.is_missing(seq) {
            self.set_missing(seq, false);
            if self.missing == [0; 4] {
                self.gap = None;
            }
        } else if seq.wrapping_sub(next) < 128 {
            let mut skipped = next;
            while skipped != seq {
                self.set_missing(skipped, true);
                skipped = skipped.wrapping_add(1);
            }
            self.next = Some(seq.wrapping_add(1));
            self.gap.get_or_insert((next, seq, now));
        } else {
            return Some(RebirthReason::SeqGap { expected: next, got: seq });
        }
        self.expired(now, timeout)
    }

    /// The rebirth reason when the open gap has outlived the reorder timeout; the gap is then given up.
    pub(crate) fn expired(&mut self, now: u64, timeout: u64) -> Option<RebirthReason> {
        let (expected, got, since) = self.gap?;
        if now.saturating_sub(since) < timeout {
            return None;
        }
        self.gap = None;
        self.missing = [0; 4];
        Some(RebirthReason::SeqGap { expected, got })
    }

    fn is_missing(&self, seq: u8) -> bool {
        self.missing[usize::from(seq / 64)] & (1 << (seq % 64)) != 0
    }

    fn set_missing(&mut self, seq: u8, missing: bool) {
        let word = &mut self.missing[usize::from(seq / 64)];
        if missing {
            *word |= 1 << (seq % 64);
        } else {
            *word &= !(1 << (seq % 64));
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn started_at(seq: u64) -> SeqTracker {
        let mut tracker = SeqTracker::default();
        tracker.reset(Some(seq));
        tracker
    }

    #[test]
    fn each_message_carries_the_next_seq_and_255_wraps_to_0() {
        let mut seq = started_at(253);
        for s in [254, 255, 0, 1] {
            assert_eq!(seq.observe(Some(s), 0, 0), None, "seq {s}");
        }
    }

    #[test]
    fn a_gap_asks_at_once_without_reorder_timeout() {
        let mut seq = started_at(0);
        assert_eq!(seq.observe(Some(3), 0, 0), Some(RebirthReason::SeqGap { expected: 1, got: 3 }));
        assert_eq!(seq.observe(Some(4), 0, 0), None, "continues from the seq that opened the gap");
    }

    #[test]
    fn a_gap_filled_within_the_reorder_timeout_is_forgiven() {
        let mut seq = started_at(0);
        assert_eq!(seq.observe(Some(2), 1_000, 500), None);
        assert_eq!(seq.observe(Some(1), 1_200, 500), None);
        assert_eq!(seq.expired(5_000, 500), None);
        assert_eq!(seq.observe(Some(3), 5_000, 500), None);
    }

    #[test]
    fn a_gap_still_open_after_the_reorder_timeout_asks_once() {
        let mut seq = started_at(250);
        assert_eq!(seq.observe(Some(253), 1_000, 500), None);
        assert_eq!(seq.expired(1_499, 500), None);
        assert_eq!(seq.expired(1_500, 500), Some(RebirthReason::SeqGap { expected: 251, got: 253 }));
        assert_eq!(seq.expired(9_000, 500), None);
    }

    #[test]
    fn a_duplicate_or_old_seq_asks_at_once() {
        let mut seq = started_at(10);
        assert_eq!(seq.observe(Some(11), 0, 500), None);
        assert_eq!(seq.observe(Some(11), 0, 500), Some(RebirthReason::SeqGap { expected: 12, got: 11 }));
    }

    #[test]
    fn a_missing_or_too_large_seq_is_invalid() {
        let mut seq = started_at(0);
        assert_eq!(seq.observe(None, 0, 0), Some(RebirthReason::InvalidSeq(None)));
        assert_eq!(seq.observe(Some(256), 0, 0), Some(RebirthReason::InvalidSeq(Some(256))));
        assert_eq!(seq.observe(Some(1), 0, 0), None, "the expected seq is unchanged");
    }

    #[test]
    fn without_a_baseline_the_first_valid_seq_becomes_it() {
        let mut seq = SeqTracker::default();
        seq.reset(None);
        assert_eq!(seq.observe(Some(77), 0, 0), None);
        assert_eq!(seq.observe(Some(78), 0, 0), None);
    }
}
