//! The spoken files on disk: their names, how a file is put in place, and how the cache is kept small.
//!
//! A spoken file is named by the SHA-256 of what it says and in which voice, so the same alarm text is
//! synthesised once and every later call answers the same path; the name says nothing of the text, and cannot
//! be chosen by a caller. Files are written under a temporary name and renamed into place, so a reader never
//! sees half a file. The cache holds at most [`MAX_FILES`] files and [`MAX_BYTES`] bytes; beyond either, the
//! least recently used go first (a cache hit renews a file's modification time).

use super::Voice;
use sha2::{Digest, Sha256};
use std::path::Path;
use std::time::{Duration, SystemTime};

/// The fallback tone's file name (never pruned, never a hash).
pub const TONE_FILE: &str = "alert-tone.wav";
/// Most spoken files kept.
pub const MAX_FILES: usize = 2_000;
/// Most bytes the spoken files may hold together (a 200-character alarm is about 1 MB of speech at 22 kHz).
pub const MAX_BYTES: u64 = 256 * 1024 * 1024;
/// A temporary file older than this is left over from a run that stopped mid-write, and is removed.
const STALE_TEMP: Duration = Duration::from_secs(60);
/// Bumped when the way files are made changes (engine options), so old files are no longer answered.
const KEY_VERSION: &str = "ironsight-sound-1";

/// The file name for `text` spoken in `voice`: 64 lower-case hex digits and `.wav`.
pub fn file_name(voice: Voice, text: &str) -> String {
    let mut hash = Sha256::new();
    for part in [KEY_VERSION, voice.name(), text] {
        hash.update(part.as_bytes());
        // A separator that no part holds (texts have no control characters), so parts cannot run together.
        hash.update([0u8]);
    }
    let hex: String = hash.finalize().iter().map(|b| format!("{b:02x}")).collect();
    format!("{hex}.wav")
}

/// True for a name [`file_name`] makes.
pub fn is_spoken_name(file: &str) -> bool {
    file.strip_suffix(".wav")
        .is_some_and(|stem| stem.len() == 64 && stem.bytes().all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b)))
}

/// True for a name the sound route may serve: a spoken file or the tone. Anything else (`..`, slashes, upper
/// case, other files) is never looked up.
pub fn is_served_name(file: &str) -> bool {
    file == TONE_FILE || is_spoken_name(file)
}

/// Writes `bytes` to `dir/name` under a temporary name first, then renames it into place.
pub async fn write_atomically(dir: &Path, name: &str, bytes: &[u8]) -> std::io::Result<()> {
    tokio::fs::create_dir_all(dir).await?;
    let temp = temp_path(dir, name);
    if let Err(e) = tokio::fs::write(&temp, bytes).await {
        let _ = tokio::fs::remove_file(&temp).await;
        return Err(e);
    }
    tokio::fs::rename(&temp, dir.join(name)).await.inspect_err(|_| {
        let _ = std::fs::remove_file(&temp);
    })
}

/// A temporary path for `name` in `dir`: hidden, random, never a served name.
pub fn temp_path(dir: &Path, name: &str) -> std::path::PathBuf {
    dir.join(format!(".{name}.{:016x}.tmp", rand::random::<u64>()))
}

/// What one pruning removed.
#[derive(Debug, Default, PartialEq, Eq)]
pub struct Pruned {
    pub files: usize,
    pub bytes: u64,
}

/// Removes the least recently modified spoken files while there are more than `max_files` or they hold more than
/// `max_bytes`, never `keep` (the file just made) nor the tone; and temporary files left over from a stopped run.
/// Blocking: run it off the async threads.
pub fn prune(dir: &Path, max_files: usize, max_bytes: u64, keep: &str) -> std::io::Result<Pruned> {
    let now = SystemTime::now();
    let mut spoken = Vec::new();
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let Ok(meta) = entry.metadata() else { continue };
        let modified = meta.modified().unwrap_or(SystemTime::UNIX_EPOCH);
        if is_spoken_name(&name) {
            spoken.push((modified, name, meta.len()));
        } else if name.starts_with('.')
            && name.ends_with(".tmp")
            && now.duration_since(modified).is_ok_and(|age| age > STALE_TEMP)
        {
            let _ = std::fs::remove_file(entry.path());
        }
    }
    // Oldest first; the name breaks ties so the order does not depend on the directory's.
    spoken.sort();
    let mut count = spoken.len();
    let mut bytes: u64 = spoken.iter().map(|(_, _, len)| len).sum();
    let mut pruned = Pruned::default();
    for (_, name, len) in spoken {
        if count <= max_files && bytes <= max_bytes {
            break;
        }
        if name == keep {
            continue;
        }
        match std::fs::remove_file(dir.join(&name)) {
            Ok(()) => {
                pruned.files += 1;
                pruned.bytes += len;
            }
            // Removed by another process sharing the directory meanwhile: gone all the same.
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => {}
            Err(e) => return Err(e),
        }
        count -= 1;
        bytes -= len;
    }
    Ok(pruned)
}

