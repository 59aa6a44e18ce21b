//! The server and the agent as child processes, with the tail of what they log.

use super::*;

// ---------------------------------------------------------------------------------------------------------------
// Child processes.

/// The last lines a child wrote, and how many warnings and errors.
#[derive(Default)]
pub(crate) struct LogTail {
    pub(crate) lines: VecDeque<String>,
    pub(crate) warnings: Vec<String>,
}

/// A child process started by this bench, stopped by its own id.
pub(crate) struct ChildProcess {
    pub(crate) child: tokio::process::Child,
    pub(crate) pid: String,
    pub(crate) log: Arc<Mutex<LogTail>>,
}

impl ChildProcess {
    /// Starts `command` with `env` and its stdout and stderr collected; waits for a line containing `ready` in its
    /// stdout unless `ready` is empty.
    pub(crate) async fn start(
        mut command: tokio::process::Command,
        env: &[(&str, &str)],
        ready: &str,
    ) -> anyhow::Result<ChildProcess> {
        // Whatever the calling shell set for the real server or agent must not leak into the bench's.
        for (key, _) in std::env::vars() {
            if key.starts_with("IRONSIGHT_") {
                command.env_remove(key);
            }
        }
        command.envs(env.iter().copied());
        command.stdin(Stdio::null()).stdout(Stdio::piped()).stderr(Stdio::piped()).kill_on_drop(true);
        let mut child = command.spawn()?;
        let pid = child.id().ok_or_else(|| anyhow::anyhow!("child exited at once"))?.to_string();
        let log = Arc::new(Mutex::new(LogTail::default()));
        let (ready_tx, ready_rx) = tokio::sync::oneshot::channel::<()>();
        let mut ready_tx = Some(ready_tx);
        let marker = (!ready.is_empty()).then(|| ready.to_owned());
        let stdout = child.stdout.take().expect("piped");
        let stderr = child.stderr.take().expect("piped");
        for (stream, is_stdout) in
            [(Box::new(stdout) as Box<dyn tokio::io::AsyncRead + Unpin + Send>, true), (Box::new(stderr), false)]
        {
            let log = log.clone();
            let marker = marker.clone();
            let mut ready_tx = if is_stdout { ready_tx.take() } else { None };
            tokio::spawn(async move {
                let mut lines = BufReader::new(stream).lines();
                while let Ok(Some(line)) = lines.next_line().await {
                    let line = strip_ansi(&line);
                    if let Some(marker) = &marker
                        && line.contains(marker.as_str())
                        && let Some(tx) = ready_tx.take()
                    {
                        let _ = tx.send(());
                    }
                    let mut log = log.lock().expect("log lock");
                    if line.contains(" WARN ") || line.contains(" ERROR ") {
                        log.warnings.push(line.clone());
                    }
                    log.lines.push_back(line);
                    if log.lines.len() > 40 {
                        log.lines.pop_front();
                    }
                }
            });
        }
        let process = ChildProcess { child, pid, log };
        if !ready.is_empty() {
            match tokio::time::timeout(Duration::from_secs(90), ready_rx).await {
                Ok(Ok(())) => {}
                _ => {
                    let tail: Vec<String> = process.log.lock().expect("log lock").lines.iter().cloned().collect();
                    anyhow::bail!("the child did not get ready; its last lines:\n{}", tail.join("\n"));
                }
            }
        }
        Ok(process)
    }

    pub(crate) fn warnings(&self) -> Vec<String> {
        self.log.lock().expect("log lock").warnings.clone()
    }

    /// SIGINT (the server's Ctrl-C shutdown), then SIGKILL after a grace period.
    pub(crate) async fn stop(mut self) {
        let _ = tokio::process::Command::new("kill").arg("-INT").arg(&self.pid).status().await;
        if tokio::time::timeout(Duration::from_secs(5), self.child.wait()).await.is_err() {
            let _ = self.child.kill().await;
        }
    }
}

/// The server's HTTP side as the console uses it: cookies and the same-origin `Origin` header.
pub(crate) struct Console {
    pub(crate) base: String,
    pub(crate) client: reqwest::Client,
}

impl Console {
    pub(crate) async fn login(base: &str) -> anyhow::Result<Console> {
        let mut headers = reqwest::header::HeaderMap::new();
        headers.insert("origin", base.parse()?);
        let client = reqwest::Client::builder().cookie_store(true).default_headers(headers).build()?;
        let reply: serde_json::Value = client
            .post(format!("{base}/lfscada/user/login?loginname=demo&password=Demo%4012345"))
            .send()
            .await?
            .json()
            .await?;
        anyhow::ensure!(reply["code"] == "200", "demo login failed: {reply}");
        Ok(Console { base: base.to_owned(), client })
    }

    pub(crate) async fn post(&self, path: &str, form: &[(&str, String)]) -> anyhow::Result<serde_json::Value> {
        let reply: serde_json::Value =
            self.client.post(format!("{}{path}", self.base)).form(form).send().await?.json().await?;
        anyhow::ensure!(reply["code"] == "200", "{path}: {reply}");
        Ok(reply["data"].clone())
    }

    /// A JSON body in `lang` (`Accept-Language`): the calls that take nested lists, such as notify settings.
    pub(crate) async fn post_json(
        &self,
        path: &str,
        body: &serde_json::Value,
        lang: &str,
    ) -> anyhow::Result<serde_json::Value> {
        let reply: serde_json::Value = self
            .client
            .post(format!("{}{path}", self.base))
            .header("accept-language", lang)
            .json(body)
            .send()
            .await?
            .json()
            .await?;
        anyhow::ensure!(reply["code"] == "200", "{path}: {reply}");
        Ok(reply["data"].clone())
    }

    /// A WebSocket URL watching `equipment_id` (one token per socket).
    pub(crate) async fn socket_url(&self, equipment_id: i64) -> anyhow::Result<String> {
        let token = self.post("/lfscada/websocket/monitor/token", &[("equipmentId", equipment_id.to_string())]).await?;
        let token = token.as_str().ok_or_else(|| anyhow::anyhow!("no token in {token}"))?;
        Ok(format!("{}/lfscada/ws/eg/signal/subscribe/{token}", self.base.replace("http://", "ws://")))
    }
}
