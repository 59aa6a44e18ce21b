//! External pages (docs/frame.md): the addresses of other sites an organisation's administrator lets the console
//! show in a frame under Manage, and the origins the console's Content-Security-Policy names for them.
//!
//! The origins of these entries are the only ones the console ever frames, so the rules here decide what may end
//! up in a `frame-src` directive: an address is stored only when it is an absolute `http:` or `https:` URL with a
//! host that is a plain DNS name or an IPv4 address, no user name or password, at most
//! [`EXTERNAL_PAGE_URL_CHARS`] characters. A host the WHATWG parser accepts but a CSP source cannot spell (`;`,
//! `,`, `'`, `*` are legal in a URL's host, and a `;` would end the directive and start one of the address's
//! choosing; an IPv6 literal has no CSP form) is refused, and [`origin`] refuses it again when a policy is
//! written, so a row that bypassed the check could still not reach a header.

use crate::Reason;
use crate::limits::{EXTERNAL_PAGE_TITLE_CHARS, EXTERNAL_PAGE_URL_CHARS};
use crate::validate::display_name;
use url::{Host, Url};

/// A title for the menu: trimmed, 1 to [`EXTERNAL_PAGE_TITLE_CHARS`] characters, no control characters.
pub fn title(raw: &str) -> Result<&str, Reason> {
    display_name(raw, EXTERNAL_PAGE_TITLE_CHARS)
}

/// An external page's address, trimmed and checked (see the module's documentation); answers the parsed URL.
pub fn address(raw: &str) -> Result<Url, Reason> {
    let text = raw.trim();
    if text.is_empty() {
        return Err(Reason::Required);
    }
    if text.chars().count() > EXTERNAL_PAGE_URL_CHARS {
        return Err(Reason::TooLong { max: EXTERNAL_PAGE_URL_CHARS });
    }
    if text.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(Reason::NotHttpUrl);
    }
    let url = Url::parse(text).map_err(|_| Reason::NotHttpUrl)?;
    if !matches!(url.scheme(), "http" | "https") || url.host_str().is_none_or(str::is_empty) {
        return Err(Reason::NotHttpUrl);
    }
    if !url.username().is_empty() || url.password().is_some() {
        return Err(Reason::CredentialsInUrl);
    }
    if origin(&url).is_none() {
        return Err(Reason::BadFormat);
    }
    Ok(url)
}

/// `scheme://host[:port]` of an http(s) URL whose host a CSP source can spell (a DNS name of letters, digits and
/// hyphens in non-empty labels, or an IPv4 address), the port only when it is not the scheme's default; `None`
/// for anything else. Built from the parsed URL's parts, never from the text as stored.
pub fn origin(url: &Url) -> Option<String> {
    let scheme = match url.scheme() {
        "http" => "http",
        "https" => "https",
        _ => return None,
    };
    let host = match url.host()? {
        Host::Domain(name) if is_plain_dns_name(name) => name.to_ascii_lowercase(),
        Host::Ipv4(ip) => ip.to_string(),
        Host::Domain(_) | Host::Ipv6(_) => return None,
    };
    Some(match url.port() {
        Some(port) => format!("{scheme}://{host}:{port}"),
        None => format!("{scheme}://{host}"),
    })
}

/// The origin of a stored address, `None` when it no longer passes [`address`].
pub fn origin_of(stored: &str) -> Option<String> {
    address(stored).ok().as_ref().and_then(origin)
}

fn is_plain_dns_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .split('.')
            .all(|label| !label.is_empty() && label.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'))
}

/// The Content-Security-Policy of the console's page: only the console may frame it, and it frames only itself
/// and `origins` (each an [`origin`]; duplicates named once, in the order given).
pub fn console_policy<'a>(origins: impl IntoIterator<Item = &'a str>) -> String {
    let mut sources = vec!["'self'"];
    for origin in origins {
        if !sources.contains(&origin) {
            sources.push(origin);
        }
    }
    format!("frame-ancestors 'self'; frame-src {}", sources.join(" "))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_are_http_urls_with_a_plain_host_and_no_credentials() {
        for good in [
            "https://scada.example.com/board?line=2#top",
            "  http://10.1.2.3:8080/  ",
            "https://xn--fiqs8s.example/",
            "https://中国.example/",
            "HTTPS://EXAMPLE.COM",
        ] {
            assert!(address(good).is_ok(), "{good}");
        }
        for (bad, reason) in [
            ("", Reason::Required),
            ("   ", Reason::Required),
            ("javascript:alert(1)", Reason::NotHttpUrl),
            ("data:text/html,<script>alert(1)</script>", Reason::NotHttpUrl),
            ("ftp://files.example/", Reason::NotHttpUrl),
            ("http://", Reason::NotHttpUrl),
            ("/manage/frame/1", Reason::NotHttpUrl),
            ("example.com", Reason::NotHttpUrl),
            ("https://exa mple.com/", Reason::NotHttpUrl),
            ("https://example.com/\u{7}", Reason::NotHttpUrl),
            ("https://user:pass@example.com/", Reason::CredentialsInUrl),
            ("https://user@example.com/", Reason::CredentialsInUrl),
            ("https://a;script-src*.example/", Reason::BadFormat),
            ("https://a,b.example/", Reason::BadFormat),
            ("https://a'b.example/", Reason::BadFormat),
            ("https://[::1]/", Reason::BadFormat),
            ("https://example.com./", Reason::BadFormat),
        ] {
            assert_eq!(address(bad).map(|_| ()), Err(reason), "{bad}");
        }
        let long = format!("https://example.com/{}", "a".repeat(EXTERNAL_PAGE_URL_CHARS));
        assert_eq!(address(&long).map(|_| ()), Err(Reason::TooLong { max: EXTERNAL_PAGE_URL_CHARS }));
        let longest = format!("https://example.com/{}", "a".repeat(EXTERNAL_PAGE_URL_CHARS - 20));
        assert!(address(&longest).is_ok());
    }

    #[test]
    fn origins_are_scheme_host_and_a_port_other_than_the_default() {
        let of = |text: &str| origin_of(text);
        assert_eq!(of("https://Scada.Example.com/a/b?c#d").as_deref(), Some("https://scada.example.com"));
        assert_eq!(of("https://example.com:443/").as_deref(), Some("https://example.com"));
        assert_eq!(of("http://10.1.2.3:8080/x").as_deref(), Some("http://10.1.2.3:8080"));
        assert_eq!(of("https://中国.example/").as_deref(), Some("https://xn--fiqs8s.example"));
        assert_eq!(of("https://a;b.example/"), None);
        assert_eq!(of("javascript:alert(1)"), None);
    }

    #[test]
    fn the_policy_frames_the_console_itself_and_the_origins_given() {
        assert_eq!(console_policy([]), "frame-ancestors 'self'; frame-src 'self'");
        assert_eq!(
            console_policy(["https://a.example", "http://10.0.0.1:81", "https://a.example"]),
            "frame-ancestors 'self'; frame-src 'self' https://a.example http://10.0.0.1:81"
        );
    }

    #[test]
    fn titles_are_one_to_thirty_characters_without_control_characters() {
        assert_eq!(title("  能源看板 "), Ok("能源看板"));
        assert_eq!(title(&"长".repeat(30)).map(str::len), Ok(90));
        assert_eq!(title(&"长".repeat(31)), Err(Reason::TooLong { max: 30 }));
        assert_eq!(title(" "), Err(Reason::Required));
        assert_eq!(title("a\u{0}b"), Err(Reason::ControlCharacters));
    }
}
