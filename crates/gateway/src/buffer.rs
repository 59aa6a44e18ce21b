//! The disk buffer: data reports kept while the broker is unreachable, first in first out, bounded in readings,
//! surviving a restart of the agent.
//!
//! # Layout on disk (`{buffer_dir}/buffer/`)
//! - `NNNNNNNNNNNNNNNN.seg`: segments of records, numbered in order. A record is a little-endian `u32` length, a
//!   `u32` CRC-32 of the payload, and the payload (a [`DataReport`] as JSON). The agent appends to one segment
//!   at a time and starts a new one past [`SEGMENT_BYTES`] and at every start, so it never appends after bytes
//!   a crash may have left half written.
//! - `state.json`: where the oldest record not yet delivered is (segment and offset), and the count of
//!   readings dropped so far. Written to a temporary file and renamed, so it is either old or new, never torn.
//!
//! Records leave the buffer in two ways: [`DiskBuffer::commit`] after the broker acknowledged their replay, and
//! dropping the oldest when the bound ([`DiskBuffer::append`]) would be exceeded; both advance the head, and a
//! segment is deleted once wholly behind it. Writes are not synced record by record (flash wears, and a
//! process crash loses nothing written): a power cut may lose the last records, which the protocol accepts.
//!
//! A damaged file never stops the agent: a record whose CRC or JSON is wrong is skipped and counted in
//! [`DiskBuffer::corrupt`]; a length that runs past the end of its segment (a torn write) ends that segment.

use ironsight_protocol::payload::DataReport;
use serde::{Deserialize, Serialize};
use std::collections::VecDeque;
use std::fs::{self, File, OpenOptions};
use std::io::{self, Read, Seek, SeekFrom, Write};
use std::path::{Path, PathBuf};

/// A segment is closed and the next one started past this size.
pub const SEGMENT_BYTES: u64 = 1 << 20;
/// A record longer than this is taken for a damaged length field.
pub const MAX_RECORD_BYTES: u32 = 16 << 20;
const HEADER: u64 = 8;

/// Where a record is, and how many readings it holds.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Record {
    /// Increases by one per record appended in this run; what [`DiskBuffer::commit`] refers to.
    number: u64,
    segment: u64,
    offset: u64,
    len: u32,
    readings: u64,
}

/// The persisted head and counter.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
struct State {
    segment: u64,
    offset: u64,
    dropped: u64,
}

/// The segment being appended to.
struct Writer {
    segment: u64,
    file: File,
    len: u64,
}

/// The buffer. Not thread-safe on its own: the outbox owns it.
pub struct DiskBuffer {
    dir: PathBuf,
    max_readings: u64,
    records: VecDeque<Record>,
    readings: u64,
    state: State,
    corrupt: u64,
    next_number: u64,
    next_segment: u64,
    writer: Option<Writer>,
}

/// CRC-32 (IEEE), bitwise: records are small and few per second, a table is not worth it.
pub fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc ^= u32::from(b);
        for _ in 0..8 {
            crc = if crc & 1 != 0 { (crc >> 1) ^ 0xEDB8_8320 } else { crc >> 1 };
        }
    }
    !crc
}

fn segment_name(segment: u64) -> String {
    format!("{segment:016}.seg")
}

fn segment_number(path: &Path) -> Option<u64> {
    let name = path.file_name()?.to_str()?;
    let digits = name.strip_suffix(".seg")?;
    if digits.len() == 16 && digits.bytes().all(|b| b.is_ascii_digit()) { digits.parse().ok() } else { None }
}

/// What reading one record's bytes gave.
enum Parsed {
    Report(DataReport),
    /// CRC or JSON wrong: skip this record, the next one starts after it.
    Bad,
}

fn parse_payload(payload: &[u8], crc: u32) -> Parsed {
    if crc32(payload) != crc {
        return Parsed::Bad;
    }
    match serde_json::from_slice::<DataReport>(payload) {
        Ok(report) => Parsed::Report(report),
        Err(_) => Parsed::Bad,
    }
}

