//! Values that must be valid, as types with a `parse` constructor (spec section 5, "Account and forms").
//!
//! Each `parse` returns the [`Reason`] a value was refused for; the server adds the field name and renders the
//! message in the caller's language.

use crate::Reason;
use crate::limits::{EMAIL_CHARS, TELEPHONE_CHARS};

/// Counts characters the way a person does (Chinese characters count one each), not bytes.
fn char_len(s: &str) -> usize {
    s.chars().count()
}

fn has_control(s: &str) -> bool {
    s.chars().any(char::is_control)
}

/// A login name: required, at most 64 characters, no control characters, surrounding spaces trimmed (a
/// [`display_name`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LoginName(String);

impl LoginName {
    pub const MAX: usize = 64;

    pub fn parse(raw: &str) -> Result<LoginName, Reason> {
        display_name(raw, Self::MAX).map(|name| LoginName(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A new password (spec: 8 to 15 characters, case sensitive, letters, symbols and digits). We require at least
/// one letter, one digit and one symbol, and only printable ASCII, so the rule reads the same in both languages.
#[derive(Clone, PartialEq, Eq)]
pub struct NewPassword(String);

impl std::fmt::Debug for NewPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("NewPassword(***)")
    }
}

impl NewPassword {
    pub const MIN: usize = 8;
    pub const MAX: usize = 15;

    pub fn parse(raw: &str) -> Result<NewPassword, Reason> {
        if raw.is_empty() {
            return Err(Reason::Required);
        }
        let len = char_len(raw);
        let printable = raw.chars().all(|c| c.is_ascii_graphic());
        let letter = raw.chars().any(|c| c.is_ascii_alphabetic());
        let digit = raw.chars().any(|c| c.is_ascii_digit());
        let symbol = raw.chars().any(|c| c.is_ascii_punctuation());
        if !(Self::MIN..=Self::MAX).contains(&len) || !printable || !letter || !digit || !symbol {
            return Err(Reason::PasswordRule);
        }
        Ok(NewPassword(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A password as typed at login: required and bounded, nothing else is revealed about the rule.
#[derive(Clone, PartialEq, Eq)]
pub struct LoginPassword(String);

impl std::fmt::Debug for LoginPassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("LoginPassword(***)")
    }
}

impl LoginPassword {
    /// Longer inputs are refused before hashing so a huge password cannot cost the server a slow hash.
    pub const MAX: usize = 128;

    pub fn parse(raw: &str) -> Result<LoginPassword, Reason> {
        if raw.is_empty() {
            return Err(Reason::Required);
        }
        if char_len(raw) > Self::MAX {
            return Err(Reason::TooLong { max: Self::MAX });
        }
        Ok(LoginPassword(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// Feedback text: at least 10 characters ('Opinions can not be less than 10 words!'), at most 2000.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FeedbackContent(String);

impl FeedbackContent {
    pub const MIN: usize = 10;
    pub const MAX: usize = 2000;

    pub fn parse(raw: &str) -> Result<FeedbackContent, Reason> {
        let text = raw.trim();
        if char_len(text) < Self::MIN {
            return Err(Reason::TooShort { min: Self::MIN });
        }
        if char_len(text) > Self::MAX {
            return Err(Reason::TooLong { max: Self::MAX });
        }
        Ok(FeedbackContent(text.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A group name: required, up to 30 characters, no control characters (a [`display_name`]).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GroupName(String);

impl GroupName {
    pub const MAX: usize = 30;

    pub fn parse(raw: &str) -> Result<GroupName, Reason> {
        display_name(raw, Self::MAX).map(|name| GroupName(name.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A sharing password (spec: at least 4 characters, letters or digits only), at most 32 so a huge input cannot
/// cost a slow hash. ASCII letters only, so the rule reads the same in both languages and on every keyboard.
#[derive(Clone, PartialEq, Eq)]
pub struct SharePassword(String);

impl std::fmt::Debug for SharePassword {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("SharePassword(***)")
    }
}

impl SharePassword {
    pub const MIN: usize = 4;
    pub const MAX: usize = 32;

    pub fn parse(raw: &str) -> Result<SharePassword, Reason> {
        if raw.is_empty() {
            return Err(Reason::Required);
        }
        if !raw.chars().all(|c| c.is_ascii_alphanumeric()) {
            return Err(Reason::LettersDigitsOnly);
        }
        if raw.len() < Self::MIN {
            return Err(Reason::TooShort { min: Self::MIN });
        }
        if raw.len() > Self::MAX {
            return Err(Reason::TooLong { max: Self::MAX });
        }
        Ok(SharePassword(raw.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A gateway serial number: 1 to 64 of `A-Z a-z 0-9 - _ .`. It is also the gateway's MQTT user name and one
/// level of its topics, so it can never hold the MQTT separators or wildcards (`/`, `+`, `#`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SerialNumber(String);

impl SerialNumber {
    pub const MAX: usize = 64;

    pub fn parse(raw: &str) -> Result<SerialNumber, Reason> {
        let sn = raw.trim();
        if sn.is_empty() {
            return Err(Reason::Required);
        }
        if sn.len() > Self::MAX {
            return Err(Reason::TooLong { max: Self::MAX });
        }
        if !sn.bytes().all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.')) {
            return Err(Reason::SerialNumberCharacters);
        }
        Ok(SerialNumber(sn.to_owned()))
    }

    pub fn as_str(&self) -> &str {
        &self.0
    }
}

/// A name shown to people (login name, group, gateway, equipment): required, at most `max` characters, no control
/// characters, surrounding spaces trimmed.
pub fn display_name(raw: &str, max: usize) -> Result<&str, Reason> {
    let name = raw.trim();
    if name.is_empty() {
        return Err(Reason::Required);
    }
    if char_len(name) > max {
        return Err(Reason::TooLong { max });
    }
    if has_control(name) {
        return Err(Reason::ControlCharacters);
    }
    Ok(name)
}

/// An optional telephone number: empty, or 5 to 20 characters of digits with `+`, `-`, spaces and brackets,
/// holding at least 5 digits. Trimmed.
pub fn telephone(raw: &str) -> Result<&str, Reason> {
    let tel = raw.trim();
    if tel.is_empty() {
        return Ok(tel);
    }
    let allowed = tel.chars().all(|c| c.is_ascii_digit() || matches!(c, '+' | '-' | ' ' | '(' | ')'));
    let digits = tel.chars().filter(char::is_ascii_digit).count();
    if char_len(tel) > TELEPHONE_CHARS || !allowed || digits < 5 {
        return Err(Reason::BadFormat);
    }
    Ok(tel)
}

/// An optional e-mail address: empty, or at most 100 characters with one `@` between a non-empty local part and
/// a domain holding a dot, and no spaces or control characters. Trimmed. (Deliverability is not ours to judge.)
pub fn email(raw: &str) -> Result<&str, Reason> {
    let email = raw.trim();
    if email.is_empty() {
        return Ok(email);
    }
    if char_len(email) > EMAIL_CHARS {
        return Err(Reason::TooLong { max: EMAIL_CHARS });
    }
    let well_formed = match email.split_once('@') {
        Some((local, domain)) => {
            !local.is_empty()
                && !domain.contains('@')
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        }
        None => false,
    };
    if !well_formed || email.chars().any(|c| c.is_whitespace() || c.is_control()) {
        return Err(Reason::BadFormat);
    }
    Ok(email)
}

/// A finite number given as JSON or as text (a form sends text): `None` when absent, null or empty.
pub fn finite_number(value: Option<&serde_json::Value>) -> Result<Option<f64>, Reason> {
    use serde_json::Value;
    let number = match value {
        None | Some(Value::Null) => return Ok(None),
        Some(Value::Number(n)) => n.as_f64(),
        Some(Value::String(s)) if s.trim().is_empty() => return Ok(None),
        Some(Value::String(s)) => s.trim().parse::<f64>().ok(),
        Some(_) => None,
    };
    match number {
        Some(v) if v.is_finite() => Ok(Some(v)),
        _ => Err(Reason::NotNumber),
    }
}

/// A free-form text parameter: bounded length, no control characters except line breaks and tabs.
pub fn bounded_text(raw: &str, max: usize) -> Result<&str, Reason> {
    if char_len(raw) > max {
        return Err(Reason::TooLong { max });
    }
    if raw.chars().any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t')) {
        return Err(Reason::ControlCharacters);
    }
    Ok(raw)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn login_name_is_required_trimmed_and_bounded() {
        assert_eq!(LoginName::parse("  demo ").unwrap().as_str(), "demo");
        assert_eq!(LoginName::parse("   "), Err(Reason::Required));
        assert_eq!(LoginName::parse(&"a".repeat(65)), Err(Reason::TooLong { max: 64 }));
        assert!(LoginName::parse(&"运".repeat(64)).is_ok(), "characters, not bytes");
        assert_eq!(LoginName::parse("a\u{0}b"), Err(Reason::ControlCharacters));
        assert!(LoginName::parse("o'brien; DROP TABLE users--").is_ok(), "stored as a value, never as SQL");
    }

    #[test]
    fn password_is_8_to_15_with_letters_digits_symbols() {
        assert!(NewPassword::parse("Demo@12345").is_ok());
        assert!(NewPassword::parse("aB3$efgh").is_ok(), "8 is the minimum");
        assert!(NewPassword::parse("aB3$efghijklmno").is_ok(), "15 is the maximum");
        for bad in
            ["aB3$efg", "aB3$efghijklmnop", "abcdefgh1", "abcdefgh$", "12345678$", "Demo@ 12345", "Démo@12345", ""]
        {
            assert!(NewPassword::parse(bad).is_err(), "{bad:?} must be refused");
        }
        assert_eq!(format!("{:?}", NewPassword::parse("Demo@12345").unwrap()), "NewPassword(***)");
    }

    #[test]
    fn login_password_required_and_bounded() {
        assert_eq!(LoginPassword::parse(""), Err(Reason::Required));
        assert!(LoginPassword::parse("x").is_ok());
        assert_eq!(LoginPassword::parse(&"x".repeat(129)), Err(Reason::TooLong { max: 128 }));
    }

    #[test]
    fn feedback_needs_at_least_10_characters() {
        assert_eq!(FeedbackContent::parse("too short"), Err(Reason::TooShort { min: 10 }));
        assert_eq!(FeedbackContent::parse("   123456789   "), Err(Reason::TooShort { min: 10 }));
        assert!(FeedbackContent::parse("1234567890").is_ok());
        assert!(FeedbackContent::parse("这个界面非常好用，谢谢").is_ok(), "ten Chinese characters are ten");
        assert_eq!(FeedbackContent::parse(&"x".repeat(2001)), Err(Reason::TooLong { max: 2000 }));
    }

    #[test]
    fn group_name_up_to_30() {
        assert!(GroupName::parse(&"组".repeat(30)).is_ok());
        assert_eq!(GroupName::parse(&"组".repeat(31)), Err(Reason::TooLong { max: 30 }));
        assert_eq!(GroupName::parse(""), Err(Reason::Required));
    }

    #[test]
    fn share_password_letters_or_digits_at_least_4() {
        assert!(SharePassword::parse("ab12").is_ok());
        assert_eq!(SharePassword::parse("ab1").err(), Some(Reason::TooShort { min: 4 }));
        assert_eq!(SharePassword::parse("ab 12").err(), Some(Reason::LettersDigitsOnly));
        assert_eq!(SharePassword::parse("ab-12").err(), Some(Reason::LettersDigitsOnly));
        assert_eq!(SharePassword::parse("").err(), Some(Reason::Required));
        assert_eq!(SharePassword::parse("密码1234").err(), Some(Reason::LettersDigitsOnly), "ASCII letters only");
        assert!(SharePassword::parse(&"a".repeat(32)).is_ok());
        assert_eq!(SharePassword::parse(&"a".repeat(33)).err(), Some(Reason::TooLong { max: 32 }));
        assert!(!format!("{:?}", SharePassword::parse("secret1").unwrap()).contains("secret1"), "never logged");
    }

    #[test]
    fn serial_numbers_are_topic_safe() {
        assert_eq!(SerialNumber::parse(" EG-200_01.a ").unwrap().as_str(), "EG-200_01.a");
        for bad in ["a/b", "a+b", "a#", "网关", "a b"] {
            assert_eq!(SerialNumber::parse(bad), Err(Reason::SerialNumberCharacters), "{bad}");
        }
        assert_eq!(SerialNumber::parse(""), Err(Reason::Required));
        assert_eq!(SerialNumber::parse(&"a".repeat(65)), Err(Reason::TooLong { max: 64 }));
    }

    #[test]
    fn display_names_are_required_and_bounded() {
        assert_eq!(display_name("  1号泵站 ", 10), Ok("1号泵站"));
        assert_eq!(display_name(" ", 10), Err(Reason::Required));
        assert_eq!(display_name("abc", 2), Err(Reason::TooLong { max: 2 }));
    }

    #[test]
    fn bounded_text_allows_line_breaks_only() {
        assert!(bounded_text("line\nnext\ttab", 20).is_ok());
        assert_eq!(bounded_text("bell\u{7}", 20), Err(Reason::ControlCharacters));
        assert_eq!(bounded_text("abc", 2), Err(Reason::TooLong { max: 2 }));
    }

    #[test]
    fn telephone_numbers() {
        assert_eq!(telephone("  "), Ok(""));
        assert_eq!(telephone(" +86 (10) 1234-5678 "), Ok("+86 (10) 1234-5678"));
        assert_eq!(telephone("1234"), Err(Reason::BadFormat));
        assert_eq!(telephone("12345a"), Err(Reason::BadFormat));
        assert_eq!(telephone("123456789012345678901"), Err(Reason::BadFormat));
    }

    #[test]
    fn email_addresses() {
        assert_eq!(email(""), Ok(""));
        assert_eq!(email(" ops@plant.example "), Ok("ops@plant.example"));
        for bad in ["ops", "@plant.example", "ops@plant", "ops@.example", "ops@plant.", "o ps@plant.example", "a@b@c.d"]
        {
            assert_eq!(email(bad), Err(Reason::BadFormat), "{bad}");
        }
        assert_eq!(email(&format!("{}@x.io", "a".repeat(100))), Err(Reason::TooLong { max: 100 }));
    }
}