/// Marks a file as just used, so pruning keeps it longest. Blocking; a failure only makes it older.
pub fn touch(path: &Path) {
    if let Ok(file) = std::fs::File::options().write(true).open(path) {
        let _ = file.set_modified(SystemTime::now());
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_name_is_the_hash_of_voice_and_text() {
        let name = file_name(Voice::Mandarin, "1#泵 故障");
        assert!(is_spoken_name(&name), "{name}");
        assert_eq!(name, file_name(Voice::Mandarin, "1#泵 故障"), "the same text, the same file");
        assert_ne!(name, file_name(Voice::English, "1#泵 故障"), "another voice, another file");
        assert_ne!(name, file_name(Voice::Mandarin, "1#泵 故障 "), "another text, another file");
    }

    #[test]
    fn only_our_own_names_are_served() {
        let hex = "0123456789abcdef".repeat(4);
        assert!(is_served_name(&format!("{hex}.wav")));
        assert!(is_served_name(TONE_FILE));
        for bad in [
            "../x".to_owned(),
            "abc.wav".to_owned(),
            format!("{}.wav", hex.to_uppercase()),
            format!("{hex}.WAV"),
            format!("{hex}.wav.tmp"),
            format!("{}.wav", &hex[1..]),
            format!("../{hex}.wav"),
            format!(".{hex}.wav.0000000000000000.tmp"),
            "alert-tone.wav/".to_owned(),
            "ironsight.db".to_owned(),
            String::new(),
        ] {
            assert!(!is_served_name(&bad), "{bad}");
        }
    }

    fn spoken(i: u8) -> String {
        format!("{}.wav", format!("{i:02x}").repeat(32))
    }

    /// Files `spoken(0..n)` of `len` bytes, file i modified i minutes after the epoch plus a day.
    fn cache_of(n: u8, len: usize) -> tempfile::TempDir {
        let dir = tempfile::tempdir().unwrap();
        for i in 0..n {
            let path = dir.path().join(spoken(i));
            std::fs::write(&path, vec![0u8; len]).unwrap();
            let at = SystemTime::UNIX_EPOCH + Duration::from_secs(86_400 + u64::from(i) * 60);
            std::fs::File::options().write(true).open(&path).unwrap().set_modified(at).unwrap();
        }
        dir
    }

    fn names(dir: &Path) -> Vec<String> {
        let mut names: Vec<String> =
            std::fs::read_dir(dir).unwrap().map(|e| e.unwrap().file_name().to_string_lossy().into_owned()).collect();
        names.sort();
        names
    }

    #[test]
    fn over_the_file_limit_the_oldest_go() {
        let dir = cache_of(5, 10);
        std::fs::write(dir.path().join(TONE_FILE), b"tone").unwrap();
        let pruned = prune(dir.path(), 3, u64::MAX, &spoken(4)).unwrap();
        assert_eq!(pruned, Pruned { files: 2, bytes: 20 });
        assert_eq!(names(dir.path()), [spoken(2), spoken(3), spoken(4), TONE_FILE.to_owned()]);
        assert_eq!(prune(dir.path(), 3, u64::MAX, "").unwrap(), Pruned::default(), "within the limit: nothing");
    }

    #[test]
    fn over_the_byte_limit_the_oldest_go_but_never_the_new_file() {
        let dir = cache_of(4, 100);
        // The file just made is the oldest by its time (a clock step back): it stays all the same.
        let pruned = prune(dir.path(), 10, 250, &spoken(0)).unwrap();
        assert_eq!(pruned, Pruned { files: 2, bytes: 200 });
        assert_eq!(names(dir.path()), [spoken(0), spoken(3)]);
    }

    #[test]
    fn a_used_file_is_kept_longest() {
        let dir = cache_of(3, 10);
        touch(&dir.path().join(spoken(0)));
        prune(dir.path(), 2, u64::MAX, "").unwrap();
        assert_eq!(names(dir.path()), [spoken(0), spoken(2)]);
    }

    #[test]
    fn stale_temporary_files_are_removed_fresh_ones_kept() {
        let dir = cache_of(1, 10);
        let stale = dir.path().join(".x.wav.0000000000000001.tmp");
        std::fs::write(&stale, b"half").unwrap();
        let old = SystemTime::now() - Duration::from_secs(3600);
        std::fs::File::options().write(true).open(&stale).unwrap().set_modified(old).unwrap();
        let fresh = dir.path().join(".x.wav.0000000000000002.tmp");
        std::fs::write(&fresh, b"being written").unwrap();
        prune(dir.path(), 10, u64::MAX, "").unwrap();
        assert!(!stale.exists() && fresh.exists());
    }

    #[tokio::test]
    async fn a_file_appears_whole_or_not_at_all() {
        let dir = tempfile::tempdir().unwrap();
        let sound = dir.path().join("sound");
        write_atomically(&sound, TONE_FILE, b"RIFF").await.unwrap();
        assert_eq!(names(&sound), [TONE_FILE], "no temporary file left");
        assert_eq!(std::fs::read(sound.join(TONE_FILE)).unwrap(), b"RIFF");
    }
}
