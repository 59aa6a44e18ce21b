//! What a delivery says: the alarm (or a test) in both languages, stored with the queued delivery as JSON, and its
//! texts in the user's language as each channel writes them (a heading and lines; markdown for the robots that
//! take it). Times are written in China Standard Time (UTC+8), the plants' time zone, with the zone named.

use ironsight_domain::Lang;
use ironsight_domain::calendar::civil_from_days;
use serde::{Deserialize, Serialize};

/// What a delivery is about.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Kind {
    Alarm,
    /// An expiry date coming near (docs/messages.md, "Expire messages"); sent to e-mail channels only.
    Expire,
    /// A work order's step told to a person concerned (docs/work-orders.md, "Order messages"); e-mail only.
    Order,
    /// A system announcement published to the organisation (docs/messages.md, "Notices"); e-mail only.
    Notice,
    /// The settings' "send test".
    Test,
}

/// Everything a channel may tell, kept with the queued delivery (so a restart sends what was queued).
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Content {
    pub kind: Kind,
    /// The message centre's title (equipment, signal, message) in Chinese and in English.
    pub title: String,
    pub title_en: String,
    pub equipment: String,
    pub signal: String,
    /// The alarm rule's message in Chinese and in English.
    pub message: String,
    pub message_en: String,
    pub value: Option<f64>,
    /// When the alarm triggered (ms since the epoch).
    pub time_ms: i64,
    /// 1 (most urgent) to 3; 0 for a test.
    pub level: i64,
    /// The alarm message in the message centre.
    pub message_id: Option<i64>,
}

impl Content {
    /// A test of a channel, sent now.
    pub fn test(now_ms: i64) -> Content {
        Content {
            kind: Kind::Test,
            title: "Ironsight 测试通知".into(),
            title_en: "Ironsight test notification".into(),
            equipment: String::new(),
            signal: String::new(),
            message: "通知渠道设置正确：报警将发送到这里。".into(),
            message_en: "The notification channel works: alarms will be sent here.".into(),
            value: None,
            time_ms: now_ms,
            level: 0,
            message_id: None,
        }
    }

    /// An expire message: `name` the equipment or gateway, `detail_*` the date line, sent at `now_ms`.
    pub fn expire(title: (&str, &str), name: &str, detail: (&str, &str), now_ms: i64, message_id: i64) -> Content {
        Content {
            kind: Kind::Expire,
            title: title.0.to_owned(),
            title_en: title.1.to_owned(),
            equipment: name.to_owned(),
            signal: String::new(),
            message: detail.0.to_owned(),
            message_en: detail.1.to_owned(),
            value: None,
            time_ms: now_ms,
            level: 0,
            message_id: Some(message_id),
        }
    }

    /// An order message: its titles (which say the step, the order and the equipment), the order's number, sent at
    /// `now_ms`.
    pub fn order(title: (&str, &str), number: &str, now_ms: i64, message_id: i64) -> Content {
        Content {
            kind: Kind::Order,
            title: title.0.to_owned(),
            title_en: title.1.to_owned(),
            equipment: String::new(),
            signal: String::new(),
            message: format!("工单编号：{number}"),
            message_en: format!("Order number: {number}"),
            value: None,
            time_ms: now_ms,
            level: 0,
            message_id: Some(message_id),
        }
    }

    /// A notice: the announcement's title (one text, as its author wrote it), published at `now_ms`. The rich
    /// text itself is not mailed: its markup is the console's to show safely, so the mail points there.
    pub fn notice(title: &str, now_ms: i64, message_id: i64) -> Content {
        Content {
            kind: Kind::Notice,
            title: format!("系统公告：{title}"),
            title_en: format!("Announcement: {title}"),
            equipment: String::new(),
            signal: String::new(),
            message: "请在控制台的消息中心查看公告全文".into(),
            message_en: "Read the whole announcement in the console's message centre".into(),
            value: None,
            time_ms: now_ms,
            level: 0,
            message_id: Some(message_id),
        }
    }

    /// The title in `lang`.
    pub fn title_in(&self, lang: Lang) -> &str {
        match lang {
            Lang::Zh => &self.title,
            Lang::En => &self.title_en,
        }
    }

    /// The e-mail subject: the level first, so a mailbox sorts by it at a glance.
    pub fn subject(&self, lang: Lang) -> String {
        match (self.level, lang) {
            (0, _) => self.title_in(lang).to_owned(),
            (level, Lang::Zh) => format!("[{level}级报警] {}", self.title),
            (level, Lang::En) => format!("[Level {level} alarm] {}", self.title_en),
        }
    }

    /// The lines under the heading: `(label, value)`, empty values left out.
    pub fn lines(&self, lang: Lang) -> Vec<(&'static str, String)> {
        let zh = lang == Lang::Zh;
        let label = |zh_text, en_text| if zh { zh_text } else { en_text };
        let message = if zh { &self.message } else { &self.message_en };
        let mut lines = vec![
            (label("设备", "Equipment"), self.equipment.clone()),
            (label("信号", "Signal"), self.signal.clone()),
            (label("内容", "Message"), message.clone()),
            (label("数值", "Value"), self.value.map(format_value).unwrap_or_default()),
            (label("时间", "Time"), format!("{} (UTC+8)", beijing_time(self.time_ms, ' '))),
        ];
        if self.level > 0 {
            lines.push((label("级别", "Level"), self.level.to_string()));
        }
        lines.retain(|(_, value)| !value.is_empty());
        lines
    }