impl DiskBuffer {
    /// Opens (creating if needed) the buffer in `dir`, reading what an earlier run left.
    pub fn open(dir: &Path, max_readings: u64) -> io::Result<DiskBuffer> {
        fs::create_dir_all(dir)?;
        let state = match fs::read(dir.join("state.json")) {
            Ok(bytes) => serde_json::from_slice(&bytes).unwrap_or_else(|e| {
                tracing::warn!(error = %e, "buffer state unreadable; reading every segment from its start");
                State::default()
            }),
            Err(e) if e.kind() == io::ErrorKind::NotFound => State::default(),
            Err(e) => return Err(e),
        };
        let mut buffer = DiskBuffer {
            dir: dir.to_owned(),
            max_readings: max_readings.max(1),
            records: VecDeque::new(),
            readings: 0,
            state,
            corrupt: 0,
            next_number: 0,
            next_segment: state.segment,
            writer: None,
        };
        let mut segments: Vec<u64> =
            fs::read_dir(dir)?.filter_map(|entry| entry.ok().and_then(|e| segment_number(&e.path()))).collect();
        segments.sort_unstable();
        for segment in segments {
            buffer.next_segment = buffer.next_segment.max(segment + 1);
            if segment < state.segment {
                let _ = fs::remove_file(buffer.segment_path(segment));
                continue;
            }
            let start = if segment == state.segment { state.offset } else { 0 };
            buffer.scan(segment, start)?;
        }
        if buffer.corrupt > 0 {
            tracing::warn!(records = buffer.corrupt, "damaged records skipped in the disk buffer");
        }
        // The bound may have been lowered since the last run.
        buffer.make_room(0);
        buffer.save_state();
        if !buffer.records.is_empty() {
            tracing::info!(readings = buffer.readings, records = buffer.records.len(), "disk buffer holds readings");
        }
        Ok(buffer)
    }

    fn segment_path(&self, segment: u64) -> PathBuf {
        self.dir.join(segment_name(segment))
    }

    /// Indexes the records of one segment from `start`.
    fn scan(&mut self, segment: u64, start: u64) -> io::Result<()> {
        let bytes = fs::read(self.segment_path(segment))?;
        let mut offset = start;
        while offset < bytes.len() as u64 {
            let at = offset as usize;
            let Some(header) = bytes.get(at..at + HEADER as usize) else {
                tracing::warn!(segment, offset, "disk buffer segment ends in a torn record header");
                self.corrupt += 1;
                break;
            };
            let len = u32::from_le_bytes([header[0], header[1], header[2], header[3]]);
            let crc = u32::from_le_bytes([header[4], header[5], header[6], header[7]]);
            let end = at + HEADER as usize + len as usize;
            if len > MAX_RECORD_BYTES || end > bytes.len() {
                tracing::warn!(segment, offset, len, "disk buffer segment ends in a torn or damaged record");
                self.corrupt += 1;
                break;
            }
            match parse_payload(&bytes[at + HEADER as usize..end], crc) {
                Parsed::Report(report) => {
                    let readings = report.readings.len() as u64;
                    self.push(Record { number: 0, segment, offset, len, readings });
                }
                Parsed::Bad => {
                    tracing::warn!(segment, offset, "damaged record skipped in the disk buffer");
                    self.corrupt += 1;
                }
            }
            offset = end as u64;
        }
        Ok(())
    }

    fn push(&mut self, mut record: Record) {
        record.number = self.next_number;
        self.next_number += 1;
        self.readings += record.readings;
        self.records.push_back(record);
    }

    /// Readings waiting.
    pub fn readings(&self) -> u64 {
        self.readings
    }

    pub fn is_empty(&self) -> bool {
        self.records.is_empty()
    }

    /// Readings dropped because the buffer was full, over the buffer's life (kept across restarts).
    pub fn dropped(&self) -> u64 {
        self.state.dropped
    }

    /// Damaged records skipped in this run.
    pub fn corrupt(&self) -> u64 {
        self.corrupt
    }

    /// Drops the oldest records until `incoming` more readings fit.
    fn make_room(&mut self, incoming: u64) {
        let mut dropped = 0;
        while self.readings + incoming > self.max_readings {
            let Some(oldest) = self.records.pop_front() else { break };
            self.readings -= oldest.readings;
            dropped += oldest.readings;
        }
        if dropped > 0 {
            self.state.dropped += dropped;
            tracing::warn!(dropped, "disk buffer full: oldest readings dropped");
            self.advance_head();
        }
    }

