//! The paths a JSON device's data rule reads its messages with: `a.b[2].c`, optionally written `$.a.b` — keys
//! separated by dots, array elements by `[index]`. Deliberately small: a plant engineer writes one per signal in a
//! form, and the console shows at once what it reads in a pasted sample.

use crate::Reason;
use serde_json::Value;

/// One step of a path.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Step {
    Key(String),
    Index(usize),
}

/// A parsed path; [`JsonPath::text`] gives it back as written (trimmed, without `$.`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct JsonPath {
    text: String,
    steps: Vec<Step>,
}

/// Longest path text.
pub const PATH_MAX: usize = 200;

impl JsonPath {
    pub fn parse(raw: &str) -> Result<JsonPath, Reason> {
        let text = raw.trim();
        let text = text.strip_prefix("$.").unwrap_or(text);
        if text.is_empty() || text == "$" {
            return Err(Reason::Required);
        }
        if text.chars().count() > PATH_MAX {
            return Err(Reason::TooLong { max: PATH_MAX });
        }
        let mut steps = Vec::new();
        for part in text.split('.') {
            let (key, mut rest) = part.split_once('[').map_or((part, ""), |(k, r)| (k, r));
            if !key.is_empty() {
                steps.push(Step::Key(key.to_owned()));
            } else if steps.is_empty() && rest.is_empty() {
                return Err(Reason::BadFormat);
            }
            if !part.contains('[') {
                if key.is_empty() {
                    return Err(Reason::BadFormat);
                }
                continue;
            }
            // `[i]` suffixes: `rest` is what followed the first `[`.
            loop {
                let (index, after) = rest.split_once(']').ok_or(Reason::BadFormat)?;
                steps.push(Step::Index(index.trim().parse().map_err(|_| Reason::BadFormat)?));
                if after.is_empty() {
                    break;
                }
                rest = after.strip_prefix('[').ok_or(Reason::BadFormat)?;
            }
        }
        if text.chars().any(char::is_control) {
            return Err(Reason::ControlCharacters);
        }
        Ok(JsonPath { text: text.to_owned(), steps })
    }

    pub fn text(&self) -> &str {
        &self.text
    }

    /// The value at this path in `message`, `None` when a step finds nothing.
    pub fn read<'a>(&self, message: &'a Value) -> Option<&'a Value> {
        self.steps.iter().try_fold(message, |at, step| match step {
            Step::Key(key) => at.get(key.as_str()),
            Step::Index(i) => at.get(*i),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn paths_read_keys_and_elements() {
        let message = json!({"data": {"temp": 21.5, "list": [{"v": 1}, {"v": [7, 8]}]}, "ts": 5});
        for (path, expected) in [
            ("data.temp", Some(json!(21.5))),
            ("$.data.temp", Some(json!(21.5))),
            (" ts ", Some(json!(5))),
            ("data.list[1].v[0]", Some(json!(7))),
            ("data.list[0]", Some(json!({"v": 1}))),
            ("data.missing", None),
            ("data.list[9].v", None),
            ("data.temp.deeper", None),
        ] {
            assert_eq!(JsonPath::parse(path).unwrap().read(&message), expected.as_ref(), "{path}");
        }
        assert_eq!(JsonPath::parse("[1]").unwrap().read(&json!([3, 4])), Some(&json!(4)));
        assert_eq!(JsonPath::parse("$.data.temp").unwrap().text(), "data.temp");
    }

    #[test]
    fn malformed_paths_are_refused() {
        for bad in ["a..b", ".a", "a.", "a[", "a[x]", "a[1", "a[1]b", "a[-1]"] {
            assert_eq!(JsonPath::parse(bad), Err(Reason::BadFormat), "{bad:?}");
        }
        assert_eq!(JsonPath::parse(" "), Err(Reason::Required));
        assert_eq!(JsonPath::parse("$"), Err(Reason::Required));
        assert_eq!(JsonPath::parse(&"a".repeat(201)), Err(Reason::TooLong { max: 200 }));
        assert_eq!(JsonPath::parse("a\u{7}b"), Err(Reason::ControlCharacters));
    }
}
