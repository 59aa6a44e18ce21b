//! Uploaded images as the console is told of them (the address each is served at) and the organisation's image
//! library (the designer's pictures).

use ironsight_store::image_library;
use serde::Serialize;
use ts_rs::TS;

/// The URL path images are served under, and the directory under the data directory that holds them.
pub const IMAGE_DIR: &str = "userimg";

/// The address a stored file is served at (`/userimg/<file>`).
pub fn served_at(file_name: &str) -> String {
    format!("/{IMAGE_DIR}/{file_name}")
}

/// A row of `/lfscada/configuration/image/query`.
#[derive(Clone, Debug, Serialize, TS)]
#[serde(rename_all = "camelCase")]
pub struct LibraryImage {
    pub id: i64,
    /// The address it is served at (`/userimg/<file>`), as a page's picture fields hold it.
    pub image: String,
    pub title: String,
    /// The type, by its extension: png, jpg, gif, webp or svg, or glb (a glTF 2.0 binary model for the 3D model
    /// widget).
    pub kind: String,
    /// The file's size.
    pub bytes: i64,
    /// When it was uploaded (ms).
    pub gmt_create: i64,
}

impl From<image_library::LibraryImage> for LibraryImage {
    fn from(row: image_library::LibraryImage) -> LibraryImage {
        LibraryImage {
            id: row.id,
            image: served_at(&row.file_name),
            title: row.title,
            kind: row.kind,
            bytes: row.bytes,
            gmt_create: row.created,
        }
    }
}

/// `/lfscada/configuration/image/upload`: the new library picture.
#[derive(Clone, Debug, Serialize, TS)]
pub struct LibraryImageStored {
    pub id: i64,
    /// The address it is served at (`/userimg/<file>`).
    pub image: String,
    pub title: String,
}