    /// Appends a report, dropping the oldest readings if the bound requires (a report larger than the whole
    /// bound keeps only its newest readings).
    pub fn append(&mut self, mut report: DataReport) -> io::Result<()> {
        let excess = (report.readings.len() as u64).saturating_sub(self.max_readings);
        if excess > 0 {
            report.readings.drain(..excess as usize);
            let kept: std::collections::BTreeSet<String> =
                report.readings.iter().map(|r| r.signal.to_string()).collect();
            report.errors.retain(|k, _| kept.contains(k));
            self.state.dropped += excess;
        }
        self.make_room(report.readings.len() as u64);
        let payload = serde_json::to_vec(&report).map_err(io::Error::other)?;
        let len = u32::try_from(payload.len()).ok().filter(|&l| l <= MAX_RECORD_BYTES);
        let len = len.ok_or_else(|| io::Error::other("report too large for the disk buffer"))?;
        let mut frame = Vec::with_capacity(payload.len() + HEADER as usize);
        frame.extend_from_slice(&len.to_le_bytes());
        frame.extend_from_slice(&crc32(&payload).to_le_bytes());
        frame.extend_from_slice(&payload);
        let writer = self.writer()?;
        let (segment, offset) = (writer.segment, writer.len);
        // One write for the whole frame: a crash leaves at most a torn tail, which `scan` stops at.
        writer.file.write_all(&frame)?;
        writer.len += frame.len() as u64;
        self.push(Record { number: 0, segment, offset, len, readings: report.readings.len() as u64 });
        if excess > 0 {
            self.save_state();
        }
        Ok(())
    }

    /// The segment to append to, starting a new one when there is none or the current one is full.
    fn writer(&mut self) -> io::Result<&mut Writer> {
        if self.writer.as_ref().is_some_and(|w| w.len >= SEGMENT_BYTES)
            && let Some(full) = self.writer.take()
        {
            let _ = full.file.sync_data();
        }
        if self.writer.is_none() {
            let segment = self.next_segment;
            let file = OpenOptions::new().create(true).append(true).open(self.segment_path(segment))?;
            let len = file.metadata()?.len();
            self.next_segment += 1;
            self.writer = Some(Writer { segment, file, len });
        }
        Ok(self.writer.as_mut().expect("just set"))
    }

    /// Up to `max` of the oldest records, each with its number for [`DiskBuffer::commit`]. A record that can no
    /// longer be read is dropped from the buffer and counted as damaged.
    pub fn peek(&mut self, max: usize) -> Vec<(u64, DataReport)> {
        let mut out = Vec::new();
        let mut bad = Vec::new();
        let mut open: Option<(u64, File)> = None;
        for record in self.records.iter().take(max) {
            if open.as_ref().is_none_or(|(segment, _)| *segment != record.segment) {
                match File::open(self.segment_path(record.segment)) {
                    Ok(file) => open = Some((record.segment, file)),
                    Err(e) => {
                        tracing::warn!(segment = record.segment, error = %e, "disk buffer segment unreadable");
                        bad.push(record.number);
                        continue;
                    }
                }
            }
            let (_, file) = open.as_mut().expect("opened above");
            let mut bytes = vec![0; HEADER as usize + record.len as usize];
            let read = file.seek(SeekFrom::Start(record.offset)).and_then(|_| file.read_exact(&mut bytes));
            let parsed = match read {
                Ok(()) => {
                    let crc = u32::from_le_bytes([bytes[4], bytes[5], bytes[6], bytes[7]]);
                    parse_payload(&bytes[HEADER as usize..], crc)
                }
                Err(_) => Parsed::Bad,
            };
            match parsed {
                Parsed::Report(report) => out.push((record.number, report)),
                Parsed::Bad => bad.push(record.number),
            }
        }
        if !bad.is_empty() {
            tracing::warn!(records = bad.len(), "unreadable records dropped from the disk buffer");
            self.corrupt += bad.len() as u64;
            let before = self.records.len();
            self.records.retain(|r| !bad.contains(&r.number));
            if self.records.len() != before {
                self.readings = self.records.iter().map(|r| r.readings).sum();
                self.advance_head();
            }
        }
        out
    }

