//! Clocks, /proc readings, percentiles and how figures are printed.

use super::*;

// ---------------------------------------------------------------------------------------------------------------
// Small helpers: clocks, /proc, percentiles.

pub(crate) fn now_ms() -> i64 {
    ironsight_store::now_ms()
}

/// Wall clock in milliseconds with sub-millisecond precision (frame times are whole milliseconds).
pub(crate) fn now_ms_f64() -> f64 {
    SystemTime::now().duration_since(UNIX_EPOCH).map(|d| d.as_secs_f64() * 1000.0).unwrap_or(0.0)
}

/// A `kB` field of `/proc/{pid}/status` in MiB.
pub(crate) fn proc_status_mib(pid: &str, field: &str) -> f64 {
    std::fs::read_to_string(format!("/proc/{pid}/status"))
        .unwrap_or_default()
        .lines()
        .find_map(|l| l.strip_prefix(field))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map(|kb| kb / 1024.0)
        .unwrap_or(f64::NAN)
}

pub(crate) fn rss_mib(pid: &str) -> f64 {
    proc_status_mib(pid, "VmRSS:")
}

/// Peak resident memory since the process started.
/// Prints the server's resident memory now and adds it to the summary.
pub(crate) fn rss_row(rows: &mut Rows, pid: &str, label: &str) {
    let rss = rss_mib(pid);
    println!("{label}: {}", mib(rss));
    rows.push((label.to_owned(), mib(rss)));
}

pub(crate) fn hwm_mib(pid: &str) -> f64 {
    proc_status_mib(pid, "VmHWM:")
}

/// utime + stime of a process, in clock ticks.
pub(crate) fn cpu_ticks(pid: &str) -> Option<u64> {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
    // Fields after the command name (which may contain spaces) start at field 3, `state`.
    let fields: Vec<&str> = stat[stat.rfind(')')? + 1..].split_whitespace().collect();
    Some(fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?)
}

pub(crate) fn clock_ticks_per_second() -> f64 {
    std::process::Command::new("getconf")
        .arg("CLK_TCK")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .and_then(|s| s.trim().parse::<f64>().ok())
        .unwrap_or(100.0)
}

/// CPU use of a process over an interval, in % of one core.
pub(crate) struct CpuMeter {
    pub(crate) pid: String,
    pub(crate) ticks: Option<u64>,
    pub(crate) started: Instant,
}

impl CpuMeter {
    pub(crate) fn start(pid: &str) -> CpuMeter {
        CpuMeter { pid: pid.to_owned(), ticks: cpu_ticks(pid), started: Instant::now() }
    }

    pub(crate) fn percent(&self, ticks_per_second: f64) -> f64 {
        match (self.ticks, cpu_ticks(&self.pid)) {
            (Some(a), Some(b)) => (b - a) as f64 / ticks_per_second / self.started.elapsed().as_secs_f64() * 100.0,
            _ => f64::NAN,
        }
    }
}

/// Busy share of the whole machine over an interval (every process, this bench's and other people's), in % of
/// all cores: tells how much of the noise came from elsewhere.
pub(crate) struct MachineMeter {
    pub(crate) busy_total: Option<(u64, u64)>,
}

pub(crate) fn machine_ticks() -> Option<(u64, u64)> {
    let stat = std::fs::read_to_string("/proc/stat").ok()?;
    let fields: Vec<u64> = stat.lines().next()?.split_whitespace().skip(1).filter_map(|f| f.parse().ok()).collect();
    let total: u64 = fields.iter().take(8).sum();
    let idle = fields.get(3)? + fields.get(4)?;
    Some((total - idle, total))
}

impl MachineMeter {
    pub(crate) fn start() -> MachineMeter {
        MachineMeter { busy_total: machine_ticks() }
    }

    pub(crate) fn percent(&self) -> f64 {
        match (self.busy_total, machine_ticks()) {
            (Some((b0, t0)), Some((b1, t1))) if t1 > t0 => (b1 - b0) as f64 / (t1 - t0) as f64 * 100.0,
            _ => f64::NAN,
        }
    }
}

pub(crate) fn percentile(sorted: &[f64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize]
}

/// Latency percentiles in ms.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Percentiles {
    pub(crate) samples: usize,
    pub(crate) p50: f64,
    pub(crate) p95: f64,
    pub(crate) p99: f64,
    pub(crate) max: f64,
}

impl Percentiles {
    pub(crate) fn of(mut samples: Vec<f64>) -> Percentiles {
        samples.sort_by(f64::total_cmp);
        Percentiles {
            samples: samples.len(),
            p50: percentile(&samples, 0.50),
            p95: percentile(&samples, 0.95),
            p99: percentile(&samples, 0.99),
            max: percentile(&samples, 1.0),
        }
    }

    pub(crate) fn line(&self) -> String {
        format!(
            "p50 {:.1} ms, p95 {:.1} ms, p99 {:.1} ms, max {:.1} ms ({} frames)",
            self.p50, self.p95, self.p99, self.max, self.samples
        )
    }
}

pub(crate) fn free_port() -> anyhow::Result<u16> {
    Ok(std::net::TcpListener::bind("127.0.0.1:0")?.local_addr()?.port())
}

/// `1234567.8` → `1,234,568`.
pub(crate) fn thousands(value: f64) -> String {
    if !value.is_finite() {
        return "n/a".into();
    }
    let digits = format!("{:.0}", value.abs());
    let mut out = String::new();
    for (i, c) in digits.chars().enumerate() {
        if i > 0 && (digits.len() - i) % 3 == 0 {
            out.push(',');
        }
        out.push(c);
    }
    if value < 0.0 { format!("-{out}") } else { out }
}

pub(crate) fn mib(value: f64) -> String {
    if value.is_finite() { format!("{value:.1} MiB") } else { "n/a".into() }
}

/// Removes terminal colour codes from a log line.
pub(crate) fn strip_ansi(line: &str) -> String {
    let mut out = String::with_capacity(line.len());
    let mut chars = line.chars();
    while let Some(c) = chars.next() {
        if c == '\u{1b}' {
            for c in chars.by_ref() {
                if c.is_ascii_alphabetic() {
                    break;
                }
            }
        } else {
            out.push(c);
        }
    }
    out
}

// ---------------------------------------------------------------------------------------------------------------
// The machine.

pub(crate) fn machine() -> String {
    let cores = std::thread::available_parallelism().map(|n| n.get()).unwrap_or(0);
    let meminfo = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    let total_gib = meminfo
        .lines()
        .find_map(|l| l.strip_prefix("MemTotal:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map(|kb| kb / 1024.0 / 1024.0)
        .unwrap_or(f64::NAN);
    let cpuinfo = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = cpuinfo
        .lines()
        .find_map(|l| l.strip_prefix("model name").and_then(|r| r.split_once(':')).map(|(_, m)| m.trim().to_owned()))
        .unwrap_or_else(|| "unknown CPU".into());
    let load = std::fs::read_to_string("/proc/loadavg").unwrap_or_default();
    let load: Vec<&str> = load.split_whitespace().take(3).collect();
    format!("{cores} cores ({model}), {total_gib:.1} GiB RAM, load average at start {}", load.join(" "))
}
