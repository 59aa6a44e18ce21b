//! Alarm speech (spec section 7, `/lfscada/msg/createSound {text}`): the console plays the answered path when an
//! alarm message arrives, so the operator *hears* the alarm in the console's language, even looking away from the
//! screen.
//!
//! - Speech is made on the server by the `espeak-ng` program (Debian package `espeak-ng`, installed by `make run`
//!   and CI; `--espeak` / `IRONSIGHT_ESPEAK` names another): small, offline (a plant network often has no
//!   internet), and it speaks Mandarin (voice `cmn`) and English (`en`). The text goes to its standard input,
//!   never through a shell or its command line (where `ps` would show it, and a leading `-` would read as an
//!   option).
//! - Synthesis is bounded: one at a time ([`Sound::speak`] holds a one-permit semaphore, so callers cannot take the
//!   machine's cores from the gateway link), [`TIMEOUT`] each (then the process is killed), and a caller waits at
//!   most [`QUEUE_WAIT`] for its turn.
//! - Files are cached by voice and text under `<data-dir>/sound/` ([`cache`]): the same alarm text is spoken once,
//!   every later call answers the same path at the cost of a file lookup. The cache is bounded in files and bytes.
//! - When the engine is missing, fails, times out or is busy past the wait, the answer is a two-tone alert made
//!   here ([`tone`]), written once to `<data-dir>/sound/alert-tone.wav`: the operator still hears that something
//!   happened, and the caller never gets an error for a missing engine. A missing engine is logged once, as a
//!   warning; the alarm text is never logged.

pub mod cache;
pub mod tone;

use cache::TONE_FILE;
use ironsight_domain::validate::display_name;
use ironsight_domain::{Lang, Reason};
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;
use tokio::io::AsyncWriteExt;
use tokio::sync::Semaphore;

/// The engine's program name, looked up on `PATH`, when the configuration names none.
pub const DEFAULT_ENGINE: &str = "espeak-ng";
/// Longest text spoken, in characters (`limits::SPEECH_TEXT_CHARS`, exported to the console as
/// `Limits.SpeechTextChars`, for it to cut a long alarm title to before asking).
pub const MAX_TEXT_CHARS: usize = ironsight_domain::limits::SPEECH_TEXT_CHARS;
/// Time one synthesis may take; espeak-ng speaks 200 characters in well under a second.
pub const TIMEOUT: Duration = Duration::from_secs(10);
/// Time a caller waits for the synthesis before it: past it, the tone is answered instead.
pub const QUEUE_WAIT: Duration = Duration::from_secs(10);
/// The directory under the data directory that holds the files, and the path segment they are served under.
pub const SOUND_DIR: &str = "sound";
/// The path the files are served at (followed by the file name).
pub const SERVED_AT: &str = "/lfscada/msg/sound/";

/// The path a sound file is served at.
pub fn served_path(file: &str) -> String {
    format!("{SERVED_AT}{file}")
}

/// A text that may be spoken: trimmed, not empty, at most [`MAX_TEXT_CHARS`] characters, no control characters
/// (a line break is a control character here: an alarm message is one line).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SpeechText(String);