    /// Removes every record up to and including number `last` (delivered and acknowledged).
    pub fn commit(&mut self, last: u64) {
        let mut removed = false;
        while self.records.front().is_some_and(|r| r.number <= last) {
            let record = self.records.pop_front().expect("checked");
            self.readings -= record.readings;
            removed = true;
        }
        if removed {
            self.advance_head();
        }
    }

    /// Persists the new head and deletes the segments wholly behind it; an empty buffer deletes all of them.
    fn advance_head(&mut self) {
        let old = self.state.segment;
        match self.records.front() {
            Some(first) => (self.state.segment, self.state.offset) = (first.segment, first.offset),
            None => {
                // Nothing waits: close the current segment too, so an idle buffer holds no files.
                self.writer = None;
                (self.state.segment, self.state.offset) = (self.next_segment, 0);
            }
        }
        self.save_state();
        for segment in old..self.state.segment {
            let _ = fs::remove_file(self.segment_path(segment));
        }
    }

    fn save_state(&mut self) {
        let tmp = self.dir.join("state.json.tmp");
        let bytes = serde_json::to_vec(&self.state).expect("plain numbers serialise");
        let saved = fs::write(&tmp, bytes).and_then(|_| fs::rename(&tmp, self.dir.join("state.json")));
        if let Err(e) = saved {
            tracing::warn!(error = %e, "cannot save the disk buffer state");
        }
    }

