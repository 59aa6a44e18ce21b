//! Tells the embedded web app where `web/dist` is, as a clean absolute path (no `..`): rust-embed's debug mode
//! reads files from disk and refuses any whose canonical path does not start with the folder it was given, so a
//! folder written with `..` serves nothing when it did not exist at compile time. Also rebuilds a release server
//! when the web app is rebuilt, so a release binary never embeds a stale console. A debug server reads the folder
//! at run time, so bundling the web app does not rebuild it: the test run builds its binaries once, whichever of
//! the two it builds first (docs/testing.md).

use std::path::{Component, Path, PathBuf};

fn main() {
    let manifest = std::env::var("CARGO_MANIFEST_DIR").expect("cargo sets CARGO_MANIFEST_DIR");
    let dist = normalize(&Path::new(&manifest).join("../../web/dist"));
    println!("cargo:rustc-env=IRONSIGHT_WEB_DIST={}", dist.display());
    if std::env::var("PROFILE").as_deref() == Ok("release") {
        println!("cargo:rerun-if-changed={}", dist.join("index.html").display());
    }
    println!("cargo:rerun-if-changed=build.rs");
}

/// Removes `.` and `..` without touching the file system (the folder may not exist yet).
fn normalize(path: &Path) -> PathBuf {
    let mut out = PathBuf::new();
    for component in path.components() {
        match component {
            Component::ParentDir => {
                out.pop();
            }
            Component::CurDir => {}
            other => out.push(other),
        }
    }
    out
}