impl SpeechText {
    pub fn parse(raw: &str) -> Result<SpeechText, Reason> {
        display_name(raw, MAX_TEXT_CHARS).map(|text| SpeechText(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// The engine's voices: one per console language.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Voice {
    /// Mandarin Chinese (zh-CN), espeak-ng's `cmn`; Latin letters and digits in the text are read in English.
    Mandarin,
    English,
}

impl Voice {
    pub fn of(lang: Lang) -> Voice {
        match lang {
            Lang::Zh => Voice::Mandarin,
            Lang::En => Voice::English,
        }
    }

    /// The engine's name of the voice (`-v`).
    pub fn name(self) -> &'static str {
        match self {
            Voice::Mandarin => "cmn",
            Voice::English => "en",
        }
    }
}

/// Why a synthesis gave no file (for the log; the caller gets the tone).
#[derive(Debug)]
enum Failure {
    /// The engine program is not there.
    Missing,
    TimedOut,
    Failed(String),
}

/// The speech engine, its one synthesis at a time, and the cache directory.
pub struct Sound {
    /// The engine program: a name looked up on `PATH`, or a path.
    engine: PathBuf,
    /// `<data-dir>/sound`.
    dir: PathBuf,
    /// One permit: at most one synthesis runs.
    synthesis: Semaphore,
    /// Whether the missing engine has been logged (once per process).
    missing_told: AtomicBool,
}

impl Sound {
    pub fn new(engine: PathBuf, data_dir: &Path) -> Sound {
        Sound {
            engine,
            dir: data_dir.join(SOUND_DIR),
            synthesis: Semaphore::new(1),
            missing_told: AtomicBool::new(false),
        }
    }

    /// The directory the files are in.
    pub fn dir(&self) -> &Path {
        &self.dir
    }

    /// The name of a file under [`Sound::dir`] that speaks `text` in `voice`: from the cache, newly synthesised,
    /// or the alert tone when the engine cannot speak it now. An error only when not even the tone can be
    /// written (the disk).
    pub async fn speak(&self, voice: Voice, text: &SpeechText) -> anyhow::Result<String> {
        let name = cache::file_name(voice, text.as_str());
        if self.cached(&name).await {
            return Ok(name);
        }
        let Ok(Ok(_permit)) = tokio::time::timeout(QUEUE_WAIT, self.synthesis.acquire()).await else {
            tracing::warn!(voice = voice.name(), "alarm speech: the engine is busy; answering the alert tone");
            return self.tone().await;
        };
        // Another caller may have made it while this one waited.
        if self.cached(&name).await {
            return Ok(name);
        }
        match self.synthesise(voice, text.as_str(), &name).await {
            Ok(()) => {
                self.prune(&name).await;
                Ok(name)
            }
            Err(failure) => {
                match failure {
                    Failure::Missing => {
                        if !self.missing_told.swap(true, Ordering::Relaxed) {
                            tracing::warn!(
                                engine = %self.engine.display(),
                                "alarm speech: the speech engine was not found (install the Debian package \
                                 espeak-ng, or name it with --espeak); alarms sound the alert tone instead"
                            );
                        }
                    }
                    Failure::TimedOut => tracing::warn!(
                        voice = voice.name(),
                        "alarm speech: the engine took over {} s and was stopped; answering the alert tone",
                        TIMEOUT.as_secs()
                    ),
                    Failure::Failed(why) => {
                        tracing::warn!(voice = voice.name(), "alarm speech failed ({why}); answering the alert tone")
                    }
                }
                self.tone().await
            }
        }
    }

    /// True when the file is there (a hit renews its time, so the cache keeps used files longest).
    async fn cached(&self, name: &str) -> bool {
        let path = self.dir.join(name);
        if !tokio::fs::metadata(&path).await.is_ok_and(|m| m.is_file()) {
            return false;
        }
        let _ = tokio::task::spawn_blocking(move || cache::touch(&path)).await;
        true
    }

    /// Runs the engine on `text` into a temporary file, checks it is a WAV and renames it to `name`.
    async fn synthesise(&self, voice: Voice, text: &str, name: &str) -> Result<(), Failure> {
        tokio::fs::create_dir_all(&self.dir)
            .await
            .map_err(|e| Failure::Failed(format!("creating the directory: {e}")))?;
        let temp = cache::temp_path(&self.dir, name);
        let outcome = self.run_engine(voice, text, &temp).await;
        let outcome = match outcome {
            Ok(()) => check_wav(&temp).await,
            Err(failure) => Err(failure),
        };
        let outcome = match outcome {
            Ok(()) => tokio::fs::rename(&temp, self.dir.join(name))
                .await
                .map_err(|e| Failure::Failed(format!("renaming the file: {e}"))),
            Err(failure) => Err(failure),
        };
        if outcome.is_err() {
            let _ = tokio::fs::remove_file(&temp).await;
        }
        outcome
    }

    /// `espeak-ng -v <voice> -b 1 --stdin -w <temp>` with the text on standard input (`-b 1`: it is UTF-8, whatever
    /// the server's locale). The process is killed when it overruns [`TIMEOUT`] (dropping it kills it).
    async fn run_engine(&self, voice: Voice, text: &str, temp: &Path) -> Result<(), Failure> {
        let mut child = tokio::process::Command::new(&self.engine)
            .args(["-v", voice.name(), "-b", "1", "--stdin", "-w"])
            .arg(temp)
            .stdin(Stdio::piped())
            .stdout(Stdio::null())
            .stderr(Stdio::piped())
            .kill_on_drop(true)
            .spawn()
            .map_err(|e| match e.kind() {
                std::io::ErrorKind::NotFound => Failure::Missing,
                _ => Failure::Failed(format!("starting {}: {e}", self.engine.display())),
            })?;
        let stdin = child.stdin.take();
        let input = text.as_bytes().to_vec();
        let run = async move {
            if let Some(mut stdin) = stdin {
                stdin.write_all(&input).await?;
                // Dropped here: the end of the input, so the engine speaks and exits.
            }
            child.wait_with_output().await
        };
        match tokio::time::timeout(TIMEOUT, run).await {
            Err(_) => Err(Failure::TimedOut),
            Ok(Err(e)) => Err(Failure::Failed(format!("running the engine: {e}"))),
            Ok(Ok(output)) if !output.status.success() => {
                // The engine's own words can quote its input: only at debug level.
                tracing::debug!(stderr = %String::from_utf8_lossy(&output.stderr), "alarm speech engine output");
                Err(Failure::Failed(format!("the engine exited with {}", output.status)))
            }
            Ok(Ok(_)) => Ok(()),
        }
    }

    /// Removes the least recently used files beyond the cache's bounds, keeping `keep`. A failure is logged; the
    /// answer does not depend on it.
    async fn prune(&self, keep: &str) {
        let (dir, keep) = (self.dir.clone(), keep.to_owned());
        let pruned =
            tokio::task::spawn_blocking(move || cache::prune(&dir, cache::MAX_FILES, cache::MAX_BYTES, &keep)).await;
        match pruned {
            Ok(Ok(pruned)) if pruned.files > 0 => {
                tracing::debug!(files = pruned.files, bytes = pruned.bytes, "alarm speech: cache pruned");
            }
            Ok(Ok(_)) => {}
            Ok(Err(e)) => tracing::warn!("alarm speech: pruning the cache failed: {e}"),
            Err(e) => tracing::warn!("alarm speech: pruning the cache failed: {e}"),
        }
    }

    /// The alert tone's file name, written first if it is not there (its bytes never change, so two writers
    /// racing write the same file).
    async fn tone(&self) -> anyhow::Result<String> {
        if !tokio::fs::metadata(self.dir.join(TONE_FILE)).await.is_ok_and(|m| m.is_file()) {
            cache::write_atomically(&self.dir, TONE_FILE, &tone::alert_tone())
                .await
                .map_err(|e| anyhow::anyhow!("writing the alert tone in {}: {e}", self.dir.display()))?;
        }
        Ok(TONE_FILE.to_owned())
    }
}

/// Whether the engine wrote a WAV file (`RIFF`, `WAVE`, more than a header), not nothing or something else.
async fn check_wav(path: &Path) -> Result<(), Failure> {
    use tokio::io::AsyncReadExt;
    let mut file = tokio::fs::File::open(path).await.map_err(|e| Failure::Failed(format!("no file written: {e}")))?;
    let mut head = [0u8; 12];
    let read = file.read_exact(&mut head).await;
    let len = file.metadata().await.map(|m| m.len()).unwrap_or(0);
    if read.is_err() || &head[0..4] != b"RIFF" || &head[8..12] != b"WAVE" || len <= 44 {
        return Err(Failure::Failed("the engine wrote no WAV file".into()));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_speech_text_is_one_trimmed_line_of_at_most_200_characters() {
        assert_eq!(SpeechText::parse("  1#泵 故障  ").unwrap().as_str(), "1#泵 故障");
        assert_eq!(SpeechText::parse(&"警".repeat(200)).unwrap().as_str().chars().count(), 200);
        assert_eq!(SpeechText::parse(&"警".repeat(201)), Err(Reason::TooLong { max: 200 }));
        assert_eq!(SpeechText::parse(""), Err(Reason::Required));
        assert_eq!(SpeechText::parse(" \t "), Err(Reason::Required));
        assert_eq!(SpeechText::parse("pump\u{7}fault"), Err(Reason::ControlCharacters));
        assert_eq!(SpeechText::parse("pump\nfault"), Err(Reason::ControlCharacters));
    }

    #[test]
    fn each_language_has_its_voice() {
        assert_eq!(Voice::of(Lang::Zh).name(), "cmn");
        assert_eq!(Voice::of(Lang::En).name(), "en");
    }

    #[tokio::test]
    async fn an_engine_that_writes_no_wav_answers_the_tone() {
        // `true` exits 0 and writes nothing: a broken engine, not a missing one.
        let dir = tempfile::tempdir().unwrap();
        let sound = Sound::new(PathBuf::from("true"), dir.path());
        let text = SpeechText::parse("pump fault").unwrap();
        assert_eq!(sound.speak(Voice::English, &text).await.unwrap(), TONE_FILE);
        let names: Vec<String> = std::fs::read_dir(sound.dir())
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names, [TONE_FILE], "nothing but the tone is left");
    }
}
