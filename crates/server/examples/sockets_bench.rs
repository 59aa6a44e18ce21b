//! `make bench` (idle sockets): 20,000 idle TCP connections from one address to the console's HTTP port, then to
//! its MQTT port, while another address goes on using the console. Prints, per flood, how many of the idle
//! connections the server still held a moment later (its per-address caps close the rest at once, and the
//! survivors after the first-bytes limit), the latency of a logged-in call from the other address before and
//! during the flood, the time an MQTT CONNECT from the other address takes to be answered, and the server's
//! resident memory. No thresholds.
//!
//! The server is its own process (`IRONSIGHT_BIN`, default target/release/ironsight, with `--demo`), so the
//! flood's descriptors do not count against its own; the flood comes from two child processes of 10,000
//! connections each (this example run again with `--flood`), since one process may hold about 20,000 descriptors
//! on the reference machine.

use reqwest::Client;
use std::io::{BufRead, Write};
use std::net::{IpAddr, SocketAddr};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const FLOOD: usize = 20_000;
const FLOOD_PROCESSES: usize = 2;
/// Where the flood comes from, and where the operator's calls come from.
const ATTACKER: [u8; 4] = [127, 0, 0, 1];
const OPERATOR: [u8; 4] = [127, 0, 0, 2];
/// How long the operator's calls are timed each time (during a flood: its first seconds, while it connects).
const MEASURE_FOR: Duration = Duration::from_secs(5);

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port()
}

fn rss_mib(pid: u32) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse::<f64>().ok())
        .map_or(f64::NAN, |kb| kb / 1024.0)
}

fn percentile(sorted: &[Duration], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    sorted[((sorted.len() as f64 - 1.0) * p).round() as usize].as_secs_f64() * 1000.0
}

/// `--flood ADDR COUNT`: opens COUNT connections to ADDR from [`ATTACKER`], prints how many opened, then after a
/// line on stdin how many the server has closed, and holds the rest until stdin closes.
fn flood_child(target: SocketAddr, count: usize) {
    let runtime = tokio::runtime::Builder::new_current_thread().enable_all().build().unwrap();
    let open: Vec<std::net::TcpStream> = runtime.block_on(async move {
        let mut open = Vec::with_capacity(count);
        for _ in 0..count {
            let socket = tokio::net::TcpSocket::new_v4().unwrap();
            if socket.bind(SocketAddr::from((ATTACKER, 0))).is_err() {
                break;
            }
            match socket.connect(target).await {
                Ok(stream) => open.push(stream.into_std().unwrap()),
                Err(_) => break,
            }
        }
        open
    });
    println!("{}", open.len());
    let _ = std::io::stdout().flush();
    let mut line = String::new();
    let _ = std::io::stdin().lock().read_line(&mut line);
    // Non-blocking reads: a closed connection reads end-of-file or an error at once, an open silent one would block.
    let closed = open
        .iter()
        .filter(|stream| {
            let mut byte = [0u8; 1];
            let mut reader: &std::net::TcpStream = stream;
            !matches!(std::io::Read::read(&mut reader, &mut byte), Err(e) if e.kind() == std::io::ErrorKind::WouldBlock)
        })
        .count();
    println!("{closed}");
    let _ = std::io::stdout().flush();
    line.clear();
    let _ = std::io::stdin().lock().read_line(&mut line);
}

/// The flood: child processes holding [`FLOOD`] connections to `target` between them.
struct Flood {
    children: Vec<Child>,
}

impl Flood {
    /// Starts the children; they connect while the caller measures.
    fn start(target: SocketAddr) -> Flood {
        let exe = std::env::current_exe().unwrap();
        let mut children = Vec::new();
        for _ in 0..FLOOD_PROCESSES {
            let child = Command::new(&exe)
                .args(["--flood", &target.to_string(), &(FLOOD / FLOOD_PROCESSES).to_string()])
                .stdin(Stdio::piped())
                .stdout(Stdio::piped())
                .spawn()
                .unwrap();
            children.push(child);
        }
        Flood { children }
    }

    /// Waits until every child has made its connections; how many it could open.
    fn opened(&mut self) -> usize {
        self.children.iter_mut().map(read_number).sum()
    }

    /// How many of the flood's connections the server has closed by now.
    fn closed(&mut self) -> usize {
        for child in &mut self.children {
            writeln!(child.stdin.as_mut().unwrap()).unwrap();
        }
        self.children.iter_mut().map(read_number).sum()
    }
}

