//! Sending verification codes by SMS: a provider interface and the one provider Ironsight has, an HTTP call to a
//! URL template configured by the operator (`--sms-url`, `--sms-header`). Without it the deployment has no SMS and
//! the console shows the `nosms` account screens (a phone number is then a contact field, never verified).

use std::future::Future;
use std::pin::Pin;
use std::time::Duration;

/// How long an SMS provider has to take a message.
const SEND_TIMEOUT: Duration = Duration::from_secs(10);

/// Something that delivers a code to a phone. The failure text is for the server log, never for the caller.
pub trait SmsProvider: Send + Sync {
    fn send<'a>(
        &'a self,
        phone: &'a str,
        code: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>>;
}

/// `--sms-url` and `--sms-header`: where the HTTP provider is and the header it wants.
#[derive(Clone, PartialEq, Eq)]
pub struct SmsConfig {
    /// `http(s)://…` holding `{phone}` and `{code}`.
    pub url_template: String,
    /// `(name, value)`, typically the provider's credentials.
    pub header: Option<(String, String)>,
}

impl std::fmt::Debug for SmsConfig {
    // The header usually carries a credential: never printed.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let header = self.header.as_ref().map(|(name, _)| format!("{name}: ***"));
        f.debug_struct("SmsConfig").field("url_template", &self.url_template).field("header", &header).finish()
    }
}

impl SmsConfig {
    /// Reads the two options; `None` when no URL is given. The template must be an http(s) URL holding both
    /// placeholders, the header `Name: value`.
    pub fn parse(url: Option<String>, header: Option<String>) -> anyhow::Result<Option<SmsConfig>> {
        let Some(url) = url.map(|u| u.trim().to_owned()).filter(|u| !u.is_empty()) else {
            anyhow::ensure!(header.is_none(), "--sms-header needs --sms-url");
            return Ok(None);
        };
        anyhow::ensure!(
            url.contains("{phone}") && url.contains("{code}"),
            "--sms-url must hold {{phone}} and {{code}}"
        );
        let parsed = reqwest::Url::parse(&url.replace("{phone}", "1").replace("{code}", "1"))
            .map_err(|e| anyhow::anyhow!("--sms-url is not a URL: {e}"))?;
        anyhow::ensure!(matches!(parsed.scheme(), "http" | "https"), "--sms-url must be http:// or https://");
        let header = match header {
            None => None,
            Some(text) => {
                let (name, value) =
                    text.split_once(':').ok_or_else(|| anyhow::anyhow!("--sms-header must be `Name: value`"))?;
                let (name, value) = (name.trim().to_owned(), value.trim().to_owned());
                reqwest::header::HeaderName::from_bytes(name.as_bytes())
                    .map_err(|_| anyhow::anyhow!("--sms-header: {name:?} is not a header name"))?;
                reqwest::header::HeaderValue::from_str(&value)
                    .map_err(|_| anyhow::anyhow!("--sms-header: the value is not a header value"))?;
                Some((name, value))
            }
        };
        Ok(Some(SmsConfig { url_template: url, header }))
    }

    /// The URL for one message: the placeholders replaced by their URL-encoded values.
    pub fn url_for(&self, phone: &str, code: &str) -> String {
        let encode = |v: &str| url::form_urlencoded::byte_serialize(v.as_bytes()).collect::<String>();
        self.url_template.replace("{phone}", &encode(phone)).replace("{code}", &encode(code))
    }
}

/// The HTTP provider: POSTs `{"phone", "code"}` to the template's URL; any 2xx answer is a delivery.
pub struct HttpSms {
    config: SmsConfig,
}

impl SmsProvider for HttpSms {
    fn send<'a>(
        &'a self,
        phone: &'a str,
        code: &'a str,
    ) -> Pin<Box<dyn Future<Output = Result<(), String>> + Send + 'a>> {
        Box::pin(async move {
            // The operator chose this URL: a provider on the plant's own network is allowed.
            let client = crate::notify::send::http_client(true, SEND_TIMEOUT).map_err(|e| e.to_string())?;
            let mut request =
                client.post(self.config.url_for(phone, code)).json(&serde_json::json!({"phone": phone, "code": code}));
            if let Some((name, value)) = &self.config.header {
                request = request.header(name.as_str(), value.as_str());
            }
            let response = request.send().await.map_err(|e| e.without_url().to_string())?;
            if response.status().is_success() {
                Ok(())
            } else {
                Err(format!("the SMS provider answered HTTP {}", response.status().as_u16()))
            }
        })
    }
}

/// The deployment's SMS provider, if it has one.
pub fn provider(config: &crate::Config) -> Option<Box<dyn SmsProvider>> {
    config.sms.clone().map(|config| Box::new(HttpSms { config }) as Box<dyn SmsProvider>)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_template_is_checked_and_filled() {
        assert_eq!(SmsConfig::parse(None, None).unwrap(), None);
        assert!(SmsConfig::parse(None, Some("X: y".into())).is_err());
        assert!(SmsConfig::parse(Some("http://sms.example/send?to={phone}".into()), None).is_err());
        assert!(SmsConfig::parse(Some("ftp://sms.example/{phone}/{code}".into()), None).is_err());
        assert!(SmsConfig::parse(Some("http://s.example/{phone}/{code}".into()), Some("nocolon".into())).is_err());
        let config = SmsConfig::parse(
            Some("https://sms.example/send?to={phone}&text={code}".into()),
            Some("Authorization: Bearer k".into()),
        )
        .unwrap()
        .unwrap();
        assert_eq!(config.url_for("+86 138", "012345"), "https://sms.example/send?to=%2B86+138&text=012345");
        assert!(!format!("{config:?}").contains("Bearer"), "the credential is never printed");
    }
}