    /// Flushes the current segment to the disk (at shutdown).
    pub fn sync(&mut self) {
        if let Some(writer) = &self.writer {
            let _ = writer.file.sync_data();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use ironsight_protocol::errors::DeviceError;
    use ironsight_protocol::payload::{Quality, Reading, ReportKind};
    use std::collections::BTreeMap;
    use std::sync::atomic::{AtomicU32, Ordering};

    fn temp_dir() -> PathBuf {
        static N: AtomicU32 = AtomicU32::new(0);
        let dir = std::env::temp_dir().join(format!(
            "ironsight-buffer-{}-{}",
            std::process::id(),
            N.fetch_add(1, Ordering::Relaxed)
        ));
        let _ = fs::remove_dir_all(&dir);
        dir
    }

    /// A report of `n` readings at times `t..t+n`.
    fn report(t: i64, n: usize) -> DataReport {
        DataReport {
            run: 0,
            seq: 0,
            kind: ReportKind::Change,
            readings: (0..n as i64).map(|i| Reading { signal: i, t: t + i, v: Some(1.0), q: Quality::Good }).collect(),
            errors: BTreeMap::from([("0".to_owned(), DeviceError::Timeout)]),
        }
    }

    fn times(buffer: &mut DiskBuffer) -> Vec<i64> {
        buffer.peek(usize::MAX).iter().map(|(_, r)| r.readings[0].t).collect()
    }

    #[test]
    fn first_in_first_out_across_a_restart() {
        let dir = temp_dir();
        let mut buffer = DiskBuffer::open(&dir, 100).unwrap();
        assert_eq!(crc32(b"123456789"), 0xCBF4_3926, "the standard check value");
        for t in [10, 20, 30] {
            buffer.append(report(t, 2)).unwrap();
        }
        assert_eq!(buffer.readings(), 6);
        let batch = buffer.peek(2);
        assert_eq!(batch.len(), 2);
        buffer.commit(batch[0].0);
        assert_eq!(times(&mut buffer), [20, 30]);
        drop(buffer);
        let mut reopened = DiskBuffer::open(&dir, 100).unwrap();
        assert_eq!((reopened.readings(), reopened.corrupt()), (4, 0));
        assert_eq!(times(&mut reopened), [20, 30], "the committed record does not come back");
        reopened.append(report(40, 1)).unwrap();
        let all = reopened.peek(10);
        reopened.commit(all.last().unwrap().0);
        assert!(reopened.is_empty());
        let files: Vec<_> =
            fs::read_dir(&dir).unwrap().flatten().filter(|e| segment_number(&e.path()).is_some()).collect();
        assert!(files.is_empty(), "an empty buffer keeps no segment");
        drop(reopened);
        assert!(DiskBuffer::open(&dir, 100).unwrap().is_empty());
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn the_bound_drops_the_oldest_and_counts() {
        let dir = temp_dir();
        let mut buffer = DiskBuffer::open(&dir, 5).unwrap();
        for t in [10, 20, 30, 40] {
            buffer.append(report(t, 2)).unwrap();
        }
        assert_eq!(times(&mut buffer), [30, 40]);
        assert_eq!((buffer.readings(), buffer.dropped()), (4, 4));
        buffer.append(report(50, 7)).unwrap();
        let left = buffer.peek(10);
        assert_eq!(left.len(), 1);
        assert_eq!(left[0].1.readings.first().map(|r| r.t), Some(52), "a huge report keeps its newest readings");
        assert!(left[0].1.errors.is_empty(), "the error of a dropped reading goes with it");
        assert_eq!(buffer.dropped(), 4 + 4 + 2);
        drop(buffer);
        let mut reopened = DiskBuffer::open(&dir, 5).unwrap();
        assert_eq!(reopened.dropped(), 10, "the counter survives a restart");
        assert_eq!(times(&mut reopened), [52]);
        drop(reopened);
        let smaller = DiskBuffer::open(&dir, 2).unwrap();
        assert_eq!((smaller.readings(), smaller.dropped()), (0, 15), "a lowered bound applies at start");
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn many_segments_roll_and_are_deleted_behind_the_head() {
        let dir = temp_dir();
        let mut buffer = DiskBuffer::open(&dir, 1_000_000).unwrap();
        for t in 0..3000 {
            buffer.append(report(t * 100, 20)).unwrap();
        }
        let segments = || fs::read_dir(&dir).unwrap().flatten().filter(|e| segment_number(&e.path()).is_some()).count();
        assert!(segments() > 1, "{} segments", segments());
        let first = buffer.peek(2500);
        buffer.commit(first.last().unwrap().0);
        assert!(segments() <= 2, "consumed segments are deleted: {}", segments());
        drop(buffer);
        let mut reopened = DiskBuffer::open(&dir, 1_000_000).unwrap();
        assert_eq!(reopened.readings(), 500 * 20);
        assert_eq!(times(&mut reopened).first(), Some(&250_000));
        fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn damaged_records_and_torn_tails_are_skipped_and_counted() {
        let dir = temp_dir();
        let mut buffer = DiskBuffer::open(&dir, 100).unwrap();
        for t in [10, 20, 30] {
            buffer.append(report(t, 1)).unwrap();
        }
        drop(buffer);
        let segment = fs::read_dir(&dir).unwrap().flatten().find(|e| segment_number(&e.path()).is_some()).unwrap();
        let mut bytes = fs::read(segment.path()).unwrap();
        // Damage the second record's payload, and tear a fourth record's header at the end.
        let first_len = u32::from_le_bytes(bytes[0..4].try_into().unwrap()) as usize;
        bytes[8 + first_len + 8 + 3] ^= 0xFF;
        bytes.extend_from_slice(&[9, 0, 0]);
        fs::write(segment.path(), &bytes).unwrap();
        let mut reopened = DiskBuffer::open(&dir, 100).unwrap();
        assert_eq!(reopened.corrupt(), 2);
        assert_eq!(times(&mut reopened), [10, 30]);
        fs::write(dir.join("state.json"), b"{not json").unwrap();
        let again = DiskBuffer::open(&dir, 100).unwrap();
        assert_eq!(again.readings(), 2, "an unreadable state reads every segment from its start");
        fs::remove_dir_all(&dir).unwrap();
    }

    proptest::proptest! {
        #[test]
        fn arbitrary_segment_bytes_never_panic(bytes in proptest::collection::vec(proptest::num::u8::ANY, 0..600)) {
            let dir = temp_dir();
            fs::create_dir_all(&dir).unwrap();
            fs::write(dir.join(segment_name(0)), &bytes).unwrap();
            let mut buffer = DiskBuffer::open(&dir, 100).unwrap();
            let _ = buffer.peek(100);
            buffer.append(report(1, 1)).unwrap();
            fs::remove_dir_all(&dir).unwrap();
        }
    }
}