impl Drop for Flood {
    fn drop(&mut self) {
        for child in &mut self.children {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

fn read_number(child: &mut Child) -> usize {
    let mut line = String::new();
    std::io::BufReader::new(child.stdout.as_mut().unwrap()).read_line(&mut line).unwrap();
    line.trim().parse().unwrap_or(0)
}

/// Sequential logged-in calls from [`OPERATOR`] for [`MEASURE_FOR`]: latency percentiles and failures.
async fn operator_calls(client: &Client, base: &str) -> String {
    let mut samples = Vec::new();
    let mut failures = 0;
    let until = Instant::now() + MEASURE_FOR;
    while Instant::now() < until {
        let started = Instant::now();
        let answer = client.get(format!("{base}/lfscada/user/info?t=1")).timeout(Duration::from_secs(10)).send().await;
        match answer {
            Ok(r) if r.status().is_success() => samples.push(started.elapsed()),
            _ => failures += 1,
        }
    }
    samples.sort();
    format!(
        "{} calls, p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms, {failures} failed",
        samples.len() + failures,
        percentile(&samples, 0.5),
        percentile(&samples, 0.99),
        percentile(&samples, 1.0)
    )
}

/// How long an MQTT CONNECT from [`OPERATOR`] waits for the broker's answer (a refusal: the bench has no
/// gateway secret; answering at all is what counts).
async fn mqtt_answer(mqtt: SocketAddr) -> String {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let started = Instant::now();
    let attempt = async {
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket.bind(SocketAddr::from((OPERATOR, 0)))?;
        let mut stream = socket.connect(mqtt).await?;
        // CONNECT, MQTT 3.1.1, clean session, keep-alive 10 s, client id and user name "EG-BENCH", password "x".
        let mut packet = vec![0x10, 31, 0, 4, b'M', b'Q', b'T', b'T', 4, 0xC2, 0, 10];
        for field in [&b"EG-BENCH"[..], &b"EG-BENCH"[..], &b"x"[..]] {
            packet.extend_from_slice(&(field.len() as u16).to_be_bytes());
            packet.extend_from_slice(field);
        }
        stream.write_all(&packet).await?;
        let mut answer = [0u8; 4];
        stream.read_exact(&mut answer).await?;
        std::io::Result::Ok(answer)
    };
    match tokio::time::timeout(Duration::from_secs(20), attempt).await {
        Ok(Ok(answer)) if answer[0] == 0x20 => {
            format!("answered in {:.1} ms (return code {})", started.elapsed().as_secs_f64() * 1000.0, answer[3])
        }
        Ok(Ok(answer)) => format!("unexpected answer {answer:?}"),
        Ok(Err(e)) => format!("failed: {e}"),
        Err(_) => "no answer within 20 s".into(),
    }
}

fn main() -> anyhow::Result<()> {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--flood") {
        flood_child(args[2].parse()?, args[3].parse()?);
        return Ok(());
    }
    tokio::runtime::Runtime::new()?.block_on(bench())
}

/// The server process, killed when the bench ends (also by a panic).
struct ServerProcess(Child);

impl Drop for ServerProcess {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

async fn bench() -> anyhow::Result<()> {
    let bin = std::env::var("IRONSIGHT_BIN").unwrap_or_else(|_| "target/release/ironsight".into());
    let dir = tempfile::tempdir()?;
    let (http, mqtt) =
        (SocketAddr::from(([127, 0, 0, 1], free_port())), SocketAddr::from(([127, 0, 0, 1], free_port())));
    let server = Command::new(&bin)
        .args(["--demo", "--no-captcha", "--log", "error"])
        .arg("--listen")
        .arg(http.to_string())
        .arg("--mqtt-listen")
        .arg(mqtt.to_string())
        .arg("--data-dir")
        .arg(dir.path())
        .stdout(Stdio::null())
        .spawn()?;
    let server = ServerProcess(server);
    let base = format!("http://{http}");
    let mut headers = reqwest::header::HeaderMap::new();
    headers.insert("origin", base.parse()?);
    let client = Client::builder()
        .cookie_store(true)
        .default_headers(headers)
        .local_address(IpAddr::from(OPERATOR))
        .pool_max_idle_per_host(1)
        .build()?;
    let deadline = Instant::now() + Duration::from_secs(60);
    loop {
        let login = client.post(format!("{base}/lfscada/user/login?loginname=demo&password=Demo%4012345")).send().await;
        if let Ok(reply) = login
            && reply.json::<serde_json::Value>().await.is_ok_and(|v| v["code"] == "200")
        {
            break;
        }
        anyhow::ensure!(Instant::now() < deadline, "the server at {base} did not start ({bin})");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    println!("\nIdle sockets: {FLOOD} connections from one address, another address using the console");
    println!("server RSS before: {:.1} MiB", rss_mib(server.0.id()));
    println!("operator calls before: {}", operator_calls(&client, &base).await);
    for (name, target) in [("HTTP", http), ("MQTT", mqtt)] {
        let started = Instant::now();
        let mut flood = Flood::start(target);
        let during = operator_calls(&client, &base).await;
        let mqtt_during = mqtt_answer(mqtt).await;
        let rss_during = rss_mib(server.0.id());
        let opened = flood.opened();
        let opened_in = started.elapsed();
        let closed = flood.closed();
        println!(
            "{name} flood: {opened} connections opened in {:.1} s (the server closes those past its cap at once, \
             so the kernel's accept queue paces them), {closed} of them closed by the server {:.1} s after the \
             start; server RSS {rss_during:.1} MiB during",
            opened_in.as_secs_f64(),
            started.elapsed().as_secs_f64(),
        );
        println!("  operator calls in the flood's first {} s: {during}", MEASURE_FOR.as_secs());
        println!("  MQTT CONNECT from the operator's address then: {mqtt_during}");
        drop(flood);
        tokio::time::sleep(Duration::from_secs(12)).await;
    }
    println!("server RSS after: {:.1} MiB", rss_mib(server.0.id()));
    Ok(())
}