    /// Plain text: the heading, then `label: value` lines (e-mail, Feishu's text message).
    pub fn plain(&self, lang: Lang) -> String {
        let colon = if lang == Lang::Zh { "：" } else { ": " };
        let mut text = self.title_in(lang).to_owned();
        for (label, value) in self.lines(lang) {
            text.push('\n');
            text.push_str(&format!("{label}{colon}{value}"));
        }
        text
    }

    /// Markdown for the WeCom and DingTalk robots: a heading and one paragraph per line (DingTalk needs the blank
    /// line to break one). The values are the plant's own texts; markdown characters in them only change looks.
    pub fn markdown(&self, lang: Lang) -> String {
        let colon = if lang == Lang::Zh { "：" } else { ": " };
        let mut text = format!("### {}", self.title_in(lang));
        for (label, value) in self.lines(lang) {
            text.push_str(&format!("\n\n**{label}**{colon}{value}"));
        }
        text
    }

    /// The plain JSON webhook's body: `{type, title, titleEn, equipment, signal, level, value, time, messageId}`.
    pub fn json(&self) -> serde_json::Value {
        serde_json::json!({
            "type": self.kind,
            "title": self.title,
            "titleEn": self.title_en,
            "equipment": self.equipment,
            "signal": self.signal,
            "level": self.level,
            "value": self.value,
            "time": format!("{}+08:00", beijing_time(self.time_ms, 'T')),
            "messageId": self.message_id,
        })
    }
}

/// A value as the message centre's note writes it (`8.6`, `1450`).
fn format_value(v: f64) -> String {
    v.to_string()
}

/// `YYYY-MM-DD hh:mm:ss` in UTC+8, date and time separated by `separator` (a space, or `T` for ISO 8601).
pub fn beijing_time(ms: i64, separator: char) -> String {
    let seconds = ms.div_euclid(1000) + 8 * 3600;
    let (days, in_day) = (seconds.div_euclid(86_400), seconds.rem_euclid(86_400));
    let (year, month, day) = civil_from_days(days);
    format!("{year:04}-{month:02}-{day:02}{separator}{:02}:{:02}:{:02}", in_day / 3600, in_day % 3600 / 60, in_day % 60)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn alarm() -> Content {
        Content {
            kind: Kind::Alarm,
            title: "1#泵站 出口压力 压力高".into(),
            title_en: "Pump 1 Outlet pressure Pressure high".into(),
            equipment: "1#泵站".into(),
            signal: "出口压力".into(),
            message: "压力高".into(),
            message_en: "Pressure high".into(),
            value: Some(8.6),
            time_ms: 1_767_225_600_000, // 2026-01-01T00:00:00Z
            level: 1,
            message_id: Some(42),
        }
    }

    #[test]
    fn times_are_written_in_utc_plus_8() {
        assert_eq!(beijing_time(0, ' '), "1970-01-01 08:00:00");
        assert_eq!(beijing_time(1_767_225_600_000, 'T'), "2026-01-01T08:00:00");
        assert_eq!(beijing_time(951_782_400_000 - 1000, ' '), "2000-02-29 07:59:59", "a leap day");
        assert_eq!(beijing_time(-1000, ' '), "1970-01-01 07:59:59");
    }

    #[test]
    fn the_texts_follow_the_language() {
        let c = alarm();
        assert_eq!(
            c.plain(Lang::Zh),
            "1#泵站 出口压力 压力高\n设备：1#泵站\n信号：出口压力\n内容：压力高\n数值：8.6\n时间：2026-01-01 08:00:00 (UTC+8)\n级别：1"
        );
        assert!(c.plain(Lang::En).starts_with("Pump 1 Outlet pressure Pressure high\nEquipment: 1#泵站\n"));
        assert!(c.markdown(Lang::En).contains("\n\n**Message**: Pressure high"));
        assert_eq!(c.subject(Lang::Zh), "[1级报警] 1#泵站 出口压力 压力高");
        assert_eq!(c.subject(Lang::En), "[Level 1 alarm] Pump 1 Outlet pressure Pressure high");
    }

    #[test]
    fn the_json_body_names_every_field() {
        let body = alarm().json();
        assert_eq!(body["type"], "alarm");
        assert_eq!((body["level"].as_i64(), body["value"].as_f64()), (Some(1), Some(8.6)));
        assert_eq!(body["time"], "2026-01-01T08:00:00+08:00");
        assert_eq!(body["messageId"], 42);
        let test = Content::test(0).json();
        assert_eq!((test["type"].as_str(), test["messageId"].is_null()), (Some("test"), true));
        let expire =
            Content::expire(("到期", "Expires"), "1#泵站", ("到期日期 2026-12-03", "Expiry date 2026-12-03"), 0, 7);
        assert_eq!((expire.json()["type"].as_str(), expire.subject(Lang::En).as_str()), (Some("expire"), "Expires"));
        assert!(expire.plain(Lang::Zh).contains("内容：到期日期 2026-12-03"));
        let order =
            Content::order(("维修工单 WX1 已派给您：泵", "Repair order WX1 assigned to you: Pump"), "WX1", 0, 9);
        assert_eq!(
            (order.json()["type"].as_str(), order.subject(Lang::En).as_str()),
            (Some("order"), "Repair order WX1 assigned to you: Pump")
        );
        assert_eq!(order.plain(Lang::En).lines().nth(1), Some("Message: Order number: WX1"));
    }

    #[test]
    fn stored_content_reads_back() {
        let text = serde_json::to_string(&alarm()).unwrap();
        assert_eq!(serde_json::from_str::<Content>(&text).unwrap(), alarm());
    }
}
