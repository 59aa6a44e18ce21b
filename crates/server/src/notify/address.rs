//! Where a webhook may point (docs/security.md, "Alarm notification"). A user types the address and the server
//! calls it from inside the plant's network, so without a rule any account could make the server reach the
//! machine itself, the cloud's metadata service or a PLC's web page. The rule: http or https, no credentials in the
//! URL, and no loopback, link-local, private, shared or otherwise non-public address, checked twice:
//!
//! - when the channel is saved, on the URL's host when it is an IP address or `localhost`;
//! - when a delivery is sent, on every address the host name resolves to (our DNS resolver hands the HTTP client
//!   only public addresses), so a name pointing inside, or changed to point inside later, is refused too.
//!
//! A server that must reach a receiver on its own network (tests' local receiver, an intranet relay) runs with
//! `--notify-allow-private`.

use reqwest::dns::{Addrs, Name, Resolve, Resolving};
use std::net::{IpAddr, Ipv4Addr, Ipv6Addr, SocketAddr};

/// True for an address only a machine on the same host or network should reach.
pub fn is_private(ip: IpAddr) -> bool {
    match ip {
        IpAddr::V4(v4) => private_v4(v4),
        IpAddr::V6(v6) => {
            if let Some(v4) = v6.to_ipv4_mapped() {
                return private_v4(v4);
            }
            let first = v6.segments()[0];
            v6.is_loopback()
                || v6.is_unspecified()
                || v6.is_multicast()
                || (first & 0xfe00) == 0xfc00 // unique local fc00::/7
                || (first & 0xffc0) == 0xfe80 // link-local fe80::/10
                || (first & 0xffc0) == 0xfec0 // site-local fec0::/10 (deprecated, still routed inside)
                || (first == 0x0064 && v6.segments()[1] == 0xff9b) // NAT64 64:ff9b::/96 reaches IPv4 inside
                || (first == 0x2001 && v6.segments()[1] == 0x0db8) // documentation
                || v6 == Ipv6Addr::new(0, 0, 0, 0, 0, 0xffff, 0, 0)
        }
    }
}

fn private_v4(ip: Ipv4Addr) -> bool {
    let [a, b, ..] = ip.octets();
    ip.is_loopback()
        || ip.is_private()
        || ip.is_link_local()
        || ip.is_unspecified()
        || ip.is_broadcast()
        || ip.is_multicast()
        || ip.is_documentation()
        || a == 0 // "this network"
        || (a == 100 && (64..128).contains(&b)) // carrier-grade NAT 100.64.0.0/10
        || (a == 192 && b == 0 && ip.octets()[2] == 0) // IETF protocol assignments 192.0.0.0/24
        || (a == 198 && (b == 18 || b == 19)) // benchmarking 198.18.0.0/15
        || a >= 240 // reserved
}

/// The URL's host as an IP address, brackets of IPv6 removed; `None` for a name.
pub fn host_ip(url: &reqwest::Url) -> Option<IpAddr> {
    match url.host()? {
        url::Host::Ipv4(v4) => Some(IpAddr::V4(v4)),
        url::Host::Ipv6(v6) => Some(IpAddr::V6(v6)),
        url::Host::Domain(_) => None,
    }
}

/// True when the URL's host is known to be private before any look-up: an IP address that is, or `localhost`
/// (and its subdomains, which resolvers answer locally).
pub fn host_is_private(url: &reqwest::Url) -> bool {
    if let Some(ip) = host_ip(url) {
        return is_private(ip);
    }
    let host = url.host_str().unwrap_or("").trim_end_matches('.').to_ascii_lowercase();
    host == "localhost" || host.ends_with(".localhost")
}

/// The HTTP client's resolver: the system's look-up, with private addresses dropped unless allowed. A name that
/// resolves to private addresses only fails to connect with a message saying why.
pub struct PublicOnly {
    pub allow_private: bool,
}

impl Resolve for PublicOnly {
    fn resolve(&self, name: Name) -> Resolving {
        let allow_private = self.allow_private;
        Box::pin(async move {
            let found: Vec<SocketAddr> = tokio::net::lookup_host((name.as_str(), 0)).await?.collect();
            let allowed: Vec<SocketAddr> =
                found.iter().copied().filter(|a| allow_private || !is_private(a.ip())).collect();
            if allowed.is_empty() && !found.is_empty() {
                return Err("the host name resolves to a private network address, which is not allowed".into());
            }
            let addrs: Addrs = Box::new(allowed.into_iter());
            Ok(addrs)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inside_addresses_are_private() {
        for ip in [
            "127.0.0.1",
            "10.1.2.3",
            "172.16.0.1",
            "192.168.1.1",
            "169.254.169.254",
            "0.0.0.0",
            "100.64.0.1",
            "255.255.255.255",
            "::1",
            "::",
            "fe80::1",
            "fd00::1",
            "::ffff:127.0.0.1",
            "::ffff:10.0.0.1",
            "64:ff9b::a00:1",
        ] {
            assert!(is_private(ip.parse().unwrap()), "{ip}");
        }
        for ip in ["8.8.8.8", "1.1.1.1", "2606:4700:4700::1111", "::ffff:8.8.8.8", "100.128.0.1"] {
            assert!(!is_private(ip.parse().unwrap()), "{ip}");
        }
    }

    #[test]
    fn localhost_and_ip_hosts_are_judged_without_a_look_up() {
        let private = |u: &str| host_is_private(&reqwest::Url::parse(u).unwrap());
        assert!(private("http://localhost:8080/x"));
        assert!(private("http://LOCALHOST./x"));
        assert!(private("http://api.localhost/x"));
        assert!(private("http://[::1]/x"));
        assert!(private("http://2130706433/x"), "a decimal IPv4 address is parsed as one");
        assert!(private("http://0x7f.1/x"));
        assert!(!private("https://oapi.dingtalk.com/robot/send"));
        assert!(!private("http://93.184.216.34/"));
    }
}
