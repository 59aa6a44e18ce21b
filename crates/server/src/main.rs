//! `ironsight`: serve the console, or run a one-off task (`generate`, `openapi`).

use clap::Parser;
use ironsight::config::{Cli, Command, Config};

/// mimalloc gives freed memory back to the system within moments; glibc's malloc kept what bursts of work had
/// used (history answers, a thousand configurations pushed at start) in per-thread arenas for good
/// (docs/performance.md, "Memory").
#[global_allocator]
static ALLOCATOR: mimalloc::MiMalloc = mimalloc::MiMalloc;

/// `mi_option_purge_delay` in mimalloc.h (the same number in its v2 and v3): how many milliseconds freed memory
/// waits before it goes back to the system. The default, 10 ms, is checked only when the thread allocates again, so
/// memory freed by a task that then sleeps stayed; 0 returns it at once (link bench on SQLite: 1,000 gateways
/// connected 139 → 128 MiB, a minute after the load 232 → 208 MiB, at no cost in ingest rate).
const MI_OPTION_PURGE_DELAY: libmimalloc_sys::mi_option_t = 15;

/// How often a worker thread going idle collects its allocator heap, at most.
const COLLECT_EVERY: std::time::Duration = std::time::Duration::from_secs(2);

thread_local! {
    static LAST_COLLECT: std::cell::Cell<Option<std::time::Instant>> = const { std::cell::Cell::new(None) };
}

/// Runs when a runtime worker has nothing to do: gives the pages its heap no longer needs back to the system.
/// mimalloc frees a page only when its own thread next allocates or collects, so after a burst the pages freed into
/// a now idle worker's heap stayed (the live heap after the link bench's ingest was 84 MiB of 178 MiB resident).
/// At most every [`COLLECT_EVERY`] per thread, so a busy server parking thousands of times a second pays nothing.
fn collect_when_idle() {
    let now = std::time::Instant::now();
    LAST_COLLECT.with(|last| {
        if last.get().is_none_or(|t| now.duration_since(t) >= COLLECT_EVERY) {
            last.set(Some(now));
            // SAFETY: mi_collect works on the calling thread's own heap; any thread may call it at any time.
            unsafe { libmimalloc_sys::mi_collect(true) };
        }
    });
}

/// Keeps the kernel from backing this process's memory with transparent huge pages (Linux; elsewhere nothing).
///
/// mimalloc asks for huge pages on its arenas (`madvise(MADV_HUGEPAGE)`, honoured even where the system setting is
/// "madvise"), and a huge page stays resident whole while any of its 2 MiB is used: after a burst, the pages freed
/// and returned 64 KiB at a time came back in as huge pages, and glibc's arenas (SQLite allocates there) did the
/// same. Link bench on SQLite (docs/performance.md): 1,000 gateways connected 108 → 84 MiB, a minute after the load
/// 186 → 153 MiB, ingest rate unchanged. The server's working set is small and scattered: huge pages bought nothing.
fn disable_transparent_huge_pages() {
    #[cfg(target_os = "linux")]
    // SAFETY: PR_SET_THP_DISABLE sets one flag of this process; it takes no pointers. An old kernel refuses it
    // (EINVAL) and the process runs as before.
    unsafe {
        libc::prctl(libc::PR_SET_THP_DISABLE, 1, 0, 0, 0);
    }
}

/// How many malloc arenas glibc may keep. Rust code allocates through mimalloc; what still uses glibc's malloc
/// is C code, above all SQLite, whose connection threads each got an arena of their own (up to 8 per core) that
/// kept its high-water mark after a burst. Two arenas: a minute after the link bench's load 153 → 143 MiB, with
/// the ingest rate unchanged (SQLite's allocations are few and large: its page cache, its statements).
const GLIBC_ARENAS: i32 = 2;

/// Bounds glibc's arenas (Linux with glibc; elsewhere nothing). Must run before any other thread exists.
fn limit_glibc_arenas() {
    #[cfg(all(target_os = "linux", target_env = "gnu"))]
    // SAFETY: mallopt changes one allocator setting; it is called before any other thread exists.
    unsafe {
        libc::mallopt(libc::M_ARENA_MAX, GLIBC_ARENAS);
    }
}

