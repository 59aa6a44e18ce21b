//! The console's two languages. Chinese is the default (spec section 1: default locale zh-cn).

use serde::Serialize;

/// A language the console and the server's messages are available in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default, Serialize)]
pub enum Lang {
    /// Simplified Chinese, the default.
    #[default]
    Zh,
    /// English, the alternative.
    En,
}

impl Lang {
    /// Picks the language from an `Accept-Language` header value. The console sends its current language
    /// (`zh-CN` or `en`); browsers send weighted lists. The first tag decides; anything not English is Chinese,
    /// because Chinese is the product's default.
    pub fn from_accept_language(header: Option<&str>) -> Lang {
        let Some(header) = header else {
            return Lang::Zh;
        };
        let first = header.split(',').next().unwrap_or("").split(';').next().unwrap_or("").trim();
        if first.len() >= 2 && first[..2].eq_ignore_ascii_case("en") { Lang::En } else { Lang::Zh }
    }

    /// The tag used in exported files and by the web app.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::Zh => "zh",
            Lang::En => "en",
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn default_locale_is_chinese() {
        assert_eq!(Lang::from_accept_language(None), Lang::Zh);
        assert_eq!(Lang::from_accept_language(Some("")), Lang::Zh);
        assert_eq!(Lang::from_accept_language(Some("fr-FR")), Lang::Zh);
        assert_eq!(Lang::from_accept_language(Some("zh-CN,zh;q=0.9,en;q=0.8")), Lang::Zh);
    }

    #[test]
    fn english_when_first_tag_is_english() {
        assert_eq!(Lang::from_accept_language(Some("en")), Lang::En);
        assert_eq!(Lang::from_accept_language(Some("en-US,en;q=0.9")), Lang::En);
        assert_eq!(Lang::from_accept_language(Some("EN;q=1")), Lang::En);
        assert_eq!(Lang::from_accept_language(Some("e")), Lang::Zh);
    }
}
