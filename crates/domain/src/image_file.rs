//! Which uploaded files are pictures: the types the server accepts (told by the bytes, see the server's
//! `api::images::detect`), the extensions a file name of each may carry and the type it is served as. Exported to
//! the web app (`web/src/generated/contract.json`, key `imageTypes`) with the size limit
//! ([`crate::limits::IMAGE_BYTES`]), so an upload control refuses in the browser what the server would.

/// An accepted picture type.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageKind {
    Png,
    Jpeg,
    Gif,
    Webp,
    Svg,
    /// A glTF 2.0 binary model (`.glb`): taken by the image library only, for the pages' 3D model widgets; never an
    /// equipment picture and not in [`ImageKind::ALL`] (the picture types).
    Glb,
    /// A Windows icon (`.ico`): an avatar type only (spec section 5: avatars are ico, jpg, png, gif or svg), not in
    /// [`ImageKind::ALL`] nor [`ImageKind::LIBRARY`].
    Ico,
}

impl ImageKind {
    /// Every accepted type, in the order the console lists them.
    pub const ALL: [ImageKind; 5] = [ImageKind::Png, ImageKind::Jpeg, ImageKind::Gif, ImageKind::Svg, ImageKind::Webp];
    /// Every type the image library stores and serves: the pictures and the 3D model.
    pub const LIBRARY: [ImageKind; 6] =
        [ImageKind::Png, ImageKind::Jpeg, ImageKind::Gif, ImageKind::Svg, ImageKind::Webp, ImageKind::Glb];

    /// The types an avatar may be (spec section 5).
    pub const AVATAR: [ImageKind; 5] =
        [ImageKind::Ico, ImageKind::Jpeg, ImageKind::Png, ImageKind::Gif, ImageKind::Svg];

    /// The extension stored files of this type get.
    pub fn extension(self) -> &'static str {
        self.extensions()[0]
    }

    /// The extensions (lower case) a file name of this type may end with; the first is the stored one.
    pub fn extensions(self) -> &'static [&'static str] {
        match self {
            ImageKind::Png => &["png"],
            ImageKind::Jpeg => &["jpg", "jpeg"],
            ImageKind::Gif => &["gif"],
            ImageKind::Webp => &["webp"],
            ImageKind::Svg => &["svg"],
            ImageKind::Glb => &["glb"],
            ImageKind::Ico => &["ico"],
        }
    }

    /// The type a file name's extension says, in any case; `None` for any other extension.
    pub fn from_extension(ext: &str) -> Option<ImageKind> {
        let ext = ext.to_ascii_lowercase();
        ImageKind::LIBRARY.into_iter().chain([ImageKind::Ico]).find(|kind| kind.extensions().contains(&ext.as_str()))
    }

    /// The media type the file is served as (and a browser reports for a chosen file).
    pub fn content_type(self) -> &'static str {
        match self {
            ImageKind::Png => "image/png",
            ImageKind::Jpeg => "image/jpeg",
            ImageKind::Gif => "image/gif",
            ImageKind::Webp => "image/webp",
            ImageKind::Svg => "image/svg+xml",
            ImageKind::Glb => "model/gltf-binary",
            ImageKind::Ico => "image/x-icon",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn extensions_name_their_type_in_any_case() {
        assert_eq!(ImageKind::from_extension("PNG"), Some(ImageKind::Png));
        assert_eq!(ImageKind::from_extension("jpeg"), Some(ImageKind::Jpeg));
        assert_eq!(ImageKind::from_extension("Jpg"), Some(ImageKind::Jpeg));
        assert_eq!(ImageKind::from_extension("svgz"), None);
        assert_eq!(ImageKind::from_extension(""), None);
        assert_eq!(ImageKind::from_extension("GLB"), Some(ImageKind::Glb));
        assert!(!ImageKind::ALL.contains(&ImageKind::Glb), "a model is no picture");
        for kind in ImageKind::ALL {
            assert_eq!(ImageKind::from_extension(kind.extension()), Some(kind));
            assert!(kind.content_type().starts_with("image/"));
        }
    }
}