fn main() -> std::process::ExitCode {
    disable_transparent_huge_pages();
    limit_glibc_arenas();
    // SAFETY: mi_option_set writes one option; it is not thread-safe, and no other thread exists yet.
    unsafe { libmimalloc_sys::mi_option_set(MI_OPTION_PURGE_DELAY, 0) };
    let runtime =
        match tokio::runtime::Builder::new_multi_thread().enable_all().on_thread_park(collect_when_idle).build() {
            Ok(runtime) => runtime,
            Err(error) => {
                eprintln!("ironsight: cannot start the runtime: {error}");
                return std::process::ExitCode::FAILURE;
            }
        };
    // Operators get one readable line (with its causes), not a debug dump.
    match runtime.block_on(run(Cli::parse())) {
        Ok(()) => std::process::ExitCode::SUCCESS,
        Err(error) => {
            eprintln!("ironsight: {error:#}");
            std::process::ExitCode::FAILURE
        }
    }
}

async fn run(cli: Cli) -> anyhow::Result<()> {
    match &cli.command {
        Some(Command::Generate { dir }) => {
            std::fs::create_dir_all(dir)?;
            for (name, text) in [
                ("errorCatalogue.json", ironsight_domain::catalogue::export_json()),
                ("contract.json", ironsight_domain::contract::export_json()),
                ("widgetTypes.json", ironsight_domain::page::export_widget_types_json()),
                ("reasonTexts.json", ironsight_domain::page::export_reason_texts_json()),
                ("answers.ts", ironsight::answers::export_typescript()),
            ] {
                let path = dir.join(name);
                std::fs::write(&path, text)?;
                println!("wrote {}", path.display());
            }
            return Ok(());
        }
        Some(Command::Openapi) => {
            println!("{}", serde_json::to_string_pretty(&ironsight::routes::openapi())?);
            return Ok(());
        }
        Some(Command::Theme { org, title, favicon }) => {
            let config = Config::resolve(&cli)?;
            let store = ironsight::connect_store(&config).await?;
            ironsight::api::theme::set_theme(&store, org, title, favicon).await?;
            println!("theme of organisation {org} set");
            return Ok(());
        }
        None => {}
    }
    let config = Config::resolve(&cli)?;
    tracing_subscriber::fmt().with_env_filter(tracing_subscriber::EnvFilter::new(&config.log)).init();
    match ironsight::listen::raise_file_limit() {
        Some(files) => tracing::info!(files, "open-file limit"),
        None => tracing::warn!("the open-file limit could not be read"),
    }
    let demo = config.demo;
    let storage = if config.database_url.is_some() {
        "PostgreSQL".to_owned()
    } else {
        format!("SQLite in {}", config.data_dir.display())
    };
    let running = ironsight::start(config).await?;
    let port = running.addr.port();
    println!("\n  Ironsight is running: http://localhost:{port}/  (storage: {storage})");
    println!("  Gateways connect to MQTT at {}", running.broker_addr);
    if demo {
        println!(
            "  Demo login: {} / {}  (demo only, never on a real deployment)",
            ironsight::bootstrap::DEMO_LOGIN,
            ironsight::bootstrap::DEMO_PASSWORD
        );
        println!(
            "  Demo operator (sees the pump station and the reservoir only): {} / {}  (demo only, never on a real deployment)",
            ironsight::demo::OPERATOR_LOGIN,
            ironsight::demo::OPERATOR_PASSWORD
        );
    }
    println!();
    stop_requested().await;
    tracing::info!("stopping: answering the requests under way, storing what was taken in, then closing");
    running.shutdown().await;
    Ok(())
}

/// Ctrl-C, or SIGTERM (what a service manager or `docker stop` sends).
async fn stop_requested() {
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(e) => {
                tracing::warn!("cannot listen for SIGTERM ({e}); Ctrl-C still stops the server");
                std::future::pending::<()>().await;
            }
        }
    };
    tokio::select! {
        _ = tokio::signal::ctrl_c() => {}
        _ = terminate => {}
    }
}
