//! Which picture addresses a page document may hold (docs/page-document.md, "Image addresses").
//!
//! The viewer draws a picture only when `safeImageUrl` (web/src/runtime/urls.ts) lets it: the address, trimmed as
//! JavaScript's `trim()` trims, is blank (no picture), starts with `data:image/` (any case), or parses (WHATWG URL,
//! against the console's page) as an `http:` or `https:` URL. Everything else (`javascript:`, `data:text/html`,
//! `file:`, text that is not a URL) is not drawn.
//!
//! The server applies the same rule when a page is saved, so a stored document never holds an address the viewer
//! would refuse: the designer hears about it at once, naming the field, instead of every operator seeing a
//! silently missing picture, and a refused address never sits in the database waiting for a laxer viewer. The rule
//! is mirrored, not approximated: the `url` crate is a WHATWG URL parser like the browser's, and the trimming is
//! JavaScript's. Both sides' tests read one table of cases (`web/src/runtime/imageUrlCases.json`), so the two cannot
//! drift apart unnoticed.

use url::Url;

/// What the viewer does with an image address.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ImageUrl {
    /// Blank after trimming: no picture. The fields' default, always allowed.
    None,
    /// The viewer draws it.
    Shown,
    /// The viewer does not draw it; a document holding it is refused.
    Refused,
}

/// The console pages an address may be resolved against: the viewer resolves relative addresses against its own
/// location, which is http or https depending on the deployment. An address counts as shown only when it is
/// shown on both, so a document saved behind one kind of deployment still draws behind the other (`http:` alone
/// is a path on an http console but a broken URL on an https one).
pub(crate) const CONSOLE_PAGES: [&str; 2] =
    ["http://console.invalid/monitor/eg/detail/page/1/0", "https://console.invalid/monitor/eg/detail/page/1/0"];

/// What the viewer does with `address` (see the module's documentation).
pub fn classify(address: &str) -> ImageUrl {
    let text = js_trim(address);
    if text.is_empty() {
        return ImageUrl::None;
    }
    // `/^data:image\//i`: ASCII case-insensitive (without the `u` flag no other character folds onto ASCII).
    if text.get(..11).is_some_and(|prefix| prefix.eq_ignore_ascii_case("data:image/")) {
        return ImageUrl::Shown;
    }
    let on_every_console = CONSOLE_PAGES.iter().all(|page| {
        let Ok(base) = Url::parse(page) else { return false };
        Url::options().base_url(Some(&base)).parse(text).is_ok_and(|url| matches!(url.scheme(), "http" | "https"))
    });
    if on_every_console { ImageUrl::Shown } else { ImageUrl::Refused }
}

/// `text` without the characters JavaScript's `String.prototype.trim` removes at either end: its white space
/// (tab, vertical tab, form feed, the space separators, the byte-order mark) and line terminators. Rust's `trim`
/// differs (it keeps U+FEFF and removes U+0085), and the difference decides whether `\u{feff}javascript:` is a
/// relative path or a script URL.
fn js_trim(text: &str) -> &str {
    text.trim_matches(is_js_white_space)
}

fn is_js_white_space(c: char) -> bool {
    matches!(
        c,
        '\u{9}'..='\u{D}'
            | ' '
            | '\u{A0}'
            | '\u{1680}'
            | '\u{2000}'..='\u{200A}'
            | '\u{2028}'
            | '\u{2029}'
            | '\u{202F}'
            | '\u{205F}'
            | '\u{3000}'
            | '\u{FEFF}'
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::Value;

    /// The table the web app's test (web/src/runtime/urls.test.ts) checks `safeImageUrl` against.
    #[test]
    fn the_viewer_and_the_server_read_the_shared_cases_alike() {
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/../../web/src/runtime/imageUrlCases.json");
        let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let table: Value = serde_json::from_str(&text).expect("the case table is JSON");
        let cases = table["cases"].as_array().expect("a list of cases");
        assert!(cases.len() > 30, "the table was read");
        for case in cases {
            let url = case["url"].as_str().expect("url");
            let expected = match case["viewer"].as_str() {
                Some("shown") => ImageUrl::Shown,
                Some("refused") => ImageUrl::Refused,
                Some("none") => ImageUrl::None,
                other => panic!("{url:?}: unknown viewer answer {other:?}"),
            };
            assert_eq!(classify(url), expected, "{url:?}: {}", case["why"]);
        }
    }

    /// Addresses whose answer depends on the console's own scheme are refused: they would break on one of them.
    #[test]
    fn an_address_that_draws_only_on_one_kind_of_console_is_refused() {
        assert_eq!(classify("http:"), ImageUrl::Refused, "a path on http, no host on https");
        assert_eq!(classify("https:"), ImageUrl::Refused);
        assert_eq!(classify("http:pump.png"), ImageUrl::Shown, "a path on http, a host on https: drawn on both");
    }

    #[test]
    fn trimming_is_javascripts() {
        assert_eq!(js_trim("\u{feff}\u{3000} a \u{2029}"), "a");
        assert_eq!(js_trim("\u{85}a"), "\u{85}a", "NEL is not JavaScript white space");
        assert_eq!(classify("\u{2028}data:image/png;base64,AAAA"), ImageUrl::Shown);
    }
}
